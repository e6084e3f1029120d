import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.js';
import { sessionsRoutes } from './sessions.routes.js';
import { SessionsService } from './sessions.service.js';

/** Profile → Sessions: list one's sessions, sign out one or every other one. */
export async function registerSessions(api: FastifyInstance, { db, now }: ModuleDeps) {
  await api.register(sessionsRoutes, { sessions: new SessionsService({ db, now }) });
}
