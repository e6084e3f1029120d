import type { Clock } from '../clock.js';
import type { SharedState } from './shared-state.js';

/** One client's requests to one route in the current window. */
interface Hits {
  count: number;
  resetAt: number;
}

type Done = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** The route a child store counts for (what @fastify/rate-limit hands `child`). */
interface RouteOptions {
  routeInfo: { method: string; url: string };
}

/**
 * A store for @fastify/rate-limit on the app's shared state: the per-address limits of the
 * routes count in Redis with REDIS_URL (every instance together), in this instance's memory
 * without it or while Redis is down, like every other limit of the app. Fixed windows that
 * open with the first request, as the plugin's own stores count.
 */
export function sharedRateLimitStore(state: SharedState, now: Clock) {
  return class SharedRateLimitStore {
    constructor(
      _params?: unknown,
      readonly prefix = 'rate:',
    ) {}

    incr(key: string, done: Done, timeWindow: number, max: number): void {
      const nowMs = now().getTime();
      state
        .update<Hits, Hits>([this.prefix + key], nowMs, ([stored]) => {
          const open =
            stored && stored.resetAt > nowMs ? stored : { count: 0, resetAt: nowMs + timeWindow };
          // Counting on past max + 1 changes nothing the plugin answers; no write needed.
          const next = { count: Math.min(open.count + 1, max + 1), resetAt: open.resetAt };
          return { records: [next], expiresAt: next.resetAt, result: next };
        })
        .then(
          (hits) => done(null, { current: hits.count, ttl: Math.max(0, hits.resetAt - nowMs) }),
          (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
        );
    }

    read(key: string, done: Done): void {
      const nowMs = now().getTime();
      state
        .update<Hits, Hits | undefined>([this.prefix + key], nowMs, ([stored]) => ({
          records: [stored],
          expiresAt: stored?.resetAt ?? nowMs,
          result: stored && stored.resetAt > nowMs ? stored : undefined,
        }))
        .then(
          (hits) =>
            done(
              null,
              hits ? { current: hits.count, ttl: hits.resetAt - nowMs } : { current: 0, ttl: 0 },
            ),
          (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
        );
    }

    /** The store of one route (typed by the plugin as the route's options; it adds routeInfo). */
    child(options: object): SharedRateLimitStore {
      const { routeInfo } = options as RouteOptions;
      return new SharedRateLimitStore(
        undefined,
        `${this.prefix}${routeInfo.method}${routeInfo.url}:`,
      );
    }
  };
}
