import { ExchangeError } from '@tb/hyperliquid';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ExchangeCursorRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { ReconcilerRepository } from './reconciler.repository.js';

/** The longest back-off after repeated failures. */
export const MAX_BACKOFF_MS = 5 * 60_000;
/** The back-off base when the loop is off (RECONCILE_INTERVAL_MS=0). */
const DEFAULT_BACKOFF_BASE_MS = 2_000;

export interface PassFailureDeps {
  db: Db;
  now: Clock;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** The instance whose lease the pass held. */
  me: string;
}

/**
 * A pass that failed: a removed connection's cursor is dropped; otherwise one failure more
 * and no pass before now + min(interval × 2^failures, 5 min). Logged without secrets.
 */
export async function passFailed(
  { db, now: clock, log, intervalMs, me }: PassFailureDeps,
  cursor: ExchangeCursorRow,
  error: unknown,
): Promise<void> {
  const { connectionId, userId } = cursor;
  const repo = new ReconcilerRepository(db);
  const now = clock();
  if (error instanceof AppError && error.code === 'EXCHANGE_NOT_CONNECTED') {
    if (!(await repo.connectionExists(userId, connectionId))) {
      await repo.dropCursor(connectionId);
      return;
    }
  }
  // An API wallet that does not act for its wallet: that account's fills are not this
  // trader's to read (DESIGN.md section 11). Its cursor goes; nothing is verified from it.
  if (error instanceof AppError && error.code === 'NOT_ACCOUNT_OWNER') {
    await repo.dropCursor(connectionId);
    return;
  }
  const failures = cursor.failures + 1;
  const base = intervalMs > 0 ? intervalMs : DEFAULT_BACKOFF_BASE_MS;
  const retryInMs = Math.min(base * 2 ** failures, MAX_BACKOFF_MS);
  await repo.backOff(me, connectionId, failures, new Date(now.getTime() + retryInMs), now);
  if (error instanceof ExchangeError || error instanceof AppError) {
    log.warn(
      { connectionId, failures, retryInMs, reason: error.message },
      'reconciler: reading fills failed; retrying later',
    );
  } else {
    log.error(
      { connectionId, failures, retryInMs, err: error },
      'reconciler: applying fills failed; retrying later',
    );
  }
}
