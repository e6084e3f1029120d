import {
  AnalyticsQuerySchema,
  AnalyticsResponseSchema,
  ScriptCellWinRatesResponseSchema,
  TradeListResponseSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import type { AnalyticsService } from './analytics.service.js';
import type { ScriptWinRatesService } from './script-winrates.service.js';

const secured = { security: [{ bearer: [] }], tags: ['analytics'] };
const FILTERS =
  'Filters (all optional): from and to (the trader’s local dates, YYYY-MM-DD, both included; a closed trade is dated by its close, an OPEN one by its opening), pair, side (long, short), board (id), tier (1..5), source (journal, exchange)';

/** Analytics of DESIGN.md section 8: premium only (403 PREMIUM_REQUIRED for free users). */
export const analyticsRoutes: FastifyPluginAsyncZod<{
  analytics: AnalyticsService;
  scriptWinRates: ScriptWinRatesService;
}> = async (app, { analytics, scriptWinRates }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/analytics',
    {
      schema: {
        ...secured,
        summary: `Premium: the report of the filtered trades (summary, equity, R distribution, calendar in the user's time zone, by tier, per-cell edge, by pair, side, weekday and hour, discipline) and the filters' options from every trade. ${FILTERS}`,
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsResponseSchema },
      },
    },
    async (req) => analytics.report(currentUser(req), req.query),
  );

  app.get(
    '/analytics/trades',
    {
      schema: {
        ...secured,
        summary: `Premium: the filtered trades, newest close first (an OPEN one by its opening), at most 1000. ${FILTERS}`,
        querystring: AnalyticsQuerySchema,
        response: { 200: TradeListResponseSchema },
      },
    },
    async (req) => analytics.trades(currentUser(req), req.query),
  );

  app.get(
    '/analytics/export.csv',
    {
      schema: {
        ...secured,
        summary: `Premium: the filtered trades as CSV (columns of the journal export, with rMultiple and pnlUsd), saved as trading-bingo-analytics-<from|all>-<to|all>.csv. ${FILTERS}`,
        querystring: AnalyticsQuerySchema,
        produces: ['text/csv'],
        response: {
          200: {
            description:
              'The filtered trades, one line per trade (columns of core TRADE_CSV_COLUMNS)',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) => {
      const file = await analytics.exportCsv(currentUser(req), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.csv);
    },
  );

  app.get(
    '/analytics/script-cells',
    {
      schema: {
        ...secured,
        summary:
          "Annual plan (case winrate; others 403 PREMIUM_REQUIRED): each script cell's trades, wins, losses, win rate (with its 95 % Wilson interval) and average R across every trader's verified trades, against the win rate of all verified trades over the same period (edge = the difference). Verified: closed by the exchange's fills (source exchange, not imported), decided (a win or a loss; breakeven left out). The period starts at the close of the first such trade a script cell was ticked on. Anonymous and aggregate: counts only, no user. Counted at most once a minute.",
        response: { 200: ScriptCellWinRatesResponseSchema },
      },
    },
    async (req) => scriptWinRates.winRates(currentUser(req)),
  );
};
