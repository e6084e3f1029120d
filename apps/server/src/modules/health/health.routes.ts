import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isDatabaseUnavailable } from '../../lib/db-errors.js';

const HealthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
  uptimeSec: z.number(),
});

/** What the probe needs of the database (db/client's Database). */
interface PingableDatabase {
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
}

/** A probe must answer whatever the database does: a frozen one is reported within this. */
export const HEALTH_TIMEOUT_MS = 1_000;

export const healthRoutes: FastifyPluginAsyncZod<{
  database: PingableDatabase;
  version: string;
}> = async (app, { database, version }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: HealthSchema },
      },
    },
    async (req) => {
      const failure = await pingWithin(database, HEALTH_TIMEOUT_MS);
      if (failure) {
        if (failure.err) req.log.warn({ err: failure.err }, 'health: database check failed');
        throw new AppError(503, 'DATABASE_UNAVAILABLE', failure.message, undefined, {
          reason: failure.reason,
        });
      }
      return {
        status: 'ok' as const,
        db: database.kind,
        version,
        uptimeSec: Math.round(process.uptime()),
      };
    },
  );
};

interface PingFailure {
  reason: 'DATABASE_TIMEOUT' | 'DATABASE_UNREACHABLE' | 'DATABASE_ERROR';
  message: string;
  err?: unknown;
}

/** Pings the database; null when it answered within `timeoutMs`, otherwise why not. */
async function pingWithin(
  database: PingableDatabase,
  timeoutMs: number,
): Promise<PingFailure | null> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<PingFailure>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          reason: 'DATABASE_TIMEOUT',
          message: `The database did not answer within ${timeoutMs} ms.`,
        }),
      timeoutMs,
    );
  });
  const pinged = database.ping().then(
    () => null,
    (err: unknown): PingFailure =>
      isDatabaseUnavailable(err)
        ? { reason: 'DATABASE_UNREACHABLE', message: 'The database cannot be reached.', err }
        : { reason: 'DATABASE_ERROR', message: 'The database answered with an error.', err },
  );
  try {
    return await Promise.race([pinged, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
