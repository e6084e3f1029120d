import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.js';
import { revokeSessions } from '../../lib/session-cache.js';
import {
  emailTokens,
  subscriptions,
  users,
  type SubscriptionRow,
  type UserRow,
} from '../../db/schema/index.js';

/**
 * Queries on accounts; no rules live here. Every change of a user's row drops their verified
 * sessions (lib/session-cache.ts), so the next request reads the row as written.
 */
export class UsersRepository {
  /** Read with every user shown to a client: built once, executed with placeholders. */
  readonly #currentSubscription;

  constructor(private readonly db: Queryable) {
    this.#currentSubscription = db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, sql.placeholder('userId')),
          gt(subscriptions.endDate, sql.placeholder('now')),
        ),
      )
      .orderBy(desc(subscriptions.endDate))
      .limit(1)
      .prepare('users_current_subscription');
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row;
  }

  /** Every admin's address and name (whom Contact Us mails). */
  async admins(): Promise<Array<Pick<UserRow, 'id' | 'email' | 'username'>>> {
    return this.db
      .select({ id: users.id, email: users.email, username: users.username })
      .from(users)
      .where(eq(users.isAdmin, true))
      .orderBy(users.createdAt);
  }

  /** By username (any case) or by email: the login form accepts either. */
  async findByLogin(login: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(
        or(sql`lower(${users.username}) = lower(${login})`, eq(users.email, login.toLowerCase())),
      )
      .limit(1);
    return row;
  }

  /**
   * Inserts an account. The first account of an installation becomes the admin; deciding it in
   * the same statement keeps two simultaneous first sign-ups from both becoming admins.
   * Returns undefined when the username or email is taken (unique violation).
   */
  async insert(input: {
    username: string;
    email: string;
    passwordHash: string;
  }): Promise<UserRow | undefined> {
    const result = (await this.db.execute(sql`
      insert into ${users} (username, email, password_hash, is_admin)
      select ${input.username}, ${input.email}, ${input.passwordHash},
             not exists (select 1 from ${users})
      on conflict do nothing
      returning id`)) as unknown as { rows: { id: string }[] };
    const id = result.rows[0]?.id;
    return id ? this.findById(id) : undefined;
  }

  /**
   * Sets a new password and, in the same transaction, ends the reset links still out: one
   * mailed before the change must not undo it. Verify links stay (the address is the same).
   */
  async setPasswordHash(id: string, passwordHash: string, now: Date) {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
      await endMailedLinks(tx, id, now, 'reset');
    });
    await revokeSessions({ userId: id });
  }

  /** Marks the address verified, only while the account still has the address that was proved. */
  async markEmailVerified(id: string, email: string, now: Date) {
    await this.db
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, id), eq(users.email, email), isNull(users.emailVerifiedAt)));
    await revokeSessions({ userId: id });
  }

  async setAdmin(id: string, isAdmin: boolean, now: Date) {
    await this.db.update(users).set({ isAdmin, updatedAt: now }).where(eq(users.id, id));
    await revokeSessions({ userId: id });
  }

  async setPaidUser(id: string, isPaidUser: boolean, now: Date) {
    await this.db.update(users).set({ isPaidUser, updatedAt: now }).where(eq(users.id, id));
    await revokeSessions({ userId: id });
  }

  async setShowOnLeaderboard(id: string, showOnLeaderboard: boolean, now: Date) {
    await this.db.update(users).set({ showOnLeaderboard, updatedAt: now }).where(eq(users.id, id));
    await revokeSessions({ userId: id });
  }

  /**
   * Sets a new address, unverified until its owner confirms it; 'taken' on a unique violation.
   * Every link mailed to the old address ends in the same transaction: whoever still reads that
   * mailbox must not verify the new address or reset the password.
   */
  async setEmail(id: string, email: string, now: Date): Promise<'ok' | 'taken'> {
    return changed(id, () =>
      this.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ email, emailVerifiedAt: null, updatedAt: now })
          .where(eq(users.id, id));
        await endMailedLinks(tx, id, now);
      }),
    );
  }

  /** 'taken' when another account holds the name in any case (unique index on lower(username)). */
  async setUsername(id: string, username: string, now: Date): Promise<'ok' | 'taken'> {
    return changed(id, () =>
      this.db.update(users).set({ username, updatedAt: now }).where(eq(users.id, id)),
    );
  }

  /** Removes the account; its boards, trades, keys, sessions and subscriptions cascade. */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    await revokeSessions({ userId: id });
    return rows.length > 0;
  }

  async setSettings(
    id: string,
    settings: { liveTradingEnabled: boolean; flattenOnSessionEnd: boolean },
    now: Date,
  ) {
    await this.db
      .update(users)
      .set({ ...settings, updatedAt: now })
      .where(eq(users.id, id));
    await revokeSessions({ userId: id });
  }

  async setTimeZone(id: string, timeZone: string, now: Date) {
    await this.db.update(users).set({ timeZone, updatedAt: now }).where(eq(users.id, id));
    await revokeSessions({ userId: id });
  }

  /**
   * Merges `patch` (layouts by breakpoint) into the stored layouts in one statement; a stored
   * plain array (the format before breakpoints) counts as the desktop layout. Returns the result.
   */
  async mergeWidgetLayout(id: string, patch: Record<string, unknown>, now: Date) {
    const stored = sql`case jsonb_typeof(${users.widgetLayout})
      when 'object' then ${users.widgetLayout}
      when 'array' then jsonb_build_object('desktop', ${users.widgetLayout})
      else '{}'::jsonb end`;
    const [row] = await this.db
      .update(users)
      .set({
        widgetLayout: sql`${stored} || ${JSON.stringify(patch)}::jsonb`,
        updatedAt: now,
      })
      .where(eq(users.id, id))
      .returning({ widgetLayout: users.widgetLayout });
    await revokeSessions({ userId: id });
    return row?.widgetLayout ?? null;
  }

  /** The subscription period covering `now`, newest first, if any. */
  async currentSubscription(userId: string, now: Date): Promise<SubscriptionRow | undefined> {
    const [row] = await this.#currentSubscription.execute({ userId, now });
    return row;
  }
}

/** Marks the user's unused mailed links (of one purpose, or all) used, so they stop working. */
async function endMailedLinks(tx: Tx, userId: string, now: Date, purpose?: 'verify' | 'reset') {
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.userId, userId),
        isNull(emailTokens.usedAt),
        purpose ? eq(emailTokens.purpose, purpose) : undefined,
      ),
    );
}

/** A write of the user's row that may hit a unique index; drops their verified sessions. */
async function changed(userId: string, write: () => Promise<unknown>): Promise<'ok' | 'taken'> {
  const result = await takenOnConflict(write);
  await revokeSessions({ userId });
  return result;
}

/** Runs a write; a unique violation (SQLSTATE 23505, maybe wrapped by drizzle) answers 'taken'. */
async function takenOnConflict(write: () => Promise<unknown>): Promise<'ok' | 'taken'> {
  try {
    await write();
    return 'ok';
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
