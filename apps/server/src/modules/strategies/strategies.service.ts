import {
  hasFeature,
  premiumLockTexts,
  strategyMessages as m,
  type CreateStrategyRequest,
  type Strategy,
  type UpdateStrategyRequest,
} from '@tb/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { strategies, users, type StrategyRow, type UserRow } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { causeChain } from '../../lib/db-errors.js';
import type { PlanAccessSource } from '../analytics/analytics.service.js';
import { AuditRepository } from '../audit/audit.repository.js';

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

  constructor(private readonly deps: { db: Db; plans: PlanAccessSource; now: Clock }) {
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

  /** Publishes a strategy for `month`; 409 when another is published for it. */
  async publish(admin: UserRow, id: string, month: string): Promise<Strategy> {
    const existing = await this.#find(id);
    const now = this.deps.now();
    let row: StrategyRow | undefined;
    try {
      [row] = await this.deps.db
        .update(strategies)
        .set({
          month,
          state: 'published',
          publishedAt: existing.publishedAt ?? now,
          updatedAt: now,
        })
        .where(eq(strategies.id, id))
        .returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('CONFLICT', m.monthTaken, 'month');
      throw err;
    }
    if (!row) throw notFound(m.notFound);
    await this.#record(admin, 'strategy.publish', row, { month });
    return toStrategy(row);
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

  /** The time now, once the user is known to have the monthly strategy (else 403). */
  async #premiumNow(user: UserRow): Promise<Date> {
    const now = this.deps.now();
    if (!hasFeature(await this.deps.plans.planAccess(user, now), 'monthlyStrategyUpdate')) {
      throw new AppError(403, 'PREMIUM_REQUIRED', premiumLockTexts.defaultMessage);
    }
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
