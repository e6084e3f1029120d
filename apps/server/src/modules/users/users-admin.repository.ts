import { and, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import {
  subscriptions,
  trades,
  users,
  type SubscriptionRow,
  type UserRow,
} from '../../db/schema/index.js';

/** The subscription fields the admin panel needs from a user's current period. */
export type CurrentPeriod = Pick<SubscriptionRow, 'plan' | 'startDate' | 'endDate' | 'cancelledAt'>;

/** One account of the admin panel: the row, its current period (if any) and its trade count. */
export interface AdminUserRow {
  user: UserRow;
  period: CurrentPeriod | null;
  tradeCount: number;
}

export interface UserCounts {
  users: number;
  premium: number;
  admins: number;
  verified: number;
  activeSubscriptions: number;
  trades: number;
}

/** `%`, `_` and `\` match themselves in a search, not as LIKE wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The admin panel's queries over every account; no rules live here. */
export class UsersAdminRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * One page of accounts, newest first, with each one's current subscription period and trade
   * count joined in the same query; `search` matches username or email in any case.
   */
  async page(
    opts: { search: string; limit: number; offset: number },
    now: Date,
  ): Promise<{ rows: AdminUserRow[]; total: number }> {
    const where = opts.search
      ? or(
          ilike(users.username, `%${likeEscape(opts.search)}%`),
          ilike(users.email, `%${likeEscape(opts.search)}%`),
        )
      : undefined;
    const [rows, [totalRow]] = await Promise.all([
      this.#select(now, where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(opts.limit)
        .offset(opts.offset),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows, total: totalRow?.n ?? 0 };
  }

  /** One account as the admin panel shows it. */
  async find(id: string, now: Date): Promise<AdminUserRow | undefined> {
    const [row] = await this.#select(now, eq(users.id, id)).limit(1);
    return row;
  }

  /** Counts for the panel's header, in one query. */
  async counts(now: Date): Promise<UserCounts> {
    const running = sql`exists (select 1 from ${subscriptions} s
      where s.user_id = ${users.id} and s.end_date > ${now.toISOString()}::timestamptz)`;
    const [row] = await this.db
      .select({
        users: count(),
        premium: sql<number>`count(*) filter (where ${users.isPaidUser} or ${running})`.mapWith(
          Number,
        ),
        admins: sql<number>`count(*) filter (where ${users.isAdmin})`.mapWith(Number),
        verified: sql<number>`count(${users.emailVerifiedAt})`.mapWith(Number),
        activeSubscriptions: sql<number>`(select count(distinct s.user_id) from ${subscriptions} s
          where s.end_date > ${now.toISOString()}::timestamptz and s.cancelled_at is null)`.mapWith(
          Number,
        ),
        trades: sql<number>`(select count(*) from ${trades})`.mapWith(Number),
      })
      .from(users);
    return row!;
  }

  #select(now: Date, where: SQL | undefined) {
    // The period with the latest end still in the future (UsersRepository.currentSubscription).
    const period = this.db
      .select({
        plan: subscriptions.plan,
        startDate: subscriptions.startDate,
        endDate: subscriptions.endDate,
        cancelledAt: subscriptions.cancelledAt,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, users.id), gt(subscriptions.endDate, now)))
      .orderBy(desc(subscriptions.endDate))
      .limit(1)
      .as('period');
    return this.db
      .select({
        user: users,
        period: {
          plan: period.plan,
          startDate: period.startDate,
          endDate: period.endDate,
          cancelledAt: period.cancelledAt,
        },
        tradeCount: sql<number>`(select count(*) from ${trades} t where t.user_id = ${users.id})`
          .mapWith(Number)
          .as('trade_count'),
      })
      .from(users)
      .leftJoinLateral(period, sql`true`)
      .where(where);
  }
}
