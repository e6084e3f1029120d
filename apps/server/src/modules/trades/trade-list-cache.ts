import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** How the list goes out: compressed as the client accepts, or as it is. */
export type ListEncoding = 'gzip' | 'br' | 'identity';

/**
 * Some 64 MB of encoded lists: a 5,000-trade journal is 5 MB of JSON plus 0.7 MB gzipped, a
 * journal of a hundred trades about 100 KB.
 */
export const MAX_CACHED_LIST_BYTES = 64 * 1024 * 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/** As @fastify/compress sends brotli (quality 4: near gzip's size at gzip's speed). */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** One trader's encoded list, for one version of their trades. */
export interface CachedList {
  readonly version: string;
  /** The JSON as the route's serializer wrote it (checked against its response schema). */
  readonly json: Buffer;
  /** The compressed forms asked for so far; shared by requests that ask at the same time. */
  readonly encoded: Map<Exclude<ListEncoding, 'identity'>, Promise<Buffer>>;
}

/**
 * The encoded trade list of the traders who read it lately, each for the version of their
 * trades it was read at (TradesRepository.listVersion). The caller asks the database for the
 * version on every request, so a write by another instance or by any SQL is seen at once: an
 * entry only saves reading, checking, writing and compressing the same answer again. Least
 * recently read traders go first past `maxBytes`; a list larger than the budget is served and
 * not kept.
 */
export class TradeListCache {
  readonly #users = new Map<string, CachedList>();
  readonly #sizes = new Map<CachedList, number>();
  #bytes = 0;

  constructor(private readonly maxBytes = MAX_CACHED_LIST_BYTES) {}

  /** The trader's list at `version`, marked as the most recently read; undefined otherwise. */
  get(userId: string, version: string): CachedList | undefined {
    const entry = this.#users.get(userId);
    if (entry?.version !== version) return undefined;
    this.#users.delete(userId);
    this.#users.set(userId, entry);
    return entry;
  }

  /** Keeps `json` as the trader's list at `version` (replacing any other), then trims. */
  put(userId: string, version: string, json: Buffer): CachedList {
    const entry: CachedList = { version, json, encoded: new Map() };
    this.#forget(userId);
    this.#users.set(userId, entry);
    this.#sizes.set(entry, 0);
    this.#grow(entry, json.length);
    return entry;
  }

  /** The list in `encoding`, compressed once per entry (in zlib's threads, off the event loop). */
  body(entry: CachedList, encoding: ListEncoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(entry.json);
    let encoded = entry.encoded.get(encoding);
    if (!encoded) {
      encoded = encoding === 'gzip' ? gzipAsync(entry.json) : brotliAsync(entry.json, BROTLI);
      entry.encoded.set(encoding, encoded);
      // Counted once it exists; an entry forgotten meanwhile is not counted again.
      void encoded.then(
        (buffer) => this.#grow(entry, buffer.length),
        () => entry.encoded.delete(encoding),
      );
    }
    return encoded;
  }

  /** Counts `bytes` more for `entry` while it is kept, then drops the least recently read. */
  #grow(entry: CachedList, bytes: number): void {
    const size = this.#sizes.get(entry);
    if (size === undefined) return;
    this.#sizes.set(entry, size + bytes);
    this.#bytes += bytes;
    for (const [userId, oldest] of this.#users) {
      if (this.#bytes <= this.maxBytes) break;
      // The entry just grown goes too when it alone is over the budget.
      if (oldest === entry && size + bytes <= this.maxBytes) continue;
      this.#forget(userId);
    }
  }

  #forget(userId: string): void {
    const entry = this.#users.get(userId);
    if (!entry) return;
    this.#bytes -= this.#sizes.get(entry) ?? 0;
    this.#sizes.delete(entry);
    this.#users.delete(userId);
  }

  /** How many bytes are kept, over how many traders. */
  get stats(): { bytes: number; users: number } {
    return { bytes: this.#bytes, users: this.#users.size };
  }
}
