import type { AnalyticsTrade } from '@tb/core';
import type { AnalyticsRepository, VersionedTrade } from './analytics.repository.js';

/** About 1.3 KB each with their cells: some 65 MB at most. */
export const MAX_CACHED_TRADES = 50_000;

interface Entry {
  /** The versions text of the database when `trades` was read; null when not read yet. */
  versions: string | null;
  rows: Map<string, VersionedTrade>;
  /** The same array while nothing changes: what is derived from it can be kept by identity. */
  trades: readonly AnalyticsTrade[];
}

/** `id:version,id:version,...` (AnalyticsRepository.versions) by id. */
function parseVersions(text: string): Map<string, string> {
  const versions = new Map<string, string>();
  if (text === '') return versions;
  for (const pair of text.split(',')) {
    const at = pair.indexOf(':');
    versions.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return versions;
}

/**
 * The analytics rows of the users who read analytics lately, each with its row version, so a
 * request reads again only what changed since (nothing, or the trade just closed) instead of
 * every trade. Every request still asks the database for the current versions: a write by
 * another instance, a migration or any SQL is seen at once, and what is served is always what
 * the database holds. Least recently read users go first past `maxTrades`.
 */
export class TradeRowsCache {
  readonly #users = new Map<string, Entry>();
  #size = 0;

  constructor(private readonly maxTrades = MAX_CACHED_TRADES) {}

  /**
   * The user's trades as the database holds them now. Run `repo` in one snapshot (a
   * repeatable-read transaction) so the versions and the rows read again agree.
   */
  async load(userId: string, repo: AnalyticsRepository): Promise<readonly AnalyticsTrade[]> {
    const cached = this.#users.get(userId);
    // Nothing kept: one query reads every trade with its version.
    if (!cached) return this.#keep(userId, null, await repo.analyticsTrades(userId)).trades;
    const versions = await repo.versions(userId);
    if (versions === cached.versions) return this.#touch(userId, cached).trades;
    const kept: VersionedTrade[] = [];
    const changed: string[] = [];
    for (const [id, version] of parseVersions(versions)) {
      const row = cached.rows.get(id);
      if (row?.version === version) kept.push(row);
      else changed.push(id);
    }
    if (changed.length === 0 && kept.length === cached.rows.size) {
      return this.#touch(userId, { ...cached, versions }).trades;
    }
    const read = await repo.analyticsTrades(userId, changed);
    return this.#keep(userId, versions, kept.concat(read)).trades;
  }

  /** Keeps `rows` as the user's (the most recently read), then trims to the budget. */
  #keep(userId: string, versions: string | null, rows: VersionedTrade[]): Entry {
    const entry = {
      versions,
      rows: new Map(rows.map((row) => [row.trade.id, row])),
      trades: rows.map((row) => row.trade),
    };
    this.#forget(userId);
    // A journal larger than the whole budget is served, not kept.
    if (entry.rows.size > this.maxTrades) return entry;
    this.#size += entry.rows.size;
    this.#touch(userId, entry);
    for (const [oldest] of this.#users) {
      if (this.#size <= this.maxTrades || oldest === userId) break;
      this.#forget(oldest);
    }
    return entry;
  }

  /** Marks the user as the most recently read. */
  #touch(userId: string, entry: Entry): Entry {
    this.#users.delete(userId);
    this.#users.set(userId, entry);
    return entry;
  }

  #forget(userId: string): void {
    this.#size -= this.#users.get(userId)?.rows.size ?? 0;
    this.#users.delete(userId);
  }

  /** How many trades are kept, over how many users. */
  get stats(): { trades: number; users: number } {
    return { trades: this.#size, users: this.#users.size };
  }
}
