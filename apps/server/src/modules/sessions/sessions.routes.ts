import {
  RevokeOtherSessionsResponseSchema,
  UserSessionListResponseSchema,
  UserSessionParamsSchema,
} from '@tb/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/app-error.js';
import type { SessionsService } from './sessions.service.js';

/** The caller's session (JWT `jti`) and user, after `authenticate`. */
function caller(req: FastifyRequest) {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/** Profile → Sessions: the signed-in user's own sessions (issue 29, finding 11). */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (
  app,
  { sessions },
) => {
  app.get(
    '/users/me/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Your signed-in sessions: device, address, last seen; the most recent first',
        security: [{ bearer: [] }],
        response: { 200: UserSessionListResponseSchema },
      },
    },
    async (req) => {
      const { user, sessionId } = caller(req);
      return { data: await sessions.list(user, sessionId) };
    },
  );

  app.delete(
    '/users/me/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Sign out one of your sessions (this one too: a logout)',
        security: [{ bearer: [] }],
        params: UserSessionParamsSchema,
      },
    },
    async (req, reply) => {
      const { user, sessionId } = caller(req);
      await sessions.signOut(user, sessionId, req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/users/me/sessions/revoke-others',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Sign out every other session of yours; this one stays signed in',
        security: [{ bearer: [] }],
        response: { 200: RevokeOtherSessionsResponseSchema },
      },
    },
    async (req) => {
      const { user, sessionId } = caller(req);
      return sessions.signOutOthers(user, sessionId);
    },
  );
};
