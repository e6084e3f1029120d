import {
  hasFeature,
  strategyMessages as m,
  type CreateStrategyRequest,
  type Strategy,
  type UpdateStrategyRequest,
} from '@tb/core';
import { and, desc, eq, exists, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  strategies,
  subscriptions,
  users,
  type StrategyRow,
  type UserRow,
} from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Mail } from '../../lib/mailer.js';
import { causeChain } from '../../lib/db-errors.js';
import { requireFeature, type PlanAccessSource } from '../subscriptions/require-feature.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { strategyMail } from './strategies.mails.js';

/** A strategy row as the API answers it. */
function toStrategy(row: StrategyRow): Strategy {
  return {
    id: row.id,
    month: row.month,
    title: row.title,
    body: row.body,
    board: row.board.map(({ title, points }) => ({ title, points })),
    state: row.state === 'published' ? 'published' : 'draft',
    publishedAt: row.publishedAt?.toISOString() ?? null,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A unique violation (SQLSTATE 23505), maybe wrapped by drizzle. */
function isUniqueViolation(err: unknown): boolean {
  return causeChain(err).some((e) => (e as { code?: unknown } | null)?.code === '23505');
}

/**
 * The monthly strategy (DESIGN.md section 15): admins write drafts and publish one per month
 * (audited); premium traders read the current month's and the archive.
 */
export class StrategiesService {
  readonly #audit: AuditRepository;

  constructor(
    private readonly deps: {
      db: Db;
      plans: PlanAccessSource;
      now: Clock;
      /** Queues a mail to go out after the answer (the app's mail queue). */
      mail: (mail: Mail) => void;
      /** The app's address, for the link to the strategy page. */
      publicUrl: string;
    },
  ) {
    this.#audit = new AuditRepository(deps.db);
  }

  async adminList(): Promise<Strategy[]> {
    const rows = await this.deps.db
      .select()
      .from(strategies)
      .orderBy(desc(strategies.createdAt), desc(strategies.id));
    return rows.map(toStrategy);
  }

  async create(admin: UserRow, input: CreateStrategyRequest): Promise<Strategy> {
    const now = this.deps.now();
    const [row] = await this.deps.db
      .insert(strategies)
      .values({
        title: input.title,
        body: input.body,
        board: input.board,
        authorId: admin.id,
        authorName: sql`(select ${users.username} from ${users} where ${users.id} = ${admin.id})`,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await this.#record(admin, 'strategy.create', row!);
    return toStrategy(row!);
  }

  async update(admin: UserRow, id: string, input: UpdateStrategyRequest): Promise<Strategy> {
    const [row] = await this.deps.db
      .update(strategies)
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.body !== undefined && { body: input.body }),
        ...(input.board !== undefined && { board: input.board }),
        updatedAt: this.deps.now(),
      })
      .where(eq(strategies.id, id))
      .returning();
    if (!row) throw notFound(m.notFound);
    await this.#record(admin, 'strategy.update', row, {
      changed: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined),
    });
    return toStrategy(row);
  }

  /**
   * Publishes a strategy for `month` (409 when another is published for it) and, when asked,
   * queues a mail to each subscriber; answers how many mails were queued. Only the request
   * that turns the draft into a published strategy mails: publishing it again (another month,
   * or the same request twice at once) changes the month and mails nobody twice.
   */
  async publish(
    admin: UserRow,
    id: string,
    month: string,
    mailSubscribers = false,
  ): Promise<{ strategy: Strategy; mailsQueued: number }> {
    const existing = await this.#find(id);
    const now = this.deps.now();
    // The draft's state in the WHERE: of two requests at once, one finds the draft.
    let row = await this.#setPublished(id, month, now, true);
    const firstPublished = row !== undefined;
    row ??= await this.#setPublished(id, month, existing.publishedAt ?? now, false);
    if (!row) throw notFound(m.notFound);
    const strategy = toStrategy(row);
    const mailsQueued =
      mailSubscribers && firstPublished ? await this.#mailSubscribers(strategy, now) : 0;
    await this.#record(admin, 'strategy.publish', row, { month, mailSubscribers, mailsQueued });
    return { strategy, mailsQueued };
  }

  /** Sets the month and state of `id` (only while a draft, when `draftOnly`); 409 on a taken month. */
  async #setPublished(
    id: string,
    month: string,
    publishedAt: Date,
    draftOnly: boolean,
  ): Promise<StrategyRow | undefined> {
    const now = this.deps.now();
    try {
      const [row] = await this.deps.db
        .update(strategies)
        .set({ month, state: 'published', publishedAt, updatedAt: now })
        .where(
          draftOnly
            ? and(eq(strategies.id, id), eq(strategies.state, 'draft'))
            : eq(strategies.id, id),
        )
        .returning();
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('CONFLICT', m.monthTaken, 'month');
      throw err;
    }
  }

  /**
   * One mail per subscriber: a verified address whose plan has the monthly strategy now
   * (granted premium, or a subscription period running now, then checked by the plan rules).
   */
  async #mailSubscribers(strategy: Strategy, now: Date): Promise<number> {
    const candidates = await this.deps.db
      .select()
      .from(users)
      .where(
        and(
          isNotNull(users.emailVerifiedAt),
          or(
            eq(users.isPaidUser, true),
            exists(
              this.deps.db
                .select({ one: sql`1` })
                .from(subscriptions)
                .where(and(eq(subscriptions.userId, users.id), gt(subscriptions.endDate, now))),
            ),
          ),
        ),
      )
      .orderBy(users.createdAt, users.id);
    const link = `${this.deps.publicUrl}/strategies/${strategy.id}`;
    let queued = 0;
    for (const user of candidates) {
      if (!hasFeature(await this.deps.plans.planAccess(user, now), 'monthlyStrategyUpdate')) {
        continue;
      }
      this.deps.mail(strategyMail(user, strategy, link));
      queued += 1;
    }
    return queued;
  }

  /** Deletes a draft; a published strategy stays (400). */
  async remove(admin: UserRow, id: string): Promise<void> {
    const existing = await this.#find(id);
    if (existing.state === 'published') throw badRequest(m.deletePublished);
    const deleted = await this.deps.db
      .delete(strategies)
      .where(and(eq(strategies.id, id), eq(strategies.state, 'draft')))
      .returning({ id: strategies.id });
    if (deleted.length === 0) throw notFound(m.notFound);
    await this.#record(admin, 'strategy.delete', existing);
  }

  /** The published strategy of the current month (UTC), else the latest published. */
  async current(user: UserRow): Promise<Strategy> {
    const month = (await this.#premiumNow(user)).toISOString().slice(0, 7);
    const [row] = await this.deps.db
      .select()
      .from(strategies)
      .where(eq(strategies.state, 'published'))
      .orderBy(
        sql`${strategies.month} = ${month} desc`,
        desc(strategies.month),
        desc(strategies.publishedAt),
      )
      .limit(1);
    if (!row) throw notFound(m.noneYet);
    return toStrategy(row);
  }

  /** The archive: published strategies, newest month first. */
  async archive(user: UserRow, limit: number): Promise<Strategy[]> {
    await this.#premiumNow(user);
    const rows = await this.deps.db
      .select()
      .from(strategies)
      .where(eq(strategies.state, 'published'))
      .orderBy(desc(strategies.month), desc(strategies.publishedAt))
      .limit(limit);
    return rows.map(toStrategy);
  }

  /** One published strategy (a draft or an unknown id is 404, as if it did not exist). */
  async published(user: UserRow, id: string): Promise<Strategy> {
    await this.#premiumNow(user);
    const row = await this.#find(id);
    if (row.state !== 'published') throw notFound(m.notFound);
    return toStrategy(row);
  }

  /** The time now, once the user is known to have the monthly strategy (else 403). */
  async #premiumNow(user: UserRow): Promise<Date> {
    const now = this.deps.now();
    await requireFeature(this.deps.plans, user, 'monthlyStrategyUpdate', now);
    return now;
  }

  async #find(id: string): Promise<StrategyRow> {
    const [row] = await this.deps.db.select().from(strategies).where(eq(strategies.id, id));
    if (!row) throw notFound(m.notFound);
    return row;
  }

  async #record(
    admin: UserRow,
    action: 'strategy.create' | 'strategy.update' | 'strategy.publish' | 'strategy.delete',
    row: StrategyRow,
    details: Record<string, unknown> = {},
  ) {
    await this.#audit.record({
      actorId: admin.id,
      action,
      targetType: 'strategy',
      targetId: row.id,
      details: { title: row.title, ...details },
    });
  }
}
