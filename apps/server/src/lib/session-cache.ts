import type { SubscriptionRow, UserRow } from '../db/schema/index.js';

/** The fields of a user's current subscription period that premium and `/users/me` read. */
export type SessionPeriod = Pick<SubscriptionRow, 'plan' | 'startDate' | 'endDate' | 'cancelledAt'>;

/** What a verified bearer token stood for when it was checked against the database. */
export interface VerifiedSession {
  sessionId: string;
  user: UserRow;
  /** The user's subscription period with the latest end after `checkedAt`, if any. */
  period: SessionPeriod | null;
  /** The session row's end, and the token's own (`exp`): the earlier one counts. */
  expiresAt: number;
  checkedAt: number;
  /** The session's last recorded request (ms), null before the first; kept current on touch. */
  lastSeenAt: number | null;
}

/** What a revocation names: one session, or every session of a user. */
export type Revocation = { sessionId: string } | { userId: string };

/** How long a verified session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Entries kept at most; the oldest goes first (a Map keeps insertion order). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** Every cache of this process (several apps in one test process each have one). */
const caches = new Set<SessionCache>();
const publishers = new Set<(revocation: Revocation) => Promise<void> | void>();
/**
 * Counts revocations in this process. A check reads it before asking the database; its result
 * is stored (cache entry, remembered period) only if no revocation happened in between.
 */
let epoch = 0;

/** The revocation count now: taken before a database check, handed to `set`. */
export function revocationEpoch(): number {
  return epoch;
}

/**
 * Verified sessions for a few seconds, keyed by the bearer token, so that an authenticated
 * request skips the token signature check and the session + user + subscription query.
 * Correctness rests on revocation: whatever ends a session or changes its user row or the
 * user's subscriptions calls `revokeSessions` after the write, which drops the entries at once.
 * A check that was under way while a revocation happened is not stored (the epoch), so a row
 * read before the write cannot come back after it. Times are the app's clock, in ms.
 */
export class SessionCache {
  readonly #entries = new Map<string, VerifiedSession>();

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {
    caches.add(this);
  }

  /** The entry for `token` while it is fresh and its session has not expired at `now`. */
  get(token: string, now: number): VerifiedSession | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    const age = now - entry.checkedAt;
    if (age < 0 || age >= this.ttlMs || entry.expiresAt <= now) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry;
  }

  /** Stores a check's result, unless a revocation happened since `checkEpoch` was taken. */
  set(token: string, entry: VerifiedSession, checkEpoch: number): void {
    if (checkEpoch !== epoch || this.ttlMs <= 0) return;
    this.#entries.delete(token);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(token, entry);
  }

  /** Drops what `revocation` names, here only (`revokeSessions` reaches every cache). */
  drop(revocation: Revocation): void {
    for (const [token, entry] of this.#entries) {
      const hit =
        'sessionId' in revocation
          ? entry.sessionId === revocation.sessionId
          : entry.user.id === revocation.userId;
      if (hit) this.#entries.delete(token);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Stops receiving revocations (the app closed). */
  close(): void {
    caches.delete(this);
    this.#entries.clear();
  }
}

/**
 * THE place where sessions are revoked for the caches: logout, password change and reset,
 * account deletion, admin changes and subscription changes call it after their write. It drops
 * the entries in every cache of this process at once and hands the revocation to the
 * publishers (issue 14: with REDIS_URL, a publisher sends it to the other instances, whose
 * subscriber calls `applyRevocation`). Resolves once every publisher took it: the caller
 * answers after that, so the other instances hear of it before the trader does (issue 29).
 */
export async function revokeSessions(revocation: Revocation): Promise<void> {
  applyRevocation(revocation);
  await Promise.all([...publishers].map((publish) => publish(revocation)));
}

/**
 * Drops every verified session of this process: revocations from other instances may have
 * been missed (the broadcast came back after a loss). Each is checked again on its next use.
 */
export function dropAllSessions(): void {
  epoch += 1;
  for (const cache of caches) cache.clear();
}

/** Drops a revocation in this process only: for revocations received from other instances. */
export function applyRevocation(revocation: Revocation): void {
  epoch += 1;
  for (const cache of caches) cache.drop(revocation);
}

/** The broadcast channel of revocations between instances. */
export const SESSIONS_REVOKED = 'sessions:revoked';

/** A revocation received from another instance, or null when the message is not one. */
export function parseRevocation(message: string): Revocation | null {
  try {
    const value = JSON.parse(message) as Record<string, unknown>;
    if (typeof value.sessionId === 'string') return { sessionId: value.sessionId };
    if (typeof value.userId === 'string') return { userId: value.userId };
    return null;
  } catch {
    return null;
  }
}

/** Registers a publisher of revocations to other instances; returns its removal. */
export function onRevocation(
  publish: (revocation: Revocation) => Promise<void> | void,
): () => void {
  publishers.add(publish);
  return () => publishers.delete(publish);
}

/**
 * Periods the auth check read with a request's user row: the premium lookups of that request
 * use it instead of querying again. Keyed by the row object, so a changed copy
 * (`{ ...user, timeZone }`) is not found; valid while no revocation happened since.
 */
const periods = new WeakMap<UserRow, { period: SessionPeriod | null; epoch: number }>();

export function rememberPeriod(
  user: UserRow,
  period: SessionPeriod | null,
  checkEpoch: number,
): void {
  if (checkEpoch === epoch) periods.set(user, { period, epoch: checkEpoch });
}

/**
 * The user's current period at `now` as the auth check read it, or undefined when it is not
 * known (not read with this row, or revoked since). A period that ended since counts as none,
 * as the query would find none: it was the one with the latest end.
 */
export function knownPeriod(
  user: UserRow,
  now: Date,
): { period: SessionPeriod | null } | undefined {
  const known = periods.get(user);
  if (!known || known.epoch !== epoch) return undefined;
  const period = known.period && known.period.endDate > now ? known.period : null;
  return { period };
}
