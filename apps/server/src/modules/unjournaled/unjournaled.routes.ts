import {
  AttachFillsRequestSchema,
  DismissFillsRequestSchema,
  ImportFillsRequestSchema,
  TradeWithStatsResponseSchema,
  UnjournaledResponseSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import type { UnjournaledService } from './unjournaled.service.js';

const secured = { security: [{ bearer: [] }], tags: ['exchange'] };

/** Unjournaled fills of the active connection (DESIGN.md section 9). */
export const unjournaledRoutes: FastifyPluginAsyncZod<{ unjournaled: UnjournaledService }> = async (
  app,
  { unjournaled },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/exchange/unjournaled',
    {
      schema: {
        ...secured,
        summary:
          "Round trips of the active connection's fills that no journal trade explains (fills read first, from the later of the connection's creation and 30 days ago), oldest first; dismissed ones left out",
        response: { 200: UnjournaledResponseSchema },
      },
    },
    async (req) => unjournaled.list(currentUser(req).id),
  );

  app.post(
    '/exchange/unjournaled/attach',
    {
      schema: {
        ...secured,
        summary:
          'Close an OPEN journal trade (same pair and side, not placed on the exchange) with the fills of one closed trip: verified, the risk state moves as any close',
        body: AttachFillsRequestSchema,
        response: { 200: TradeWithStatsResponseSchema },
      },
    },
    async (req) => unjournaled.attach(currentUser(req), req.body),
  );

  app.post(
    '/exchange/unjournaled/import',
    {
      schema: {
        ...secured,
        summary:
          "Import one closed trip as a new verified trade with the stated stop and target (score 0, manual target); the risk state moves as any close; not one of today's new trades, allowed while the session is ended",
        body: ImportFillsRequestSchema,
        response: { 201: TradeWithStatsResponseSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await unjournaled.import(currentUser(req), req.body)),
  );

  app.post(
    '/exchange/unjournaled/dismiss',
    {
      schema: {
        ...secured,
        summary: 'Hide unjournaled fills from the list',
        body: DismissFillsRequestSchema,
      },
    },
    async (req, reply) => {
      await unjournaled.dismiss(currentUser(req).id, req.body.tids);
      return reply.status(204).send();
    },
  );
};
