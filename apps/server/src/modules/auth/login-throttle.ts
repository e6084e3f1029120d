import { MemoryState, type SharedState } from '../../lib/redis/shared-state.js';

/**
 * Failed password checks, counted per account and client address (the progressive wait) and
 * per account across all addresses (a much higher ceiling, past which a sign-in needs a step-up
 * rather than a wait: strangers' failures never lock the owner out, issue 29). Async: the counts
 * live in the app's shared state (Redis with REDIS_URL, memory without).
 */
export interface LoginThrottle {
  /**
   * One atomic step: answers the wait when `account` must still wait at `ip`, or a step-up
   * when the account is past its ceiling and the caller is not `trusted` (a device the account
   * signed in from before, or a mailed code), counting nothing either way; or else counts a
   * failed check in advance and hands back a ticket, so concurrent attempts cannot all pass
   * one check before any failure is counted. On Redis both counts are read and written back
   * by one compare-and-set (see SharedState).
   */
  begin(account: string, ip: string, trusted?: boolean): Promise<LoginStart>;
  /** The password matched: forgets the failures at the ticket's address and takes its advance back. */
  succeeded(ticket: LoginTicket): Promise<void>;
}

/** What `begin` answers: a wait, a step-up, or a go-ahead already counted as a failure. */
export type LoginStart =
  | { waitMs: number; stepUp?: undefined; ticket?: undefined }
  | { waitMs: 0; stepUp: true; ticket?: undefined }
  | { waitMs: 0; stepUp?: undefined; ticket: LoginTicket };

/** Which counts one go-ahead added to, so that a matching password can take them back. */
export interface LoginTicket {
  readonly account: string;
  readonly ip: string;
  /** Start of the account-wide window the advance was counted in. */
  readonly windowStart: number;
}

/** When failures start to cost a wait, and how it grows. */
export interface DelayPolicy {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; it doubles with each further one. */
  firstDelayMs: number;
  /** The longest wait: an owner is slowed down, never locked out. */
  maxDelayMs: number;
}

export interface LoginThrottleOptions {
  /** One account from one address: an attacker there does not slow the owner elsewhere. */
  perClient: DelayPolicy;
  /**
   * One account from all addresses together: failures in a window past which an address needs
   * a step-up (a known device or a mailed code) before its password is checked at all.
   */
  accountCeiling: number;
  /**
   * Per address, failures are forgotten after this long without a new one; per account they
   * are counted in windows this long (so one address, at most ~25 failures per window at the
   * per-address waits, cannot reach the account's ceiling on its own).
   */
  windowMs: number;
  /** Keys remembered at most in each count; the oldest go first. */
  maxKeys: number;
}

export const LOGIN_THROTTLE_DEFAULTS: LoginThrottleOptions = {
  perClient: { freeFailures: 5, firstDelayMs: 1_000, maxDelayMs: 60_000 },
  accountCeiling: 100,
  windowMs: 15 * 60_000,
  maxKeys: 100_000,
};

interface Failures {
  count: number;
  /** When the latest failure was counted: the wait runs from here. */
  lastAt: number;
  /** When the first failure was counted: the account-wide window runs from here. */
  firstAt: number;
}

/** The wait after `count` failures: none for the free ones, then 1 s, 2 s, 4 s ... up to the cap. */
export function delayAfter(count: number, policy: DelayPolicy): number {
  const past = count - policy.freeFailures;
  if (past < 0) return 0;
  // 2^past overflows to Infinity long after it passes the cap; Math.min keeps the cap.
  return Math.min(policy.firstDelayMs * 2 ** past, policy.maxDelayMs);
}

/** When `failures` may be tried again under `policy` (0: at once). */
const readyAt = (failures: Failures | undefined, policy: DelayPolicy) =>
  failures ? failures.lastAt + delayAfter(failures.count, policy) : 0;

/**
 * The throttle on a shared state: Redis when the app has one (every instance counts the same
 * failures), this process's memory otherwise or while Redis is down. Each call is one atomic
 * update of the two counts, on the app's clock.
 */
export class SharedLoginThrottle implements LoginThrottle {
  readonly #opts: LoginThrottleOptions;

  constructor(
    private readonly state: SharedState,
    private readonly now: () => Date,
    opts: Partial<LoginThrottleOptions> = {},
  ) {
    this.#opts = { ...LOGIN_THROTTLE_DEFAULTS, ...opts };
  }

  async begin(account: string, ip: string, trusted = false): Promise<LoginStart> {
    const nowMs = this.now().getTime();
    const { windowMs, perClient, accountCeiling } = this.#opts;
    return this.state.update<Failures, LoginStart>(this.#keys(account, ip), nowMs, (records) => {
      // Per address: forgotten a window after the latest failure; per account: a window long.
      const client = records[0] && nowMs - records[0].lastAt < windowMs ? records[0] : undefined;
      const wide = records[1] && nowMs - records[1].firstAt < windowMs ? records[1] : undefined;
      const ready = readyAt(client, perClient);
      if (ready > nowMs)
        return { records, expiresAt: nowMs + windowMs, result: { waitMs: ready - nowMs } };
      if (!trusted && wide && wide.count >= accountCeiling)
        return { records, expiresAt: nowMs + windowMs, result: { waitMs: 0, stepUp: true } };
      const windowStart = wide?.firstAt ?? nowMs;
      return {
        records: [counted(client, nowMs), counted(wide, nowMs)],
        expiresAt: nowMs + windowMs,
        result: { waitMs: 0, ticket: { account, ip, windowStart } },
      };
    });
  }

  async succeeded(ticket: LoginTicket): Promise<void> {
    const nowMs = this.now().getTime();
    const keys = this.#keys(ticket.account, ticket.ip);
    await this.state.update<Failures, void>(keys, nowMs, ([, wide]) => {
      // Only the advance comes off the account-wide count: the owner signing in must not give
      // guessers at other addresses a fresh allowance.
      const same = wide && wide.firstAt === ticket.windowStart && wide.count > 0;
      return {
        records: [undefined, same ? { ...wide, count: wide.count - 1 } : wide],
        expiresAt: nowMs + this.#opts.windowMs,
        result: undefined,
      };
    });
  }

  #keys(account: string, ip: string): string[] {
    return [`login:client:${account}\n${ip}`, `login:account:${account}`];
  }
}

/** The throttle in this process's memory alone (tests; the app uses the shared state). */
export class MemoryLoginThrottle extends SharedLoginThrottle {
  constructor(now: () => Date, opts: Partial<LoginThrottleOptions> = {}) {
    // Two keys per account and address: maxKeys of each count.
    super(new MemoryState(2 * (opts.maxKeys ?? LOGIN_THROTTLE_DEFAULTS.maxKeys)), now, opts);
  }
}

/** `failures` with one more counted at `nowMs` (a first one when there were none). */
const counted = (failures: Failures | undefined, nowMs: number): Failures => ({
  count: (failures?.count ?? 0) + 1,
  lastAt: nowMs,
  firstAt: failures?.firstAt ?? nowMs,
});
