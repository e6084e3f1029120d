import type { AnalyticsTrade } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { TradeRowsCache } from './analytics-cache.js';
import type { AnalyticsRepository, TradeIds, VersionedTrade } from './analytics.repository.js';

const trade = (id: string, pnlUsd: number): AnalyticsTrade => ({
  id,
  pair: 'BTCUSDT',
  isLong: true,
  status: 'TARGET_HIT',
  openedAt: '2026-03-02T10:00:00.000Z',
  closedAt: '2026-03-02T11:00:00.000Z',
  rMultiple: 2,
  pnlUsd,
  riskRewardRatio: 2,
  tier: 2,
  score: 8,
  cells: null,
  targetManual: false,
  streakAtOpen: 0,
});

/** A database stand-in: rows by user, and every read the cache makes. */
class FakeTrades {
  readonly rows = new Map<string, VersionedTrade[]>();
  readonly reads: string[] = [];

  set(userId: string, rows: Array<[id: string, version: string, pnlUsd: number]>) {
    this.rows.set(
      userId,
      rows.map(([id, version, pnlUsd]) => ({ version, trade: trade(id, pnlUsd) })),
    );
  }

  repo(): AnalyticsRepository {
    const rowsOf = (userId: string) => this.rows.get(userId) ?? [];
    return {
      versions: async (userId: string) => {
        this.reads.push(`versions ${userId}`);
        return rowsOf(userId)
          .map((r) => `${r.trade.id}:${r.version}`)
          .join(',');
      },
      analyticsTrades: async (userId: string, ids: TradeIds = 'all') => {
        this.reads.push(`trades ${userId} ${ids === 'all' ? 'all' : ids.join(' ')}`);
        return rowsOf(userId).filter((r) => ids === 'all' || ids.includes(r.trade.id));
      },
    } as unknown as AnalyticsRepository;
  }
}

const pnls = (trades: readonly AnalyticsTrade[]) => trades.map((t) => [t.id, t.pnlUsd]);

describe('TradeRowsCache', () => {
  it('reads every trade once, then only the versions while nothing changes', async () => {
    const db = new FakeTrades();
    const cache = new TradeRowsCache();
    db.set('u1', [
      ['a', '10', 20],
      ['b', '11', -10],
    ]);
    const first = await cache.load('u1', db.repo());
    expect(pnls(first)).toEqual([
      ['a', 20],
      ['b', -10],
    ]);
    const second = await cache.load('u1', db.repo());
    const third = await cache.load('u1', db.repo());
    expect(pnls(second)).toEqual(pnls(first));
    // The same array while nothing changes, so what is derived from it can be kept.
    expect(third).toBe(second);
    expect(db.reads).toEqual(['trades u1 all', 'versions u1', 'versions u1']);
  });

  it('reads again only the trades whose version changed, and drops deleted ones', async () => {
    const db = new FakeTrades();
    const cache = new TradeRowsCache();
    db.set('u1', [
      ['a', '10', 20],
      ['b', '11', -10],
      ['c', '12', 5],
    ]);
    await cache.load('u1', db.repo());
    db.set('u1', [
      ['a', '10', 20],
      ['c', '15', 7],
      ['d', '16', 1],
    ]);
    db.reads.length = 0;
    const now = await cache.load('u1', db.repo());
    expect(pnls(now).sort()).toEqual([
      ['a', 20],
      ['c', 7],
      ['d', 1],
    ]);
    expect(db.reads).toEqual(['versions u1', 'trades u1 c d']);
    expect(cache.stats).toEqual({ trades: 3, users: 1 });
  });

  it('forgets the least recently read users past its budget, never the one just read', async () => {
    const db = new FakeTrades();
    const cache = new TradeRowsCache(4);
    db.set('u1', [
      ['a', '1', 1],
      ['b', '1', 1],
    ]);
    db.set('u2', [
      ['c', '1', 1],
      ['d', '1', 1],
    ]);
    db.set('u3', [['e', '1', 1]]);
    await cache.load('u1', db.repo());
    await cache.load('u3', db.repo());
    expect(cache.stats).toEqual({ trades: 3, users: 2 });
    // u1 read again: u3 is now the least recent, and goes when u2 comes.
    await cache.load('u1', db.repo());
    await cache.load('u2', db.repo());
    expect(cache.stats).toEqual({ trades: 4, users: 2 });
    db.reads.length = 0;
    await cache.load('u3', db.repo());
    expect(db.reads).toEqual(['trades u3 all']);

    // A journal larger than the whole budget is served in full and not kept.
    const small = new TradeRowsCache(1);
    expect(pnls(await small.load('u2', db.repo()))).toEqual([
      ['c', 1],
      ['d', 1],
    ]);
    expect(small.stats).toEqual({ trades: 0, users: 0 });
  });
});
