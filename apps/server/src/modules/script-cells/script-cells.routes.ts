import { ScriptCellsQuerySchema, ScriptCellsResponseSchema } from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import type { ScriptCellsService } from './script-cells.service.js';

/** Script cells of DESIGN.md section 15: quarterly and annual plans (403 PREMIUM_REQUIRED). */
export const scriptCellsRoutes: FastifyPluginAsyncZod<{ scriptCells: ScriptCellsService }> = async (
  app,
  { scriptCells },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/script-cells',
    {
      schema: {
        security: [{ bearer: [] }],
        tags: ['script-cells'],
        summary:
          "Premium (quarterly and annual): the script cells of the caller's plan ticked for a planned trade from the market data of the caller's network (daily candles of the coin and BTC, the timeframe's candles, the funding rate), each with its rule, value and the data it used",
        querystring: ScriptCellsQuerySchema,
        response: { 200: ScriptCellsResponseSchema },
      },
    },
    async (req) => scriptCells.evaluate(currentUser(req), req.query),
  );
};
