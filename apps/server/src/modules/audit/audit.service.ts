import type { AuditEntry, AuditLogResponse } from '@tb/core';
import type { AuditRepository, NamedAuditRow } from './audit.repository.js';

/** The audit log as the admin panel reads it. */
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  /** The newest `limit` entries, newest first. */
  async list(limit: number): Promise<AuditLogResponse> {
    return { entries: (await this.repo.latestNamed(limit)).map(toEntry) };
  }
}

function toEntry(row: NamedAuditRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    actor:
      row.actorId && row.actorUsername !== null
        ? { id: row.actorId, username: row.actorUsername }
        : null,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    details: isRecord(row.details) ? row.details : null,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
