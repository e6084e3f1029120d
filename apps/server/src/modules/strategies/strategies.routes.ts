import {
  CreateStrategyRequestSchema,
  PublishStrategyRequestSchema,
  PublishStrategyResponseSchema,
  StrategiesQuerySchema,
  StrategiesResponseSchema,
  StrategyIdParamsSchema,
  StrategyResponseSchema,
  SuccessResponseSchema,
  UpdateStrategyRequestSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import type { StrategiesService } from './strategies.service.js';

const security = [{ bearer: [] }];

/** The monthly strategy (DESIGN.md section 15): the admin's editor and the premium reads. */
export const strategiesRoutes: FastifyPluginAsyncZod<{ strategies: StrategiesService }> = async (
  app,
  { strategies },
) => {
  const admin = { onRequest: app.requireAdmin };
  const tags = ['admin'];

  app.get(
    '/admin/strategies',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Every strategy, drafts and published, newest first',
        response: { 200: StrategiesResponseSchema },
      },
    },
    async () => ({ strategies: await strategies.adminList() }),
  );

  app.post(
    '/admin/strategies',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Write a strategy draft: title, text (Markdown) and a 25-cell board',
        body: CreateStrategyRequestSchema,
        response: { 201: StrategyResponseSchema },
      },
    },
    async (req, reply) => {
      const strategy = await strategies.create(currentUser(req), req.body);
      return reply.status(201).send({ strategy });
    },
  );

  app.put(
    '/admin/strategies/:id',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Edit a strategy, draft or published (audited)',
        params: StrategyIdParamsSchema,
        body: UpdateStrategyRequestSchema,
        response: { 200: StrategyResponseSchema },
      },
    },
    async (req) => ({
      strategy: await strategies.update(currentUser(req), req.params.id, req.body),
    }),
  );

  app.post(
    '/admin/strategies/:id/publish',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary:
          'Publish a strategy for a month (409 if that month has one; audited), optionally mailing the subscribers',
        params: StrategyIdParamsSchema,
        body: PublishStrategyRequestSchema,
        response: { 200: PublishStrategyResponseSchema },
      },
    },
    async (req) =>
      strategies.publish(currentUser(req), req.params.id, req.body.month, req.body.mailSubscribers),
  );

  app.delete(
    '/admin/strategies/:id',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Delete a strategy draft (a published one stays; audited)',
        params: StrategyIdParamsSchema,
        response: { 200: SuccessResponseSchema },
      },
    },
    async (req) => {
      await strategies.remove(currentUser(req), req.params.id);
      return { success: true };
    },
  );

  app.get(
    '/strategies/current',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['strategies'],
        security,
        summary:
          'Premium: the strategy published for this month (UTC), else the latest published; 404 when none',
        response: { 200: StrategyResponseSchema },
      },
    },
    async (req) => ({ strategy: await strategies.current(currentUser(req)) }),
  );

  app.get(
    '/strategies',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['strategies'],
        security,
        summary: 'Premium: the archive of published strategies, newest month first',
        querystring: StrategiesQuerySchema,
        response: { 200: StrategiesResponseSchema },
      },
    },
    async (req) => ({
      strategies: await strategies.archive(currentUser(req), req.query.limit),
    }),
  );

  app.get(
    '/strategies/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['strategies'],
        security,
        summary: 'Premium: one published strategy; a draft or an unknown id is 404',
        params: StrategyIdParamsSchema,
        response: { 200: StrategyResponseSchema },
      },
    },
    async (req) => ({ strategy: await strategies.published(currentUser(req), req.params.id) }),
  );
};
