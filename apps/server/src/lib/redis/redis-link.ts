import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** Whether Redis is in use: 'off' (no REDIS_URL), 'ok' (connected) or 'down' (with why). */
export type RedisStatus = { state: 'off' } | { state: 'ok' } | { state: 'down'; reason: string };

/** Longest wait between two reconnect attempts while Redis is down. */
export const MAX_RECONNECT_DELAY_MS = 2_000;
/** A command Redis has not answered within this fails, and the caller falls back to memory. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a failed command, Redis is left alone this long (then one update tries it again). */
export const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * The app's one Redis connection (REDIS_URL), or none. Commands never wait for a connection
 * (no offline queue, no retries): while Redis is down they fail at once and the shared state
 * falls back to this instance's memory; the client reconnects by itself with a growing delay,
 * and the state is shared again as soon as it is back.
 */
export class RedisLink {
  readonly client: Redis | null;
  #lastError = 'not connected yet';
  /** A command failed on an open connection (Redis frozen, full, refusing): when, and why. */
  #failure: { at: number; reason: string } | null = null;
  /** Milliseconds on a monotonic clock: when a failed Redis may be tried again. */
  readonly #now: () => number;

  constructor(
    url: string | undefined,
    opts: {
      /** Before every key (several apps or test runs on one Redis keep apart); 'tb:' by default. */
      keyPrefix?: string;
      log?: FastifyBaseLogger;
      /** A monotonic clock in ms (performance.now by default); tests pass one they move. */
      now?: () => number;
      /** REDIS_COMMAND_TIMEOUT_MS: REDIS_COMMAND_TIMEOUT_MS (500) by default. */
      commandTimeoutMs?: number;
    } = {},
  ) {
    const { keyPrefix = 'tb:', log, now = () => performance.now() } = opts;
    const commandTimeout = opts.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
    this.#now = now;
    if (!url) {
      this.client = null;
      return;
    }
    // ioredis is loaded only when Redis is configured (one process alone never loads it).
    const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof IORedis;
    this.client = new RedisClient(url, {
      keyPrefix,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout,
      connectTimeout: 2_000,
      // 100 ms, 200 ms ... up to 2 s between attempts, for as long as it takes.
      retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
      // The ready check waits for loading data; a fresh server answers at once.
      lazyConnect: false,
    });
    let wasReady = false;
    this.client.on('ready', () => {
      // A fresh connection: what failed on the last one is past.
      this.#failure = null;
      if (!wasReady) log?.info('redis: connected');
      wasReady = true;
    });
    this.client.on('error', (err: Error) => {
      this.#lastError = err.message;
    });
    this.client.on('close', () => {
      if (wasReady) log?.warn({ reason: this.#lastError }, 'redis: connection lost');
      wasReady = false;
    });
  }

  /** Whether the connection is open (commands may still fail; callers fall back then). */
  get ready(): boolean {
    return this.client?.status === 'ready';
  }

  /**
   * Whether an update should go to Redis now: the connection is open and no command failed
   * lately. After a failure, one caller a second is let through to try it again.
   */
  tryUse(): boolean {
    if (!this.ready) return false;
    if (!this.#failure) return true;
    const nowMs = this.#now();
    if (nowMs - this.#failure.at < RETRY_AFTER_FAILURE_MS) return false;
    this.#failure.at = nowMs;
    return true;
  }

  /** A command failed on the open connection: Redis counts as down until one succeeds. */
  commandFailed(err: unknown): void {
    const reason = err instanceof Error ? err.message : 'unknown error';
    this.#failure = { at: this.#now(), reason };
  }

  commandSucceeded(): void {
    this.#failure = null;
  }

  status(): RedisStatus {
    if (!this.client) return { state: 'off' };
    if (!this.ready) {
      return { state: 'down', reason: `Redis cannot be reached (${this.#lastError}).` };
    }
    if (this.#failure) {
      return { state: 'down', reason: `Redis does not answer (${this.#failure.reason}).` };
    }
    return { state: 'ok' };
  }

  /** The status, after asking Redis again when a command failed lately (the health check). */
  async probe(): Promise<RedisStatus> {
    if (this.client && this.ready && this.#failure) {
      await this.client.ping().then(
        () => this.commandSucceeded(),
        (err: unknown) => this.commandFailed(err),
      );
    }
    return this.status();
  }

  /** Ends the connection (app close); no reconnects after. */
  async close(): Promise<void> {
    if (!this.client || this.client.status === 'end') return;
    await this.client.quit().catch(() => this.client?.disconnect());
  }
}
