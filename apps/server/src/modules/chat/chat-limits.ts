import { AppError } from '../../lib/app-error.js';
import type { SharedState } from '../../lib/redis/shared-state.js';
import { WindowLimiter } from '../../lib/window-limiter.js';

/** A burst: at most this many posts per {@link BURST_WINDOW_MS}. */
export const BURST_MAX = 5;
export const BURST_WINDOW_MS = 10_000;
/** A steady pace: at most this many posts per {@link HOURLY_WINDOW_MS}. */
export const HOURLY_MAX = 100;
export const HOURLY_WINDOW_MS = 60 * 60_000;

/** '7 seconds', '1 minute', '12 minutes'. */
export function waitWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * Per-user limits on chat posts (DESIGN.md section 15): 5 per 10 seconds and 100 per hour, in
 * the app's shared state, so they hold across instances (Redis; memory without it). A post
 * takes one use of each window at once; a refused or failed post gives its uses back.
 */
export class ChatLimits {
  readonly #burst: WindowLimiter;
  readonly #hourly: WindowLimiter;

  constructor(state: SharedState) {
    this.#burst = new WindowLimiter('chat-burst', BURST_MAX, BURST_WINDOW_MS, state);
    this.#hourly = new WindowLimiter('chat-hourly', HOURLY_MAX, HOURLY_WINDOW_MS, state);
  }

  /**
   * Takes one post of `userId`'s allowance, or throws 429 saying when to try again. Answers
   * how to give it back (the post was not stored).
   */
  async take(userId: string, nowMs: number): Promise<() => Promise<void>> {
    const burstWait = await this.#burst.take(userId, nowMs);
    if (burstWait > 0) throw tooFast(burstWait);
    const hourlyWait = await this.#hourly.take(userId, nowMs);
    if (hourlyWait > 0) {
      await this.#burst.giveBack(userId, nowMs);
      throw tooFast(hourlyWait);
    }
    return async () => {
      await this.#burst.giveBack(userId, nowMs);
      await this.#hourly.giveBack(userId, nowMs);
    };
  }
}

/** 429 for a post over a limit; the route sends Retry-After. */
export class ChatLimitedError extends AppError {
  readonly retryAfterSec: number;

  constructor(waitMs: number) {
    super(
      429,
      'RATE_LIMITED',
      `You are sending messages too fast. Try again in ${waitWords(waitMs)}.`,
    );
    this.retryAfterSec = Math.max(1, Math.ceil(waitMs / 1000));
  }
}

function tooFast(waitMs: number): ChatLimitedError {
  return new ChatLimitedError(waitMs);
}
