import type { SubscriptionPlan } from '@tb/core';
import { and, desc, eq, gt, max, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { subscriptions, type SubscriptionRow } from '../../db/schema/index.js';

/** Namespace of this module's advisory locks (first key of pg_advisory_xact_lock). */
const LOCK_NAMESPACE = 7_301;

export interface PeriodInput {
  userId: string;
  plan: SubscriptionPlan;
  startDate: Date;
  endDate: Date;
}

export interface PeriodChange {
  plan?: SubscriptionPlan;
  endDate?: Date;
  cancelledAt?: Date | null;
}

/** Queries on subscription periods; the rules (what is current, what may change) live in core. */
export class SubscriptionsRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Serialises the subscription writes of one user until the transaction ends, so two claims
   * or two extensions at once cannot both read the same state. An advisory lock keeps this
   * module off the users table; it is released at commit or rollback.
   */
  async lockUser(userId: string): Promise<void> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${userId}))`,
    );
  }

  /** The period covering `now`: the latest end date still in the future. */
  async current(userId: string, now: Date): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), gt(subscriptions.endDate, now)))
      .orderBy(desc(subscriptions.endDate))
      .limit(1);
    return row;
  }

  /** The period created last, ended or not. */
  async latest(userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.endDate))
      .limit(1);
    return row;
  }

  /** When the user last started a free plan; null when never. */
  async lastFreeStart(userId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: max(subscriptions.startDate) })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.plan, 'free')));
    return row?.at ?? null;
  }

  async insert(input: PeriodInput): Promise<SubscriptionRow> {
    const [row] = await this.db.insert(subscriptions).values(input).returning();
    return row!;
  }

  async update(id: string, change: PeriodChange): Promise<SubscriptionRow> {
    const [row] = await this.db
      .update(subscriptions)
      .set(change)
      .where(eq(subscriptions.id, id))
      .returning();
    return row!;
  }
}
