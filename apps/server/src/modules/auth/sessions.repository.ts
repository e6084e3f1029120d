import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { sessions, users, type UserRow } from '../../db/schema/index.js';

/** Sessions rows: created at login, revoked at logout, password reset and by admins. */
export class SessionsRepository {
  /** Runs on every authenticated request: built once, executed with placeholders. */
  readonly #findLive;

  constructor(private readonly db: Queryable) {
    this.#findLive = db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
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

  /** The user of a session that is neither revoked nor expired, in one query. */
  async findLive(sessionId: string, userId: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.#findLive.execute({ sessionId, userId, now });
    return row?.user;
  }

  /** Records that the user was active at `now` (the admin panel's "last active"). */
  async touchUser(userId: string, now: Date) {
    await this.db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
  }

  async revoke(sessionId: string, now: Date) {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Signs the user out everywhere except the session `keepId` (after a password change). */
  async revokeOthersForUser(userId: string, keepId: string, now: Date) {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)));
  }

  async revokeAllForUser(userId: string, now: Date) {
    await this.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
