import type { FastifyBaseLogger } from 'fastify';

/** A pass slower than this is logged with where its time went. */
export const SLOW_PASS_MS = 2_000;

/**
 * Where a reconciler pass spends its time (performance.now, not the app's clock), for a log
 * line when it is slow: a pass late by seconds delays every close that waits for it.
 */
export class PassSteps {
  readonly #start = performance.now();
  #last = this.#start;
  readonly #ms: Record<string, number> = {};

  done(step: string): void {
    const now = performance.now();
    this.#ms[step] = Math.round(now - this.#last);
    this.#last = now;
  }

  /** Logs the steps when the whole pass took SLOW_PASS_MS or more. */
  report(log: FastifyBaseLogger, counts: Record<string, number>): void {
    const totalMs = Math.round(this.#last - this.#start);
    if (totalMs < SLOW_PASS_MS) return;
    log.warn({ totalMs, steps: this.#ms, ...counts }, 'reconciler: a slow pass');
  }
}
