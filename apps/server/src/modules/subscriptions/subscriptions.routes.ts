import {
  AddSubscriptionRequestSchema,
  SetSubscriptionDateRequestSchema,
  SubscriptionResponseSchema,
  UserIdParamsSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import type { SubscriptionsService } from './subscriptions.service.js';

const own = { tags: ['subscriptions'], security: [{ bearer: [] }] };
const admin = { tags: ['subscriptions', 'admin'], security: [{ bearer: [] }] };
const answer = { 200: SubscriptionResponseSchema };

/** The user's own subscription and the admin's subscription management (docs/API.md). */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService;
}> = async (app, { subscriptions }) => {
  app.get(
    '/subscription',
    {
      onRequest: app.authenticate,
      schema: { ...own, summary: 'My subscription and the free plan', response: answer },
    },
    async (req) => subscriptions.get(currentUser(req)),
  );

  app.post(
    '/subscription/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        ...own,
        summary: 'Cancel my subscription (premium is kept until the end date)',
        response: answer,
      },
    },
    async (req) => subscriptions.cancel(currentUser(req), currentUser(req)),
  );

  app.post(
    '/subscription/free-trial',
    {
      onRequest: app.authenticate,
      schema: {
        ...own,
        summary: 'Claim the free 3-day premium plan (once every 30 days)',
        response: { 201: SubscriptionResponseSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await subscriptions.claimFreeTrial(currentUser(req))),
  );

  app.get(
    '/users/:id/subscription',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...admin,
        summary: "A user's subscription (admin)",
        params: UserIdParamsSchema,
        response: answer,
      },
    },
    async (req) => subscriptions.getFor(req.params.id),
  );

  app.post(
    '/users/:id/subscription/add',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...admin,
        summary: "Add a plan's days, from the running end date or from now (admin)",
        params: UserIdParamsSchema,
        body: AddSubscriptionRequestSchema,
        response: answer,
      },
    },
    async (req) => subscriptions.add(currentUser(req), req.params.id, req.body.plan),
  );

  app.post(
    '/users/:id/subscription/set-date',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...admin,
        summary: 'Move the end date of the subscription (admin)',
        params: UserIdParamsSchema,
        body: SetSubscriptionDateRequestSchema,
        response: answer,
      },
    },
    async (req) => subscriptions.setEndDate(currentUser(req), req.params.id, req.body.endDate),
  );

  app.post(
    '/users/:id/subscription/cancel',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...admin,
        summary: "Cancel a user's subscription, kept until its end date (admin)",
        params: UserIdParamsSchema,
        response: answer,
      },
    },
    async (req) => subscriptions.cancelFor(currentUser(req), req.params.id),
  );
};
