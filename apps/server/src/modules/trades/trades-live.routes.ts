import {
  IdParamsSchema,
  MoveStopRequestSchema,
  TradeResponseSchema,
  TradeWithStatsResponseSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { liveRequestOf } from './idempotency.js';
import type { TradeActions } from './trades-actions.js';

const secured = { security: [{ bearer: [] }], tags: ['trades'] };

/**
 * Actions on a trade placed on the exchange (DESIGN.md sections 9 and 11): one at a time per
 * trader, each answered once per `Idempotency-Key`. They only reduce or protect a position, so
 * they stay allowed while the session is ended or the live-trading switch is off.
 */
export const tradesLiveRoutes: FastifyPluginAsyncZod<{ actions: TradeActions }> = async (
  app,
  { actions },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/trades/:id/cancel-entry',
    {
      schema: {
        ...secured,
        summary:
          "Cancel a placed trade's resting entry with its take profit and stop, and delete the journal trade (today's trade count keeps it). 409 when the entry has filled (close at market instead), when the trade was not placed, or is closed",
        params: IdParamsSchema,
      },
    },
    async (req, reply) => {
      const answer = await actions.cancelEntry(currentUser(req), req.params.id, liveRequestOf(req));
      return answer.status === 204
        ? reply.status(204).send()
        : reply.status(answer.status).send(answer.body);
    },
  );

  app.post(
    '/trades/:id/stop',
    {
      schema: {
        ...secured,
        summary:
          "Move a held position's stop toward profit (long: original stop < new < mark; short: mark < new < original stop): a new reduce-only stop for the filled size replaces the old one; R stays measured against the original stop. 400 otherwise; 409 when the entry has not filled, the trade was not placed, or is closed",
        params: IdParamsSchema,
        body: MoveStopRequestSchema,
        response: { 200: TradeResponseSchema },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const answer = await actions.moveStop(
        user,
        req.params.id,
        req.body.stopLoss,
        liveRequestOf(req),
      );
      return reply.status(answer.status as never).send(answer.body as never);
    },
  );

  app.post(
    '/trades/:id/close-market',
    {
      schema: {
        ...secured,
        summary:
          'Close a held position at market (reduce-only, allowed while the session is ended): take profit and stop cancelled, fills read, the trade closed verified from them',
        params: IdParamsSchema,
        response: { 200: TradeWithStatsResponseSchema },
      },
    },
    async (req, reply) => {
      const answer = await actions.closeMarket(currentUser(req), req.params.id, liveRequestOf(req));
      return reply.status(answer.status as never).send(answer.body as never);
    },
  );
};
