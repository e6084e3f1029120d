import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

/** A session as Profile → Sessions shows it. */
export interface OwnSessionRow {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
}

const listed = {
  id: sessions.id,
  userAgent: sessions.userAgent,
  ip: sessions.ip,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
};

/**
 * A user's own sessions, as the user manages them (the auth check and logout use
 * auth/sessions.repository.ts). Queries only: the revocations here reach the session caches
 * through the service, once their transaction has committed.
 */
export class UserSessionsRepository {
  constructor(private readonly db: Queryable) {}

  /** The user's sessions that are neither signed out nor expired at `now`. */
  async listLive(userId: string, now: Date): Promise<OwnSessionRow[]> {
    return this.db
      .select(listed)
      .from(sessions)
      .where(
        and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
      );
  }

  /**
   * Takes the user's row lock until the transaction ends: sign-outs of one account run one
   * after the other, on every instance (PGlite runs one transaction at a time anyway).
   */
  async lockUser(userId: string): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  /** Whether the session is neither signed out nor expired at `now`. */
  async isLive(sessionId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
      );
    return rows.length > 0;
  }

  /** The user's session `sessionId` in any state; undefined when it is not theirs. */
  async findOwn(userId: string, sessionId: string): Promise<OwnSessionRow | undefined> {
    const [row] = await this.db
      .select(listed)
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
    return row;
  }

  /** Signs the session out; false when it already was. */
  async revoke(sessionId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /** Signs out every live session of the user but `keepId`; answers how many. */
  async revokeOthers(userId: string, keepId: string, now: Date): Promise<number> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          ne(sessions.id, keepId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .returning({ id: sessions.id });
    return rows.length;
  }
}
