import {
  ChangePasswordRequestSchema,
  CheckEmailRequestSchema,
  CheckEmailResponseSchema,
  EmailOnlyRequestSchema,
  LoginRequestSchema,
  MessageResponseSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SessionResponseSchema,
  TokenParamsSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { SignInThrottledError, type AuthService } from './auth.service.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** Multiplies the per-IP limits (RATE_LIMIT_SCALE; test rigs sign up many users from one address). */
  rateLimitScale: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth } = opts;
  // Per-IP limits per minute; per-account limits live in the service.
  const perIp = (max: number) => ({
    rateLimit: { max: max * opts.rateLimitScale, timeWindow: '1 minute' },
  });
  const client = (req: { ip: string; headers: { 'user-agent'?: string | undefined } }) => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'],
  });

  app.post(
    '/users/register',
    {
      config: perIp(10),
      schema: {
        tags: ['auth'],
        summary: 'Create an account; the first account becomes the admin',
        body: RegisterRequestSchema,
        response: { 201: SessionResponseSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await auth.register(req.body, client(req))),
  );

  app.post(
    '/users/login',
    {
      config: perIp(20),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username (or email) and password',
        body: LoginRequestSchema,
        response: { 200: SessionResponseSchema },
      },
    },
    async (req, reply) => {
      try {
        return await auth.login(req.body, client(req));
      } catch (err) {
        // The error handler keeps headers set here: tell the client how long to wait.
        if (err instanceof SignInThrottledError) {
          void reply.header('retry-after', err.retryAfterSec);
        }
        throw err;
      }
    },
  );

  app.post(
    '/users/logout',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'End this session', security: [{ bearer: [] }] },
    },
    async (req, reply) => {
      await auth.logout(req.auth!.sessionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/check-email',
    {
      // As tight as registration, which it comes before: it must not serve as an address probe.
      config: perIp(10),
      schema: {
        tags: ['auth'],
        summary: 'Whether an email is already registered (never by whom)',
        body: CheckEmailRequestSchema,
        response: { 200: CheckEmailResponseSchema },
      },
    },
    async (req) => auth.checkEmail(req.body.email),
  );

  app.get(
    '/auth/verify-email/:token',
    {
      config: perIp(30),
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with the mailed link',
        params: TokenParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => auth.verifyEmail(req.params.token),
  );

  app.post(
    '/auth/resend-verification',
    {
      config: perIp(5),
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification mail',
        body: EmailOnlyRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => auth.resendVerification(req.body.email),
  );

  app.post(
    '/users/reset-password-request',
    {
      config: perIp(5),
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link',
        body: EmailOnlyRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => auth.requestPasswordReset(req.body.email),
  );

  app.post(
    '/users/reset-password/:token',
    {
      config: perIp(10),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed link',
        params: TokenParamsSchema,
        body: ResetPasswordRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => auth.resetPassword(req.params.token, req.body.password),
  );

  app.put(
    '/users/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session is signed out',
        security: [{ bearer: [] }],
        body: ChangePasswordRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => auth.changePassword(currentUser(req), req.auth!.sessionId, req.body),
  );
};
