import { RiskSettingsRequestSchema, RiskStateSchema, RiskUpdateRequestSchema } from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import type { RiskService } from './risk.service.js';

const schema = { security: [{ bearer: [] }], tags: ['risk'], response: { 200: RiskStateSchema } };

export const riskRoutes: FastifyPluginAsyncZod<{ risk: RiskService }> = async (app, { risk }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/risk-management',
    { schema: { ...schema, summary: 'Risk state of today' } },
    async (req) => risk.get(currentUser(req)),
  );
  app.post(
    '/risk-management/update',
    { schema: { ...schema, summary: 'Apply a closed trade', body: RiskUpdateRequestSchema } },
    async (req) => risk.update(currentUser(req), req.body),
  );
  app.post(
    '/risk-management/settings',
    {
      schema: {
        ...schema,
        summary: 'Account size and trade size',
        body: RiskSettingsRequestSchema,
      },
    },
    async (req) => risk.settings(currentUser(req), req.body),
  );
  app.post(
    '/risk-management/reset-sl',
    { schema: { ...schema, summary: 'Did you touch some grass? Yes' } },
    async (req) => risk.resetStoplosses(currentUser(req)),
  );
  app.post(
    '/risk-management/reset-stats',
    { schema: { ...schema, summary: 'Reset all-time statistics' } },
    async (req) => risk.resetStats(currentUser(req)),
  );
};
