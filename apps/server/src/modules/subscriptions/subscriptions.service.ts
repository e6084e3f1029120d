import {
  formatDate,
  adminMessages,
  FREE_TRIAL,
  MS_PER_DAY,
  isSubscriptionActive,
  subscriptionFromPeriod,
  subscriptionMessages,
  subscriptionWithEndDate,
  type AuditAction,
  type PlanId,
  type SubscriptionResponse,
} from '@tb/core';
import type { Db, Queryable } from '../../db/client.js';
import type { SubscriptionRow, UserRow } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { revokeSessions } from '../../lib/session-cache.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import { extendPlan } from './extend-plan.js';
import { subscriptionResponse } from './subscription-view.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

export interface SubscriptionsDeps {
  db: Db;
  /** Loads the target user of the admin calls (read only). */
  users: UsersRepository;
  now: Clock;
}

const nothingToCancel = () => conflict('CONFLICT', subscriptionMessages.nothingToCancel);

/**
 * Subscriptions: what a user sees, cancel, the free plan, and the admin's add and set-date.
 * Every change reads and writes under a per-user lock in one transaction, with its audit entry.
 */
export class SubscriptionsService {
  readonly #now: Clock;

  constructor(private readonly deps: SubscriptionsDeps) {
    this.#now = deps.now;
  }

  /** GET /api/subscription: the signed-in user's own subscription. */
  async get(user: UserRow): Promise<SubscriptionResponse> {
    return this.respond(this.deps.db, user, this.#now());
  }

  /** GET /api/users/:id/subscription (admin). 404 for an unknown or malformed id. */
  async getFor(userId: string): Promise<SubscriptionResponse> {
    return this.get(await this.target(userId));
  }

  /**
   * Cancels the running period: access is kept until its end date. 409 when nothing runs or
   * it is already cancelled. `actor` is the user themselves or an admin.
   */
  async cancel(actor: UserRow, user: UserRow): Promise<SubscriptionResponse> {
    return this.change(actor, user, 'subscription.cancel', async (tx, now) => {
      const current = await new SubscriptionsRepository(tx).current(user.id, now);
      if (
        !current ||
        !isSubscriptionActive(subscriptionFromPeriod(current, now.getTime()), now.getTime())
      ) {
        throw nothingToCancel();
      }
      const row = await new SubscriptionsRepository(tx).update(current.id, { cancelledAt: now });
      return { row, details: {}, message: subscriptionMessages.cancelled };
    });
  }

  /** POST /api/users/:id/subscription/cancel (admin). */
  async cancelFor(actor: UserRow, userId: string): Promise<SubscriptionResponse> {
    return this.cancel(actor, await this.target(userId));
  }

  /**
   * Starts the free 3-day plan. 409 when the last free plan started less than 30 days ago (the
   * message names the day it opens again), else 409 while the user has premium otherwise.
   */
  async claimFreeTrial(user: UserRow): Promise<SubscriptionResponse> {
    return this.change(user, user, 'subscription.free_trial', async (tx, now) => {
      const { freeTrial } = await this.respond(tx, user, now);
      if (!freeTrial.available) {
        throw conflict(
          'CONFLICT',
          freeTrial.nextClaimAt === null
            ? subscriptionMessages.alreadyPremium
            : subscriptionMessages.freeTrialTooSoon(
                formatDate(freeTrial.nextClaimAt, { timeZone: user.timeZone }),
              ),
        );
      }
      const endDate = new Date(now.getTime() + FREE_TRIAL.durationDays * MS_PER_DAY);
      const input = { userId: user.id, plan: 'free' as const, startDate: now, endDate };
      const row = await new SubscriptionsRepository(tx).insert(input);
      return { row, details: {}, message: subscriptionMessages.freeTrialStarted };
    });
  }

  /**
   * Adds a plan's days (admin): the running period is extended from its end date (and takes
   * the new plan, not cancelled any more); without one a new period starts now. A running free
   * plan is continued by a new period instead, so its claim stays on record.
   */
  async add(actor: UserRow, userId: string, plan: PlanId): Promise<SubscriptionResponse> {
    const user = await this.target(userId);
    return this.change(actor, user, 'subscription.add', async (tx, now) => {
      const { row, previousEndDate } = await extendPlan(tx, user.id, plan, now);
      return { row, details: { previousEndDate } };
    });
  }

  /**
   * Moves the end date (admin) of the running period, else of the latest one: a date in the
   * future revives it (not cancelled); one in the past ends premium now. 409 without any period.
   */
  async setEndDate(actor: UserRow, userId: string, endDate: string): Promise<SubscriptionResponse> {
    const user = await this.target(userId);
    return this.change(actor, user, 'subscription.set_date', async (tx, now) => {
      const repo = new SubscriptionsRepository(tx);
      const period = (await repo.current(user.id, now)) ?? (await repo.latest(user.id));
      if (!period) throw conflict('CONFLICT', adminMessages.noSubscription);
      const next = subscriptionWithEndDate(
        subscriptionFromPeriod(period, now.getTime()),
        endDate,
        now.getTime(),
      );
      const row = await repo.update(period.id, {
        endDate: new Date(endDate),
        ...(next.active && { cancelledAt: null }),
      });
      return { row, details: { previousEndDate: period.endDate.toISOString() } };
    });
  }

  /** The target user of an admin call; 404 "User not found" for an unknown or non-uuid id. */
  private async target(userId: string): Promise<UserRow> {
    const user = isUuid(userId) ? await this.deps.users.findById(userId) : undefined;
    if (!user) throw notFound(adminMessages.userNotFound);
    return user;
  }

  /** Reads everything the answer is made of, through `db` (inside a transaction or not). */
  private async respond(db: Queryable, user: UserRow, now: Date, message?: string) {
    const repo = new SubscriptionsRepository(db);
    const current = await repo.current(user.id, now);
    const facts = {
      premiumGranted: user.isPaidUser,
      current,
      latest: current ?? (await repo.latest(user.id)),
      lastFreeStart: await repo.lastFreeStart(user.id),
    };
    return subscriptionResponse(facts, now, message);
  }

  /**
   * Runs one change under the user's lock and records it in the audit log in the same commit;
   * details name the user, the plan and the end date after the change, never a secret.
   */
  private async change(
    actor: UserRow,
    user: UserRow,
    action: AuditAction,
    apply: (
      tx: Queryable,
      now: Date,
    ) => Promise<{ row: SubscriptionRow; details: Record<string, unknown>; message?: string }>,
  ): Promise<SubscriptionResponse> {
    const response = await this.deps.db.transaction(async (tx) => {
      await new SubscriptionsRepository(tx).lockUser(user.id);
      const now = this.#now();
      const { row, details, message } = await apply(tx, now);
      await new AuditRepository(tx).record({
        actorId: actor.id,
        action,
        targetType: 'user',
        targetId: user.id,
        details: {
          username: user.username,
          plan: row.plan,
          endDate: row.endDate.toISOString(),
          ...details,
        },
      });
      return this.respond(tx, user, now, message);
    });
    // Premium is read with the session (lib/session-cache.ts): the next request reads it anew.
    await revokeSessions({ userId: user.id });
    return response;
  }
}
