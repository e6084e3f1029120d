import { signalSettingsRequestSchema, SignalSettingsResponseSchema } from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import type { SignalsService } from './signals.service.js';

const secured = { security: [{ bearer: [] }], tags: ['signals'] };

/** Discord signals settings and the test message (docs/API.md). */
export const signalsRoutes: FastifyPluginAsyncZod<{
  signals: SignalsService;
  /** Loopback receivers allowed besides Discord (SIGNAL_TEST_ORIGINS; tests and demos). */
  extraOrigins: readonly string[];
}> = async (app, { signals, extraOrigins }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/signals/settings',
    {
      schema: {
        ...secured,
        summary: 'Signal settings (webhook URL masked)',
        response: { 200: SignalSettingsResponseSchema },
      },
    },
    async (req) => signals.settings(currentUser(req).id),
  );

  app.put(
    '/signals/settings',
    {
      schema: {
        ...secured,
        summary: 'Save the webhook URL, active flag and signal types',
        body: signalSettingsRequestSchema({ extraOrigins }),
        response: {
          200: z.object({ settings: SignalSettingsResponseSchema, message: z.string() }),
        },
      },
    },
    async (req) => signals.save(currentUser(req).id, req.body),
  );

  app.post(
    '/signals/test',
    {
      schema: {
        ...secured,
        summary: 'Send the positions and orders tables to the webhook now',
        response: { 200: z.object({ message: z.string(), notes: z.array(z.string()) }) },
      },
    },
    async (req) => signals.sendTest(currentUser(req).id),
  );
};
