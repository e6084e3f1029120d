import {
  ConnectedExchangeSchema,
  ConnectExchangeRequestSchema,
  ExchangeListResponseSchema,
  text,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import { EXCHANGE_NAME, toConnection } from './api-key-views.js';
import type { ApiKeysService } from './api-keys.service.js';

const secured = { security: [{ bearer: [] }], tags: ['api-keys'] };

/** Connected exchanges: the user's active keys (SPEC.md section 7, /api/users/exchanges). */
export const connectionsRoutes: FastifyPluginAsyncZod<{ keys: ApiKeysService }> = async (
  app,
  { keys },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/users/exchanges',
    {
      schema: {
        ...secured,
        summary: 'Connected exchanges (one per active key)',
        response: { 200: ExchangeListResponseSchema },
      },
    },
    async (req) => ({
      success: true,
      exchanges: (await keys.activeRows(currentUser(req).id)).map(toConnection),
    }),
  );

  app.post(
    '/users/exchanges',
    {
      schema: {
        ...secured,
        summary: 'Connect an exchange: keys checked against it first; paper made in one call',
        body: ConnectExchangeRequestSchema,
        response: {
          201: z.object({
            success: z.literal(true),
            exchangeName: z.string(),
            exchange: ConnectedExchangeSchema,
          }),
        },
      },
    },
    async (req, reply) => {
      const row = await keys.add(currentUser(req), req.body, true, { verify: true });
      return reply
        .status(201)
        .send({ success: true, exchangeName: EXCHANGE_NAME, exchange: toConnection(row) });
    },
  );

  app.delete(
    '/users/exchanges/:id',
    {
      schema: {
        ...secured,
        summary: 'Remove a connection (its key is deleted)',
        params: z.object({ id: text('Id').max(100) }),
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (req) => {
      await keys.remove(currentUser(req), req.params.id);
      return { success: true as const };
    },
  );
};
