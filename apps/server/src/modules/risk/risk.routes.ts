import { RiskSettingsRequestSchema, RiskStateSchema, RiskUpdateRequestSchema } from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import type { RiskService } from './risk.service.js';

const schema = { security: [{ bearer: [] }], tags: ['risk'], response: { 200: RiskStateSchema } };

export const riskRoutes: FastifyPluginAsyncZod<{ risk: RiskService }> = async (app, { risk }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/risk-management',
    {
      schema: {
        ...schema,
        summary:
          "Risk state of today (rolled over to the trading day of now in the user's time zone): daily stats and totals in USD, settings, pendingSettings, tradingDay",
      },
    },
    async (req) => risk.get(currentUser(req)),
  );
  app.post(
    '/risk-management/update',
    {
      schema: {
        ...schema,
        summary:
          'Apply a closed outcome; profitLoss is its P/L in USD. A stoploss at 3 is 403 SESSION_ENDED with reason and reopensAt',
        body: RiskUpdateRequestSchema,
      },
    },
    async (req) => risk.update(currentUser(req), req.body),
  );
  app.post(
    '/risk-management/settings',
    {
      schema: {
        ...schema,
        summary:
          'Account size, base trade size and the daily limits (maxDailyLoss 1..1,000,000 USD, maxTradesPerDay 1..20): a tighter limit applies at once, a looser one from the next trading day (pendingSettings)',
        body: RiskSettingsRequestSchema,
      },
    },
    async (req) => risk.settings(currentUser(req), req.body),
  );
  app.post(
    '/risk-management/reset-sl',
    {
      schema: {
        ...schema,
        summary:
          'Did you touch some grass? Yes: resets slTaken 60 minutes after the third stoploss, once per trading day; before that or a second time 409 COOLDOWN with reason and reopensAt',
      },
    },
    async (req) => risk.resetStoplosses(currentUser(req)),
  );
  app.post(
    '/risk-management/reset-stats',
    { schema: { ...schema, summary: 'Reset all-time statistics' } },
    async (req) => risk.resetStats(currentUser(req)),
  );
};
