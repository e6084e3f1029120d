import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers that say someone was refused: each is a security event (issue 29). */
const REFUSALS = new Set([401, 403, 429]);

/**
 * One log line per refused request (401, 403, 429): the route (its pattern, so no token in a
 * path is written), method, status, error code, client address and the signed-in user if any.
 * Never a body, header or token. 401s, what an expired session answers in the course of a day,
 * are at info; 403s and 429s at warn. The account-relevant ones also go to the audit log where
 * they happen (sign-ins: SignIn; admin routes: requireAdmin).
 */
export const securityEvents = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (req, reply) => {
      if (!REFUSALS.has(reply.statusCode)) return;
      const line = {
        event: 'security',
        status: reply.statusCode,
        method: req.method,
        route: req.routeOptions.url ?? 'unknown route',
        ip: req.ip,
        userId: req.auth?.user.id,
      };
      if (reply.statusCode === 401) req.log.info(line, 'request refused');
      else req.log.warn(line, 'request refused');
    });
  },
  { name: 'security-events' },
);
