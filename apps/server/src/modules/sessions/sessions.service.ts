import type { RevokeOtherSessionsResponse, UserSession } from '@tb/core';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { notFound, unauthorized } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { revokeSessions } from '../../lib/session-cache.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { deviceLabel } from './device-label.js';
import { UserSessionsRepository, type OwnSessionRow } from './user-sessions.repository.js';

const sessionNotFound = () => notFound('Session not found');
/** The auth check's own words for a session that ended (here: by a concurrent sign-out). */
const sessionEnded = () => unauthorized('Your session has expired. Please log in again.');

/**
 * Profile → Sessions: the signed-in user's live sessions, and signing out one of them or every
 * other one (issue 29). A sign-out runs under the user's row lock with the check that the
 * asking session is still live, is recorded in the audit log in the same transaction, and is
 * answered only once every instance dropped the session from its cache (`revokeSessions`).
 */
export class SessionsService {
  constructor(private readonly deps: { db: Db; now: Clock }) {}

  /** The live sessions, the most recently seen first; the asking one counts as seen now. */
  async list(user: UserRow, currentId: string): Promise<UserSession[]> {
    const now = this.deps.now();
    const rows = await new UserSessionsRepository(this.deps.db).listLive(user.id, now);
    return rows
      .map((row) => toListed(row, currentId, now))
      .sort(
        (a, b) => Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt) || (a.id < b.id ? -1 : 1),
      );
  }

  /** Signs out one of the user's sessions (the asking one too: a logout); 404 if not theirs. */
  async signOut(user: UserRow, currentId: string, sessionId: string): Promise<void> {
    const now = this.deps.now();
    await this.deps.db.transaction(async (tx) => {
      const repo = new UserSessionsRepository(tx);
      await repo.lockUser(user.id);
      if (!(await repo.isLive(currentId, now))) throw sessionEnded();
      const target = await repo.findOwn(user.id, sessionId);
      if (!target) throw sessionNotFound();
      // Already signed out (a concurrent request did it): answered alike, recorded once.
      if (!(await repo.revoke(sessionId, now))) return;
      await new AuditRepository(tx).record({
        actorId: user.id,
        action: 'session.revoke',
        targetType: 'user',
        targetId: user.id,
        details: {
          username: user.username,
          sessionId,
          device: deviceLabel(target.userAgent),
          current: sessionId === currentId,
        },
      });
    });
    // Also after a concurrent request revoked it: that one may not have published it yet.
    await revokeSessions({ sessionId });
  }

  /** Signs out every other live session of the user; keeps the asking one. */
  async signOutOthers(user: UserRow, currentId: string): Promise<RevokeOtherSessionsResponse> {
    const now = this.deps.now();
    const revoked = await this.deps.db.transaction(async (tx) => {
      const repo = new UserSessionsRepository(tx);
      await repo.lockUser(user.id);
      if (!(await repo.isLive(currentId, now))) throw sessionEnded();
      const count = await repo.revokeOthers(user.id, currentId, now);
      if (count > 0) {
        await new AuditRepository(tx).record({
          actorId: user.id,
          action: 'session.revoke_others',
          targetType: 'user',
          targetId: user.id,
          details: { username: user.username, revoked: count },
        });
      }
      return count;
    });
    // The asking session is dropped from the caches too and checked again: as cheap.
    await revokeSessions({ userId: user.id });
    return { revoked };
  }
}

function toListed(row: OwnSessionRow, currentId: string, now: Date): UserSession {
  const current = row.id === currentId;
  // Never used since sign-in: seen when it was made.
  const lastSeen = current ? now : (row.lastSeenAt ?? row.createdAt);
  return {
    id: row.id,
    device: deviceLabel(row.userAgent),
    ipAddress: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: lastSeen.toISOString(),
    current,
  };
}
