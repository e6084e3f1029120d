import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { sessions, subscriptions, users, type UserRow } from '../../db/schema/index.js';
import { revokeSessions, type SessionPeriod } from '../../lib/session-cache.js';

/** A live session as the auth check reads it: its user and the user's current period. */
export interface LiveSession {
  user: UserRow;
  /** The subscription period with the latest end after `now`, if any (premium, `/users/me`). */
  period: SessionPeriod | null;
  expiresAt: Date;
  /** The session's last recorded request (Profile → Sessions), null before the first. */
  lastSeenAt: Date | null;
}

/**
 * Sessions rows: created at login, revoked at logout, password reset and by admins. Every
 * revocation also drops the verified sessions the auth check keeps (lib/session-cache.ts).
 */
export class SessionsRepository {
  /** Runs on every authenticated request: built once, executed with placeholders. */
  readonly #findLive;

  constructor(private readonly db: Queryable) {
    // The current period in the same query: the lookup users.service would otherwise make.
    const current = db
      .select({
        plan: subscriptions.plan,
        startDate: subscriptions.startDate,
        endDate: subscriptions.endDate,
        cancelledAt: subscriptions.cancelledAt,
      })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, sessions.userId),
          gt(subscriptions.endDate, sql.placeholder('now')),
        ),
      )
      .orderBy(desc(subscriptions.endDate))
      .limit(1)
      .as('current_period');
    this.#findLive = db
      .select({
        user: users,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        period: {
          plan: current.plan,
          startDate: current.startDate,
          endDate: current.endDate,
          cancelledAt: current.cancelledAt,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoinLateral(current, sql`true`)
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('sessions_find_live');
  }

  async create(input: {
    userId: string;
    expiresAt: Date;
    userAgent?: string | undefined;
    ip?: string;
  }) {
    const [row] = await this.db
      .insert(sessions)
      .values({
        userId: input.userId,
        expiresAt: input.expiresAt,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
        ip: input.ip ?? null,
      })
      .returning({ id: sessions.id });
    return row!.id;
  }

  /** A session that is neither revoked nor expired, its user and their period, in one query. */
  async findLive(sessionId: string, userId: string, now: Date): Promise<LiveSession | undefined> {
    const [row] = await this.#findLive.execute({ sessionId, userId, now });
    if (!row) return undefined;
    const { period } = row;
    return {
      user: row.user,
      expiresAt: row.expiresAt,
      lastSeenAt: row.lastSeenAt,
      period: period?.plan ? period : null,
    };
  }

  /** Records that the user was active at `now` (the admin panel's "last active"). */
  async touchUser(userId: string, now: Date) {
    await this.db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
  }

  /**
   * Records that the session was used at `now`, unless it was already at or after `since`:
   * several instances (each with its own cache) write it once per period between them, and
   * never move it back.
   */
  async touchSession(sessionId: string, now: Date, since: Date) {
    await this.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(sessions.id, sessionId),
          or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, since)),
        ),
      );
  }

  async revoke(sessionId: string, now: Date) {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    await revokeSessions({ sessionId });
  }

  /** Signs the user out everywhere except the session `keepId` (after a password change). */
  async revokeOthersForUser(userId: string, keepId: string, now: Date) {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)));
    // The kept session is checked again too: simpler than sparing it, and as cheap.
    await revokeSessions({ userId });
  }

  async revokeAllForUser(userId: string, now: Date) {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await revokeSessions({ userId });
  }
}
