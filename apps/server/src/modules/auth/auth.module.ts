import type { FastifyInstance } from 'fastify';
import type { MailQueue } from '../../lib/mail-queue.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { ModuleDeps } from '../module-deps.js';
import type { UsersModule } from '../users/users.module.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { EmailTokensRepository } from './email-tokens.repository.js';
import { DeviceTokens } from './device-tokens.js';
import { SharedLoginThrottle } from './login-throttle.js';
import { StepUpCodes } from './step-up-codes.js';
import type { SessionsRepository } from './sessions.repository.js';

/**
 * Register, login, logout, email verification and password reset. The sessions repository is
 * the one the auth plugin checks tokens against (built once in buildApp).
 */
export async function registerAuth(
  api: FastifyInstance,
  { db, config, now, log, state, box }: ModuleDeps,
  uses: { users: UsersModule; sessions: SessionsRepository; mails: MailQueue },
): Promise<AuthService> {
  const auth = new AuthService({
    users: uses.users.repo,
    usersService: uses.users.service,
    sessions: uses.sessions,
    emailTokens: new EmailTokensRepository(db),
    mails: uses.mails,
    audit: new AuditRepository(db),
    publicUrl: config.publicUrl,
    signToken: (userId, sessionId) => api.signSessionToken(userId, sessionId),
    loginThrottle: new SharedLoginThrottle(state, now),
    stepUps: new StepUpCodes(state, now),
    devices: new DeviceTokens(box),
    state,
    log,
    now,
  });
  await api.register(authRoutes, { auth, rateLimitScale: config.rateLimitScale });
  return auth;
}
