import { TRADE_CSV_COLUMNS } from '@tb/core';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { authed, login, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/**
 * $100 at 100 with the stop at 90 and the target at 120: 1 unit, $10 at risk, a planned 2R/R.
 * A target hit is +2R and +$20, a stop -1R and -$10 (DESIGN.md section 7).
 */
const LONG = { pair: 'BTCUSDT', isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120 };
const SHORT_ETH = {
  pair: 'ETHUSDT',
  isLong: false,
  entryPrice: 100,
  stopLoss: 110,
  takeProfit: 80,
};
const SIZE = { sizeUsd: 100 };

/** A 95 % interval as the API answers it, to 4 decimals. */
const ci = (low: number, high: number) => ({
  low: expect.closeTo(low, 4),
  high: expect.closeTo(high, 4),
});

/** Starter cells: 0 is worth 2 points, 5 and 10 are worth 3 each. */
const CELL_0 = 'Trend on the daily agrees';
const CELL_5 = 'Setup is in my playbook';
const CELL_10 = 'Stop beyond structure';

/** Splits CSV text (CRLF lines, no quoted line breaks in these rows) into rows of fields. */
const csvRows = (text: string) =>
  text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

describeEachDatabase('GET /api/analytics on trades recorded through the API', (ctx) => {
  const trader = { username: '', password: '', token: '', id: '' };
  let other = { username: '', password: '', token: '', id: '' };
  let boardId = '';
  const ids: string[] = [];

  const call = (url: string) => authed(ctx.app, trader.token, 'GET', url);
  const report = async (query = '') => {
    const res = await call(`/api/analytics${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Moves the clock to `iso` and signs in again (a session ends 24 hours after it began). */
  async function at(iso: string) {
    ctx.clock.set(iso);
    trader.token = await login(ctx.app, trader);
  }
  const tick = async (index: number, selected: boolean) => {
    const res = await authed(ctx.app, trader.token, 'PATCH', `/api/bingo/card/cell/${index}`, {
      cell: { selected },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const open = async (trade: object) => {
    const res = await authed(ctx.app, trader.token, 'POST', '/api/trades', { ...trade, ...SIZE });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
    return res.json().id as string;
  };
  const close = async (id: string, status: 'TARGET_HIT' | 'STOPLOSS_HIT') => {
    const res = await authed(ctx.app, trader.token, 'PUT', `/api/trades/${id}/status`, { status });
    expect(res.statusCode, res.body).toBe(200);
  };

  /**
   * Five closed trades over three UTC days and one left OPEN, all on the default board:
   *   T1 2026-03-02 BTC long,  cells 0 5 10 (score 8, tier 2), target  +2R  +$20
   *   T2 2026-03-02 BTC long,  cells 0 5 10 (tier 2),          target  +2R  +$20
   *   T3 2026-03-03 ETH short, cells 0 5    (score 5, tier 1), stop    -1R  -$10
   *   T4 2026-03-03 BTC long,  cells 0 5    (tier 1),          stop    -1R  -$10
   *   T5 2026-03-04 ETH long,  cells 0 5 10 (tier 2),          target  +2R  +$20
   *   T6 2026-03-04 BTC long,  OPEN
   * Tier 1's own target is 1R away: the 2R targets of T3 and T4 were set by hand.
   */
  beforeAll(async () => {
    ctx.clock.set('2026-03-02T09:00:00Z');
    const me = await register(ctx.app);
    Object.assign(trader, me);
    await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, me.id));
    const card = (await authed(ctx.app, me.token, 'GET', '/api/bingo/card')).json().data;
    boardId = card.bingoPages[card.currentPageIndex].id;
    for (const index of [0, 5, 10]) await tick(index, true);

    await at('2026-03-02T10:00:00Z');
    const t1 = await open(LONG);
    const t2 = await open(LONG);
    ctx.clock.set('2026-03-02T11:00:00Z');
    await close(t1, 'TARGET_HIT');
    ctx.clock.set('2026-03-02T12:00:00Z');
    await close(t2, 'TARGET_HIT');

    await at('2026-03-03T10:00:00Z');
    await tick(10, false);
    const t3 = await open(SHORT_ETH);
    const t4 = await open(LONG);
    ctx.clock.set('2026-03-03T11:00:00Z');
    await close(t3, 'STOPLOSS_HIT');
    ctx.clock.set('2026-03-03T12:00:00Z');
    await close(t4, 'STOPLOSS_HIT');

    await at('2026-03-04T10:00:00Z');
    await tick(10, true);
    const t5 = await open({ ...LONG, pair: 'ETHUSDT' });
    await open(LONG);
    ctx.clock.set('2026-03-04T11:00:00Z');
    await close(t5, 'TARGET_HIT');

    // Someone else, premium too, trading the same pairs the same days: never counted above.
    other = await register(ctx.app);
    await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, other.id));
    const theirs = await authed(ctx.app, other.token, 'POST', '/api/trades', { ...LONG, ...SIZE });
    ctx.clock.set('2026-03-04T12:00:00Z');
    await authed(ctx.app, other.token, 'PUT', `/api/trades/${theirs.json().id}/status`, {
      status: 'STOPLOSS_HIT',
    });
    // The reads below run at the real time: sign in again.
    ctx.clock.useRealTime();
    trader.token = await login(ctx.app, trader);
    other.token = await login(ctx.app, other);
  });

  it('answers the summary KPIs of the closed trades, the OPEN one counted apart', async () => {
    const body = await report();
    expect(body.timeZone).toBe('UTC');
    expect(body.openTrades).toBe(1);
    expect(body.summary).toEqual({
      trades: 5,
      wins: 3,
      losses: 2,
      winRate: 0.6,
      expectancyR: 0.8,
      expectancyUsd: 8,
      // $60 won / $20 lost.
      profitFactor: 3,
      avgWinR: 2,
      avgLossR: -1,
      payoffRatio: 2,
      totalR: 4,
      totalUsd: 40,
      // Cumulative R 2, 4, 3, 2, 4: down 2 from the peak of 4 ($40 to $20).
      maxDrawdownR: 2,
      maxDrawdownUsd: 20,
      // sqrt(5) x 0.8 / sample stdev of (2, 2, -1, -1, 2) = sqrt(10.8 / 4).
      sqn: expect.closeTo(1.088662, 5),
      longestWinStreak: 2,
      longestLossStreak: 2,
    });
    expect(body.equity.map((p: { cumulativeR: number }) => p.cumulativeR)).toEqual([2, 4, 3, 2, 4]);
    expect(body.equity.map((p: { tradeId: string }) => p.tradeId)).toEqual([
      ids[0],
      ids[1],
      ids[2],
      ids[3],
      ids[4],
    ]);
  });

  it('answers the outcome by tier and the per-cell edge, best edge first', async () => {
    const body = await report();
    // 95 % intervals, by hand: win rates by Wilson (0 of 2: 0 to 65.76 %; 3 of 3: 43.85 % to
    // 100 %); expectancy by Student's t: equal R on every trade has no spread.
    expect(body.byTier).toEqual([
      {
        ...{ tier: 1, trades: 2, winRate: 0, expectancyR: -1, pnlUsd: -20 },
        ...{ winRateCi: ci(0, 0.65762), expectancyRCi: ci(-1, -1) },
      },
      {
        ...{ tier: 2, trades: 3, winRate: 1, expectancyR: 2, pnlUsd: 60 },
        ...{ winRateCi: ci(0.4385, 1), expectancyRCi: ci(2, 2) },
      },
    ]);
    const board = { boardId, boardName: 'Default Board' };
    expect(body.byCell).toEqual([
      {
        ...{ ...board, index: 10, title: CELL_10, script: null },
        ...{ tradesWith: 3, winsWith: 3, lossesWith: 0, winRateWith: 1, expectancyRWith: 2 },
        ...{ winRateWithCi: ci(0.4385, 1), expectancyRWithCi: ci(2, 2) },
        ...{ tradesWithout: 2, winRateWithout: 0, expectancyRWithout: -1 },
        ...{ winRateWithoutCi: ci(0, 0.65762), expectancyRWithoutCi: ci(-1, -1) },
        edgeR: 3,
      },
      ...[
        [0, CELL_0],
        [5, CELL_5],
      ].map(([index, title]) => ({
        ...{ ...board, index, title, script: null },
        ...{ tradesWith: 5, winsWith: 3, lossesWith: 2, winRateWith: 0.6, expectancyRWith: 0.8 },
        // R 2, 2, -1, -1, 2: s² = (3 × 1.2² + 2 × 1.8²) / 4 = 2.7;
        // 0.8 ± t(4) 2.776 × √2.7 / √5 = 0.8 ± 2.0399.
        ...{ winRateWithCi: ci(0.23072, 0.88238), expectancyRWithCi: ci(-1.2399, 2.8399) },
        ...{ tradesWithout: 0, winRateWithout: null, expectancyRWithout: null },
        ...{ winRateWithoutCi: null, expectancyRWithoutCi: null },
        edgeR: null,
      })),
    ]);
    expect(body.discipline.manualTarget).toEqual({
      trades: 2,
      winRate: 0,
      expectancyR: -1,
      pnlUsd: -20,
      winRateCi: ci(0, 0.65762),
      expectancyRCi: ci(-1, -1),
    });
  });

  it('buckets the calendar, pairs and sides', async () => {
    const body = await report();
    expect(body.calendar).toEqual([
      { date: '2026-03-02', trades: 2, pnlUsd: 40, r: 4 },
      { date: '2026-03-03', trades: 2, pnlUsd: -20, r: -2 },
      { date: '2026-03-04', trades: 1, pnlUsd: 20, r: 2 },
    ]);
    expect(body.byPair).toEqual([
      {
        ...{ key: 'BTCUSDT', trades: 3, winRate: 2 / 3, expectancyR: 1, pnlUsd: 30 },
        // R 2, 2, -1: s = √3, 1 ± t(2) 4.303 × √3 / √3.
        ...{ winRateCi: ci(0.20766, 0.93851), expectancyRCi: ci(-3.303, 5.303) },
      },
      {
        ...{ key: 'ETHUSDT', trades: 2, winRate: 0.5, expectancyR: 0.5, pnlUsd: 10 },
        // R 2, -1: s = 3 / √2, 0.5 ± t(1) 12.706 × 1.5.
        ...{ winRateCi: ci(0.09453, 0.90547), expectancyRCi: ci(-18.559, 19.559) },
      },
    ]);
    expect(body.bySide).toEqual([
      {
        ...{ key: 'long', trades: 4, winRate: 0.75, expectancyR: 1.25, pnlUsd: 50 },
        // R 2, 2, 2, -1: s = 1.5, 1.25 ± t(3) 3.182 × 0.75.
        ...{ winRateCi: ci(0.30064, 0.95441), expectancyRCi: ci(-1.1365, 3.6365) },
      },
      {
        ...{ key: 'short', trades: 1, winRate: 0, expectancyR: -1, pnlUsd: -10 },
        // One trade: a win rate range, no spread for an expectancy range.
        ...{ winRateCi: ci(0, 0.79345), expectancyRCi: null },
      },
    ]);
  });

  it('keeps the board id and name POST /api/trades stored, in the options', async () => {
    const body = await report();
    expect(body.options).toEqual({
      pairs: ['BTCUSDT', 'ETHUSDT'],
      boards: [{ id: boardId, name: 'Default Board' }],
    });
  });

  it.each([
    ['?pair=ETHUSDT', { trades: 2, wins: 1, totalR: 1, totalUsd: 10 }, 0],
    ['?pair=ethusdt', { trades: 2, wins: 1, totalR: 1, totalUsd: 10 }, 0],
    ['?side=short', { trades: 1, wins: 0, totalR: -1, totalUsd: -10 }, 0],
    ['?side=long&pair=BTCUSDT', { trades: 3, wins: 2, totalR: 3, totalUsd: 30 }, 1],
    ['?tier=1', { trades: 2, wins: 0, totalR: -2, totalUsd: -20 }, 0],
    ['?tier=2', { trades: 3, wins: 3, totalR: 6, totalUsd: 60 }, 1],
    ['?from=2026-03-03&to=2026-03-03', { trades: 2, wins: 0, totalR: -2, totalUsd: -20 }, 0],
    ['?from=2026-03-03', { trades: 3, wins: 1, totalR: 0, totalUsd: 0 }, 1],
    ['?to=2026-03-02', { trades: 2, wins: 2, totalR: 4, totalUsd: 40 }, 0],
    ['?board=', { trades: 5, wins: 3, totalR: 4, totalUsd: 40 }, 1],
    ['?source=journal', { trades: 5, wins: 3, totalR: 4, totalUsd: 40 }, 1],
    ['?source=exchange', { trades: 0, wins: 0, totalR: 0, totalUsd: 0 }, 0],
    ['?board=some-other-board', { trades: 0, wins: 0, totalR: 0, totalUsd: 0 }, 0],
  ])('filters %s', async (query, summary, openTrades) => {
    const body = await report(query);
    expect(body.summary).toMatchObject(summary);
    expect(body.openTrades).toBe(openTrades);
    // The options list every pair and board whatever the filter.
    expect(body.options.pairs).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('filters by the board the trades were taken on', async () => {
    const body = await report(`?board=${boardId}`);
    expect(body.summary).toMatchObject({ trades: 5, totalR: 4 });
  });

  it('lists the filtered trades newest close first, the OPEN one by its opening', async () => {
    const all = await call('/api/analytics/trades');
    expect(all.statusCode, all.body).toBe(200);
    // T6 opened 03-04 10:00, T5 closed 03-04 11:00, T4 closed 03-03 12:00 ...
    expect(all.json().map((t: { id: string }) => t.id)).toEqual([
      ids[4],
      ids[5],
      ids[3],
      ids[2],
      ids[1],
      ids[0],
    ]);
    const day = await call('/api/analytics/trades?from=2026-03-03&to=2026-03-03');
    const trades = day.json();
    expect(trades.map((t: { id: string }) => t.id)).toEqual([ids[3], ids[2]]);
    expect(trades[1]).toMatchObject({
      pair: 'ETHUSDT',
      isLong: false,
      status: 'STOPLOSS_HIT',
      rMultiple: -1,
      pnlUsd: -10,
      closedAt: '2026-03-03T11:00:00.000Z',
      cells: [
        { index: 0, title: CELL_0, points: 2 },
        { index: 5, title: CELL_5, points: 3 },
      ],
    });
  });

  it('exports the filtered trades as CSV with their R and USD P/L, none of anyone else', async () => {
    const res = await call('/api/analytics/export.csv?pair=ETHUSDT&from=2026-03-01');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="trading-bingo-analytics-2026-03-01-all.csv"',
    );
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([...TRADE_CSV_COLUMNS]);
    const byColumn = rows.map((row) =>
      Object.fromEntries(TRADE_CSV_COLUMNS.map((name, i) => [name, row[i]])),
    );
    expect(byColumn.map((r) => [r.id, r.side, r.status, r.rMultiple, r.pnlUsd])).toEqual([
      [ids[4], 'LONG', 'TARGET_HIT', '2', '20'],
      [ids[2], 'SHORT', 'STOPLOSS_HIT', '-1', '-10'],
    ]);

    const everything = await call('/api/analytics/export.csv');
    expect(everything.headers['content-disposition']).toBe(
      'attachment; filename="trading-bingo-analytics-all-all.csv"',
    );
    const exported = csvRows(everything.body).map((row) => row[0]);
    expect(exported.slice(1).sort()).toEqual([...ids].sort());
  });

  it("never counts another user's trades, and gives them only their own", async () => {
    const theirs = await authed(ctx.app, other.token, 'GET', '/api/analytics');
    expect(theirs.json().summary).toMatchObject({ trades: 1, losses: 1, totalR: -1 });
    expect(theirs.json().options.pairs).toEqual(['BTCUSDT']);
    const list = await authed(ctx.app, other.token, 'GET', '/api/analytics/trades');
    expect(list.json()).toHaveLength(1);
    expect(ids).not.toContain(list.json()[0].id);
  });
});
