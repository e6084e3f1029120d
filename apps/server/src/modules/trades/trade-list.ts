import { createHash } from 'node:crypto';
import { TradeListResponseSchema, type Trade } from '@tb/core';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { COMPRESS_THRESHOLD } from '../../plugins/compression.js';
import { TradeListCache, type CachedList, type ListEncoding } from './trade-list-cache.js';
import { TradesRepository } from './trades.repository.js';

/** The version and the list read in one snapshot, so the one names the other. */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * The shape of the answer, in every ETag: a browser's copy from before a deploy that changed
 * what a trade carries is not revalidated as current.
 */
const FORMAT = createHash('sha256')
  .update(JSON.stringify(z.toJSONSchema(TradeListResponseSchema, { unrepresentable: 'any' })))
  .digest('base64url')
  .slice(0, 10);

/** The ETag of a trader's list at `version`: weak, as its encodings differ byte for byte. */
export const listEtag = (userId: string, version: string) => `W/"${userId}.${version}.${FORMAT}"`;

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * The encoding the list goes out in: gzip first (as small as brotli's quality 4 on this JSON,
 * in less time), then brotli, by the client's Accept-Encoding with its q-values; as it is when
 * the client takes neither or the list is small (plugins/compression.ts' threshold).
 */
export function pickEncoding(header: string | undefined, bytes: number): ListEncoding {
  if (bytes < COMPRESS_THRESHOLD) return 'identity';
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const accepts = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('gzip')) return 'gzip';
  return accepts('br') ? 'br' : 'identity';
}

/** What GET /api/trades answers: 304 with the ETag, or the encoded list with it. */
export type ListAnswer =
  | { status: 304; etag: string }
  | { status: 200; etag: string; encoding: ListEncoding; body: Buffer };

/** The request headers the answer depends on. */
export interface ListRequest {
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
}

/**
 * GET /api/trades answered from each trader's cached, encoded list while their trades are as
 * they were. Every request asks the database for the version of the trader's trades (one
 * query, TradesRepository.listVersion); a client holding that version gets 304, and one that
 * does not gets the list kept for it, or read, checked and encoded again when anything changed.
 */
export class TradeListAnswers {
  readonly #cache: TradeListCache;
  /** A read under way per trader: requests at the same moment wait for it instead of reading. */
  readonly #reading = new Map<string, Promise<CachedList>>();

  constructor(
    private readonly db: Db,
    /** The service's list (TradesService.list), run in the snapshot given. */
    private readonly list: (userId: string, q: Queryable) => Promise<Trade[]>,
    cache = new TradeListCache(),
  ) {
    this.#cache = cache;
  }

  /**
   * The trader's list for this request. `serialize` writes the list as the route's response
   * schema does (reply.serialize): what the cache keeps is what the route would send.
   */
  async answer(
    userId: string,
    request: ListRequest,
    serialize: (list: Trade[]) => string,
  ): Promise<ListAnswer> {
    const version = await new TradesRepository(this.db).listVersion(userId);
    const etag = listEtag(userId, version);
    if (etagMatches(request.ifNoneMatch, etag)) return { status: 304, etag };
    const entry =
      this.#cache.get(userId, version) ?? (await this.#read(userId, version, serialize));
    const encoding = pickEncoding(request.acceptEncoding, entry.json.length);
    const body = await this.#cache.body(entry, encoding);
    return { status: 200, etag: listEtag(userId, entry.version), encoding, body };
  }

  /**
   * Reads the list with its version in one snapshot and keeps it. A read already under way is
   * taken when it comes back at `version` (the one this request saw): an older one could miss
   * a write this request's client has already seen answered.
   */
  async #read(
    userId: string,
    version: string,
    serialize: (list: Trade[]) => string,
  ): Promise<CachedList> {
    const pending = this.#reading.get(userId);
    if (pending) {
      const shared = await pending.catch(() => undefined);
      if (shared?.version === version) return shared;
    }
    const read = this.db
      .transaction(async (tx) => {
        const atVersion = await new TradesRepository(tx).listVersion(userId);
        return { atVersion, list: await this.list(userId, tx) };
      }, SNAPSHOT)
      .then(({ atVersion, list }) =>
        this.#cache.put(userId, atVersion, Buffer.from(serialize(list))),
      );
    this.#reading.set(userId, read);
    try {
      return await read;
    } finally {
      if (this.#reading.get(userId) === read) this.#reading.delete(userId);
    }
  }
}
