import type { PaperPricesStatus } from '@tb/paper-exchange';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { isDatabaseUnavailable } from '../../lib/db-errors.js';
import type { RedisStatus } from '../../lib/redis/redis-link.js';

const HealthSchema = z.object({
  /** degraded: serving, but Redis is configured and cannot be reached (limits per instance). */
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['pglite', 'postgres']),
  /** off: no REDIS_URL (one process); ok: shared state in Redis; down: see reason. */
  redis: z.enum(['off', 'ok', 'down']),
  /** Why the status is degraded. */
  reason: z.string().optional(),
  version: z.string(),
  uptimeSec: z.number(),
  /**
   * The paper market's prices (PAPER_PRICES; absent with PAPER_EXCHANGE=false): `source` is
   * where its marks come from now, `since` when that last changed (null: since the start),
   * `upstream` Hyperliquid mainnet's last answer (off: synthetic mode asks nothing).
   */
  paperPrices: z
    .object({
      mode: z.enum(['auto', 'mainnet', 'synthetic']),
      source: z.enum(['mainnet', 'synthetic']),
      since: z.iso.datetime().nullable(),
      upstream: z.enum(['ok', 'down', 'unknown', 'off']),
    })
    .optional(),
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
  /** The Redis connection's status (REDIS_URL), asked again when it failed lately. */
  redis: { probe(): Promise<RedisStatus> };
  version: string;
  /** The paper exchange's price source (null: no paper exchange). */
  paperPrices?: (() => PaperPricesStatus | undefined) | undefined;
}> = async (app, { database, redis, version, paperPrices }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, database and Redis check',
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
      const shared = await redis.probe();
      const prices = paperPrices?.();
      return {
        status: shared.state === 'down' ? ('degraded' as const) : ('ok' as const),
        db: database.kind,
        redis: shared.state,
        ...(shared.state === 'down' && { reason: shared.reason }),
        version,
        uptimeSec: Math.round(process.uptime()),
        ...(prices && {
          paperPrices: {
            ...prices,
            since: prices.since === null ? null : new Date(prices.since).toISOString(),
          },
        }),
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
