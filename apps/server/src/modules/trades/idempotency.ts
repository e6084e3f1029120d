import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/app-error.js';

/** How long an answer is kept for a retry with the same key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

/** A key: 1 to 255 visible ASCII characters (a UUID, as the web client sends, fits). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header of a request, checked; undefined when none was sent. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !KEY.test(value)) {
    throw badRequest(
      'Idempotency-Key must be 1 to 255 visible characters, such as a UUID.',
      'Idempotency-Key',
    );
  }
  return value;
}

/** A live request: its Idempotency-Key (when sent) and what the key is bound to. */
export interface LiveRequest {
  key?: string | undefined;
  fingerprint: string;
}

/** What a key is bound to: the route, its parameters and the body it was first sent with. */
export function fingerprintOf(route: string, input: unknown): string {
  const hash = createHash('sha256')
    .update(JSON.stringify(input ?? null))
    .digest('base64url');
  return `${route} ${hash}`;
}

/** The Idempotency-Key of a request and what it is bound to (route, params, body). */
export function liveRequestOf(req: FastifyRequest): LiveRequest {
  return {
    key: idempotencyKeyOf(req.headers['idempotency-key']),
    fingerprint: fingerprintOf(`${req.method} ${req.routeOptions.url ?? req.url}`, {
      params: req.params ?? null,
      body: req.body ?? null,
    }),
  };
}

export const keyReused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  );

/** A stored answer. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type Claim = { state: 'new' } | { state: 'pending' } | ({ state: 'done' } & StoredAnswer);

/** The idempotency_keys table. Callers hold the user's lock (UserLocks). */
export class IdempotencyKeys {
  constructor(private readonly db: Queryable) {}

  /**
   * The key's state for this request: new (now recorded as pending), pending (an earlier
   * request with it has not answered) or done (its answer). A key kept for another request
   * is refused (422); keys older than 24 h are forgotten.
   */
  async claim(userId: string, key: string, fingerprint: string, now: Date): Promise<Claim> {
    const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
    await this.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, expired)));
    const [row] = await this.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!row) {
      await this.db.insert(idempotencyKeys).values({ userId, key, fingerprint, createdAt: now });
      return { state: 'new' };
    }
    if (row.fingerprint !== fingerprint) throw keyReused();
    if (row.status === null) return { state: 'pending' };
    return { state: 'done', status: row.status, body: row.response };
  }

  /** The first answer to the key (kept whatever comes later). */
  async complete(userId: string, key: string, answer: StoredAnswer): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ status: answer.status, response: answer.body ?? null })
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          isNull(idempotencyKeys.status),
        ),
      );
  }

  /** Purges every key older than 24 h (the reconciler's passes). */
  async purge(now: Date): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
  }
}
