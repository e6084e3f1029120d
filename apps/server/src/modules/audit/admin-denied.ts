import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { SharedState } from '../../lib/redis/shared-state.js';
import { WindowLimiter } from '../../lib/window-limiter.js';
import { AuditRepository } from './audit.repository.js';

/**
 * What a signed-in user who is not an admin asking for an admin route leaves in the audit log
 * (issue 29): one entry per user and route per 15 minutes (every refusal is logged by the
 * security-events plugin), so a client retrying in a loop cannot flood the log.
 */
export function adminDeniedRecorder(db: Queryable, state: SharedState, now: () => Date) {
  const audit = new AuditRepository(db);
  const once = new WindowLimiter('audit-admin-denied', 1, 15 * 60_000, state);
  return async (req: FastifyRequest, user: UserRow) => {
    const route = req.routeOptions.url ?? 'unknown route';
    if (!(await once.hit(`${user.id}\n${req.method} ${route}`, now().getTime()))) return;
    await audit.record({
      actorId: user.id,
      action: 'auth.admin_denied',
      targetType: 'route',
      targetId: `${req.method} ${route}`,
      details: { username: user.username, ip: req.ip },
    });
  };
}
