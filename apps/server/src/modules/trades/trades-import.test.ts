import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { trades } from '../../db/schema/index.js';
import { authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/** POST /api/trades/import: the browser's journal, uploaded at sign-in, kept as it was. */

const CELLS = [
  { index: 0, title: 'Waited for the candle close', points: 4 },
  { index: 3, title: 'Stop below structure', points: 3 },
  { index: 7, title: 'HTF trend agrees', points: 3 },
  { index: 12, title: 'No news in the next hour', points: 2 },
  { index: 18, title: 'Risk within plan', points: 2 },
];
/** Score 14, tier 3: a 3R long closed at its target, and one stopped out. */
const WON = {
  pair: 'ETHUSDT',
  isLong: true,
  entryPrice: 3000,
  stopLoss: 2900,
  takeProfit: 3300,
  notes: 'ETH reclaim, third try',
  status: 'TARGET_HIT',
  date: '2026-11-20T09:30:00.000Z',
  closedAt: '2026-11-20T15:00:00.000Z',
  sizeUsd: 600,
  sizeEstimated: false,
  targetManual: false,
  cells: CELLS,
  streakAtOpen: 1,
  accountSizeAtOpen: 10_000,
  // What the client claims is not what is stored: the server counts the cells.
  score: 99,
};
const LOST = {
  ...WON,
  pair: 'BTCUSDT',
  isLong: false,
  entryPrice: 60_000,
  stopLoss: 61_000,
  takeProfit: 57_000,
  status: 'STOPLOSS_HIT',
  notes: 'fade the high',
  date: '2026-11-21T10:00:00.000Z',
  closedAt: '2026-11-21T11:00:00.000Z',
  cells: CELLS.slice(0, 2),
};

describeEachDatabase('POST /api/trades/import', (ctx) => {
  it("keeps each trade's cells, score, tier, size and times, imported and unverified", async () => {
    const user = await register(ctx.app);
    const res = await authed(ctx.app, user.token, 'POST', '/api/trades/import', {
      trades: [WON, LOST],
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await ctx.database.db.select().from(trades).where(eq(trades.userId, user.id));
    const won = rows.find((r) => r.pair === 'ETHUSDT')!;
    expect(won).toMatchObject({
      score: 14,
      tier: 3,
      cells: CELLS,
      sizeUsd: '600',
      status: 'TARGET_HIT',
      exitPrice: '3300',
      rMultiple: '3',
      pnlUsd: '60',
      imported: true,
      source: 'journal',
      notes: 'ETH reclaim, third try',
      streakAtOpen: 1,
      accountSizeAtOpen: '10000',
    });
    expect(won.date.toISOString()).toBe(WON.date);
    expect(won.closedAt!.toISOString()).toBe(WON.closedAt);
    const lost = rows.find((r) => r.pair === 'BTCUSDT')!;
    expect(lost).toMatchObject({ score: 7, tier: 2, rMultiple: '-1', pnlUsd: '-10' });

    const listed = (await authed(ctx.app, user.token, 'GET', '/api/trades')).json();
    expect(
      listed.map((t: { imported: boolean; verified: boolean }) => [t.imported, t.verified]),
    ).toEqual([
      [true, false],
      [true, false],
    ]);
  });

  it("does not use today's trade slots or move the risk state", async () => {
    const user = await register(ctx.app);
    const before = (await authed(ctx.app, user.token, 'GET', '/api/risk-management')).json();
    const today = { ...WON, date: new Date().toISOString(), status: 'OPEN', closedAt: null };
    const res = await authed(ctx.app, user.token, 'POST', '/api/trades/import', {
      trades: [today, { ...today, pair: 'SOLUSDT' }, { ...today, pair: 'XRPUSDT' }, LOST],
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = (await authed(ctx.app, user.token, 'GET', '/api/risk-management')).json();
    expect(after.dailyStats.trades).toBe(before.dailyStats.trades);
    expect(after.slTaken).toBe(0);
    expect(after.tradeStreak).toBe(0);
    expect(before.tradeStreak).toBe(0);
    // Three of today's imported trades do not end the session: a new trade goes through.
    const opened = await authed(ctx.app, user.token, 'POST', '/api/trades', {
      pair: 'BTCUSDT',
      isLong: true,
      entryPrice: 100,
      stopLoss: 90,
      takeProfit: 120,
    });
    expect(opened.statusCode, opened.body).toBe(201);
  });

  it('refuses bad input with a sentence and stores nothing', async () => {
    const user = await register(ctx.app);
    for (const [body, message] of [
      [{ trades: [] }, 'There is no trade to import'],
      [{ trades: [{ ...WON, stopLoss: 3100 }] }, /stop/i],
      [{ trades: [{ ...WON, cells: [{ index: 0, title: 'x', points: 1000 }] }] }, /at most 100/],
      [{ trades: [{ ...WON, status: 'WON' }] }, /Status must be/],
      [{ trades: Array.from({ length: 501 }, () => WON) }, /At most 500 trades/],
    ] as const) {
      const res = await authed(ctx.app, user.token, 'POST', '/api/trades/import', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    expect(await ctx.database.db.select().from(trades).where(eq(trades.userId, user.id))).toEqual(
      [],
    );
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/trades/import',
      payload: { trades: [WON] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
