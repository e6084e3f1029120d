import {
  AdminStatusRequestSchema,
  AdminUserListQuerySchema,
  AdminUserListResponseSchema,
  AdminUserSchema,
  MessageResponseSchema,
  PremiumStatusRequestSchema,
  SendVerificationRequestSchema,
  UpdateEmailRequestSchema,
  UpdateUsernameRequestSchema,
  UserIdParamsSchema,
  UserStatsResponseSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import type { UsersAdminService } from './users-admin.service.js';

const admin = { tags: ['admin'], security: [{ bearer: [] }] };

/** The admin panel's calls on accounts: every one needs an admin session. */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ admin: UsersAdminService }> = async (
  app,
  opts,
) => {
  const service = opts.admin;
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/users/all',
    {
      schema: {
        ...admin,
        summary: 'Accounts, newest first, with search (username or email) and pages',
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListResponseSchema },
      },
    },
    async (req) => service.list(req.query),
  );

  app.get(
    '/users/stats',
    {
      schema: {
        ...admin,
        summary: 'Counts of accounts, premium, admins, verified, subscriptions and trades',
        response: { 200: UserStatsResponseSchema },
      },
    },
    async () => service.stats(),
  );

  app.put(
    '/users/premium-status',
    {
      schema: {
        ...admin,
        summary: 'Grant or remove premium (the admin flag; subscriptions are separate)',
        body: PremiumStatusRequestSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (req) => service.setPremium(currentUser(req), req.body.userId, req.body.isPaidUser),
  );

  app.put(
    '/users/admin-status',
    {
      schema: {
        ...admin,
        summary: 'Grant or remove admin status (never your own removal)',
        body: AdminStatusRequestSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (req) => service.setAdmin(currentUser(req), req.body.userId, req.body.isAdmin),
  );

  app.put(
    '/users/email',
    {
      schema: {
        ...admin,
        summary: "Change a user's email (unverified until confirmed)",
        body: UpdateEmailRequestSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (req) => service.setEmail(currentUser(req), req.body.userId, req.body.email),
  );

  app.put(
    '/users/username',
    {
      schema: {
        ...admin,
        summary: "Change a user's username",
        body: UpdateUsernameRequestSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (req) => service.setUsername(currentUser(req), req.body.userId, req.body.username),
  );

  app.post(
    '/users/send-verification',
    {
      schema: {
        ...admin,
        summary: 'Mail a verification link to a user whose email is not verified',
        body: SendVerificationRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => service.sendVerification(currentUser(req), req.body.userId),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        ...admin,
        summary: 'Delete an account with its boards, trades, keys and subscriptions',
        params: UserIdParamsSchema,
      },
    },
    async (req, reply) => {
      await service.delete(currentUser(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
