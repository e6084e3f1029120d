import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';

export interface AuditEntry {
  /** The acting user; null for the command line. */
  actorId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
}

/** An audit row with the names it refers to, resolved where the users still exist. */
export interface NamedAuditRow {
  id: number;
  createdAt: Date;
  action: string;
  actorId: string | null;
  actorUsername: string | null;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  details: unknown;
}

const actor = alias(users, 'actor');
const target = alias(users, 'target');

/** The append-only record of admin changes. */
export class AuditRepository {
  constructor(private readonly db: Queryable) {}

  async record(entry: AuditEntry) {
    await this.db.insert(auditLog).values({
      actorId: entry.actorId,
      // The actor's username as it is now: the entry keeps it if the account goes.
      actorName:
        entry.actorId === null
          ? null
          : sql`(select ${users.username} from ${users} where ${users.id} = ${entry.actorId})`,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      details: entry.details ?? null,
    });
  }

  async latest(limit = 100) {
    return this.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
  }

  /**
   * The newest entries with the actor's username as written and, for a user target, the target's username
   * (from the entry's details once the account is deleted), in one query.
   */
  async latestNamed(limit: number): Promise<NamedAuditRow[]> {
    const isUser = sql`${auditLog.targetType} = 'user'`;
    return this.db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        action: auditLog.action,
        actorId: auditLog.actorId,
        actorUsername: sql<string | null>`coalesce(${auditLog.actorName}, ${actor.username})`,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        targetLabel: sql<string | null>`case when ${isUser}
          then coalesce(${target.username}, ${auditLog.details} ->> 'username') end`,
        details: auditLog.details,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .leftJoin(target, sql`${isUser} and ${target.id}::text = ${auditLog.targetId}`)
      .orderBy(desc(auditLog.id))
      .limit(limit);
  }
}
