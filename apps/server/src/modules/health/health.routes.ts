import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';

const HealthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
  uptimeSec: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  { database, version },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: HealthSchema },
      },
    },
    async () => {
      await database.ping().catch(() => {
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The database is not answering.');
      });
      return {
        status: 'ok' as const,
        db: database.kind,
        version,
        uptimeSec: Math.round(process.uptime()),
      };
    },
  );
};
