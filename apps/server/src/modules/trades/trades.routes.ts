import {
  CreateTradeRequestSchema,
  IdParamsSchema,
  TradeListResponseSchema,
  TradeSchema,
  TradeStatusRequestSchema,
  TradeWithStatsResponseSchema,
  UpdateTradeRequestSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import type { TradesService } from './trades.service.js';

const secured = { security: [{ bearer: [] }], tags: ['trades'] };

export const tradesRoutes: FastifyPluginAsyncZod<{ trades: TradesService }> = async (
  app,
  { trades },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/trades',
    {
      schema: {
        ...secured,
        summary: 'The journal: OPEN first, then newest',
        response: { 200: TradeListResponseSchema },
      },
    },
    async (req) => trades.list(currentUser(req).id),
  );

  app.post(
    '/trades',
    {
      schema: {
        ...secured,
        summary: 'Record a new OPEN trade (refused while the session is ended)',
        body: CreateTradeRequestSchema,
        response: { 201: TradeSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await trades.create(currentUser(req), req.body)),
  );

  app.put(
    '/trades/:id',
    {
      schema: {
        ...secured,
        summary: 'Edit an OPEN trade',
        params: IdParamsSchema,
        body: UpdateTradeRequestSchema,
        response: { 200: TradeWithStatsResponseSchema },
      },
    },
    async (req) => trades.update(currentUser(req), req.params.id, req.body),
  );

  app.put(
    '/trades/:id/status',
    {
      schema: {
        ...secured,
        summary: 'Target Hit or Stoploss Hit',
        params: IdParamsSchema,
        body: TradeStatusRequestSchema,
        response: { 200: TradeWithStatsResponseSchema },
      },
    },
    async (req) => trades.close(currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/trades/:id',
    { schema: { ...secured, summary: 'Delete a trade', params: IdParamsSchema } },
    async (req, reply) => {
      await trades.remove(currentUser(req).id, req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/trades/clear-history',
    {
      schema: {
        ...secured,
        summary: 'Hide closed trades (kept for statistics)',
        response: { 200: TradeListResponseSchema },
      },
    },
    async (req) => trades.clearHistory(currentUser(req).id),
  );
};
