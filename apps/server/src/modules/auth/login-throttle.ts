/**
 * Failed password checks, counted per account and client address (the progressive wait) and
 * per account across all addresses (a much higher ceiling), and how long the next sign-in must
 * wait. Async so a shared store (Redis, issue 14) can stand behind the same calls.
 */
export interface LoginThrottle {
  /**
   * One atomic step: answers the wait when `account` must still wait at `ip` (counting
   * nothing), or else counts a failed check in advance and hands back a ticket, so concurrent
   * attempts cannot all pass one check before any failure is counted. A Redis store does the
   * same in one script (EVAL is atomic; both keys share the account's hash tag).
   */
  begin(account: string, ip: string): Promise<LoginStart>;
  /** The password matched: forgets the failures at the ticket's address and takes its advance back. */
  succeeded(ticket: LoginTicket): Promise<void>;
}

/** What `begin` answers: a wait, or a go-ahead already counted as a failure. */
export type LoginStart =
  { waitMs: number; ticket?: undefined } | { waitMs: 0; ticket: LoginTicket };

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
  /** One account from all addresses together: slows down a guess spread over many addresses. */
  perAccount: DelayPolicy;
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
  perAccount: { freeFailures: 100, firstDelayMs: 1_000, maxDelayMs: 60_000 },
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

/** Counts per key in insertion order, bounded; `isStale` says when an entry is forgotten. */
class FailureCounts {
  readonly #entries = new Map<string, Failures>();

  constructor(
    private readonly maxKeys: number,
    private readonly isStale: (entry: Failures, nowMs: number) => boolean,
  ) {}

  live(key: string, nowMs: number): Failures | undefined {
    const entry = this.#entries.get(key);
    if (entry && this.isStale(entry, nowMs)) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Inserts `entry` last (the newest), then trims to the cap. */
  put(key: string, entry: Failures, nowMs: number) {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.maxKeys) this.#trim(nowMs);
  }

  delete(key: string) {
    this.#entries.delete(key);
  }

  /** Drops stale entries from the oldest on, then the oldest until back under the cap. */
  #trim(nowMs: number) {
    for (const [key, entry] of this.#entries) {
      const tooMany = this.#entries.size > this.maxKeys;
      if (!tooMany && !this.isStale(entry, nowMs)) break;
      this.#entries.delete(key);
    }
  }
}

/**
 * The throttle in this process's memory, on the app's clock. `begin` runs without awaiting
 * anything, so no other request can interleave between its check and its count.
 */
export class MemoryLoginThrottle implements LoginThrottle {
  readonly #opts: LoginThrottleOptions;
  /** Per account and address: forgotten `windowMs` after the latest failure. */
  readonly #clients: FailureCounts;
  /** Per account: a window of `windowMs` from its first failure; kept in that order. */
  readonly #accounts: FailureCounts;

  constructor(
    private readonly now: () => Date,
    opts: Partial<LoginThrottleOptions> = {},
  ) {
    this.#opts = { ...LOGIN_THROTTLE_DEFAULTS, ...opts };
    const { maxKeys, windowMs } = this.#opts;
    this.#clients = new FailureCounts(maxKeys, (e, nowMs) => nowMs - e.lastAt >= windowMs);
    this.#accounts = new FailureCounts(maxKeys, (e, nowMs) => nowMs - e.firstAt >= windowMs);
  }

  async begin(account: string, ip: string): Promise<LoginStart> {
    const nowMs = this.now().getTime();
    const clientKey = clientKeyOf(account, ip);
    const client = this.#clients.live(clientKey, nowMs);
    const wide = this.#accounts.live(account, nowMs);
    const ready = Math.max(
      readyAt(client, this.#opts.perClient),
      readyAt(wide, this.#opts.perAccount),
    );
    if (ready > nowMs) return { waitMs: ready - nowMs };
    // Re-inserted at the end, so this count's order is oldest failure first.
    this.#clients.put(clientKey, counted(client, nowMs), nowMs);
    if (wide) {
      // Updated in place: the account count stays in window-start order.
      wide.count += 1;
      wide.lastAt = nowMs;
    } else {
      this.#accounts.put(account, counted(undefined, nowMs), nowMs);
    }
    return { waitMs: 0, ticket: { account, ip, windowStart: wide?.firstAt ?? nowMs } };
  }

  async succeeded(ticket: LoginTicket): Promise<void> {
    this.#clients.delete(clientKeyOf(ticket.account, ticket.ip));
    // Only the advance comes off the account-wide count: the owner signing in must not give
    // guessers at other addresses a fresh allowance.
    const wide = this.#accounts.live(ticket.account, this.now().getTime());
    if (wide && wide.firstAt === ticket.windowStart && wide.count > 0) wide.count -= 1;
  }
}

const clientKeyOf = (account: string, ip: string) => `${account}\n${ip}`;

/** `failures` with one more counted at `nowMs` (a first one when there were none). */
const counted = (failures: Failures | undefined, nowMs: number): Failures => ({
  count: (failures?.count ?? 0) + 1,
  lastAt: nowMs,
  firstAt: failures?.firstAt ?? nowMs,
});
