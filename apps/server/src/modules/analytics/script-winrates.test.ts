import { premiumLockTexts, type PlanId } from '@tb/core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { trades, users } from '../../db/schema/index.js';
import { addPlan, authed, register, roles } from '../../test/api.js';
import { describeEachDatabase, type TestContext } from '../../test/helper.js';

const ROUTE = '/api/analytics/script-cells';
const NOW = '2026-06-01T12:00:00.000Z';

type Script = 'daily-trend' | 'funding-calm' | 'btc-agrees' | 'volume-up' | 'not-extended';
type Cell = { index: number; title: string; points: number; script?: Script; value?: number };

/** A script cell as a trade's snapshot keeps it, under a title the trader chose. */
const script = (id: Script, index: number): Cell => ({
  index,
  title: `my title for ${id}`,
  points: 1,
  script: id,
  value: 1.25,
});
const HAND: Cell = { index: 12, title: 'Waited for the close', points: 2 };

interface Row {
  closedAt: string | null;
  rMultiple: number | null;
  pnlUsd: number | null;
  cells: Cell[] | null;
  source?: 'journal' | 'exchange' | 'offPlan';
  imported?: boolean;
  hidden?: boolean;
}

/** Stores a trade row as the exchange's reconciler or the journal would leave it. */
async function insert(ctx: TestContext, userId: string, row: Row): Promise<void> {
  const open = row.closedAt === null;
  const decimal = (value: number | null) => (value === null ? null : String(value));
  await ctx.database.db.insert(trades).values({
    userId,
    pair: 'BTCUSDT',
    isLong: true,
    entryPrice: '100',
    stopLoss: '90',
    takeProfit: '120',
    riskRewardRatio: '2',
    tier: 2,
    cells: row.cells,
    sizeUsd: '100',
    quantity: '1',
    riskUsd: '10',
    status: open ? 'OPEN' : (row.pnlUsd ?? 0) >= 0 ? 'TARGET_HIT' : 'STOPLOSS_HIT',
    date: new Date('2026-04-01T08:00:00.000Z'),
    closedAt: open ? null : new Date(row.closedAt!),
    rMultiple: open ? null : decimal(row.rMultiple),
    pnlUsd: open ? null : decimal(row.pnlUsd),
    exitPrice: open ? null : '110',
    source: row.source ?? 'exchange',
    imported: row.imported ?? false,
    hidden: row.hidden ?? false,
  });
}

interface WinRates {
  since: string | null;
  baseline: Record<string, unknown>;
  cells: Array<Record<string, unknown> & { id: Script }>;
  computedAt: string;
}

describeEachDatabase('GET /api/analytics/script-cells: the case winrate across traders', (ctx) => {
  let who: Awaited<ReturnType<typeof roles>>;
  let annual: Awaited<ReturnType<typeof register>>;
  const traders: Array<Awaited<ReturnType<typeof register>>> = [];

  const read = async (token = annual.token): Promise<WinRates> => {
    const res = await authed(ctx.app, token, 'GET', ROUTE);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const withPlan = async (plan: PlanId) => {
    const user = await register(ctx.app);
    await addPlan(ctx.app, who.admin.token, user.id, plan);
    return user;
  };

  /**
   * Three traders. Counted (verified: exchange fills, closed, a win or a loss), by close:
   *   a1 05-02 +2R  +$20 daily-trend, volume-up   (A)
   *   a2 05-03 -1R  -$10 daily-trend              (A)
   *   b1 05-03 +1.5R +$15 daily-trend twice, funding-calm (B, hidden: still counted)
   *   b3 05-04 -1R  -$10 a hand cell only         (B: baseline only)
   *   c1 05-05 -1R  -$10 volume-up                (C)
   *   c3 05-06 +3R  +$30 no snapshot              (C: baseline only)
   * Left out: a3 (journal, typed by hand), a4 (OPEN), b2 (breakeven: 0R $0), b4 (imported),
   * b0 (closed 04-01, before the first script-cell trade: outside the period), c2 (off-plan:
   * no R), c4 (a script id the catalogue does not list).
   */
  beforeAll(async () => {
    ctx.clock.set(NOW);
    who = await roles(ctx.app, ctx.database);
    annual = await withPlan('annual');
    for (let i = 0; i < 3; i += 1) traders.push(await register(ctx.app));
    const [a, b, c] = traders.map((t) => t.id) as [string, string, string];
    await insert(ctx, a, {
      closedAt: '2026-05-02T10:00:00.000Z',
      rMultiple: 2,
      pnlUsd: 20,
      cells: [script('daily-trend', 0), script('volume-up', 3), HAND],
    });
    await insert(ctx, a, {
      closedAt: '2026-05-03T10:00:00.000Z',
      rMultiple: -1,
      pnlUsd: -10,
      cells: [script('daily-trend', 0)],
    });
    await insert(ctx, a, {
      closedAt: '2026-05-03T11:00:00.000Z',
      rMultiple: 2,
      pnlUsd: 20,
      cells: [script('daily-trend', 0)],
      source: 'journal',
    });
    await insert(ctx, a, {
      closedAt: null,
      rMultiple: null,
      pnlUsd: null,
      cells: [script('daily-trend', 0)],
    });
    await insert(ctx, b, {
      closedAt: '2026-05-03T12:00:00.000Z',
      rMultiple: 1.5,
      pnlUsd: 15,
      cells: [script('daily-trend', 1), script('daily-trend', 2), script('funding-calm', 4)],
      hidden: true,
    });
    await insert(ctx, b, {
      closedAt: '2026-05-03T13:00:00.000Z',
      rMultiple: 0,
      pnlUsd: 0,
      cells: [script('daily-trend', 1)],
    });
    await insert(ctx, b, {
      closedAt: '2026-05-04T10:00:00.000Z',
      rMultiple: -1,
      pnlUsd: -10,
      cells: [HAND],
    });
    await insert(ctx, b, {
      closedAt: '2026-05-04T11:00:00.000Z',
      rMultiple: 2,
      pnlUsd: 20,
      cells: [script('daily-trend', 1)],
      imported: true,
    });
    await insert(ctx, b, {
      closedAt: '2026-04-01T10:00:00.000Z',
      rMultiple: 2,
      pnlUsd: 20,
      cells: [HAND],
    });
    await insert(ctx, c, {
      closedAt: '2026-05-05T10:00:00.000Z',
      rMultiple: -1,
      pnlUsd: -10,
      cells: [script('volume-up', 7)],
    });
    await insert(ctx, c, {
      closedAt: '2026-05-05T11:00:00.000Z',
      rMultiple: null,
      pnlUsd: 40,
      cells: null,
      source: 'offPlan',
    });
    await insert(ctx, c, {
      closedAt: '2026-05-06T10:00:00.000Z',
      rMultiple: 3,
      pnlUsd: 30,
      cells: null,
    });
    await insert(ctx, c, {
      closedAt: '2026-05-06T11:00:00.000Z',
      rMultiple: 1,
      pnlUsd: 10,
      cells: [{ ...script('daily-trend', 0), script: 'retired-script' as Script }],
    });
  });

  beforeEach(() => ctx.clock.set(NOW));

  it("counts every trader's verified, decided trades per script cell, against the period's baseline", async () => {
    const body = await read();
    expect(body.since).toBe('2026-05-02T10:00:00.000Z');
    expect(body.computedAt).toBe(NOW);
    // a1 +2 W, a2 -1 L, b1 +1.5 W, b3 -1 L, c1 -1 L, c3 +3 W, c4 +1 W: 4 of 7, 4.5R / 7.
    expect(body.baseline).toMatchObject({ trades: 7, wins: 4, losses: 3, avgR: 0.6429 });
    expect(body.baseline.winRate).toBeCloseTo(4 / 7, 10);
    expect(body.cells.map((cell) => cell.id)).toEqual([
      'daily-trend',
      'funding-calm',
      'btc-agrees',
      'volume-up',
      'not-extended',
    ]);
    const byId = Object.fromEntries(body.cells.map((cell) => [cell.id, cell]));
    // a1 +2 W, a2 -1 L, b1 +1.5 W (named twice, counted once): 2 of 3, 2.5R / 3.
    expect(byId['daily-trend']).toMatchObject({
      label: 'Trend on the daily agrees',
      trades: 3,
      wins: 2,
      losses: 1,
      avgR: 0.8333,
      smallSample: true,
    });
    expect(byId['daily-trend']!.winRate).toBeCloseTo(2 / 3, 10);
    expect(byId['daily-trend']!.edge).toBeCloseTo(2 / 3 - 4 / 7, 10);
    expect(byId['daily-trend']!.rule).toMatch(/20 daily closes/);
    // a1 +2 W, c1 -1 L.
    expect(byId['volume-up']).toMatchObject({ trades: 2, wins: 1, losses: 1, winRate: 0.5 });
    expect(byId['volume-up']!.avgR).toBe(0.5);
    // b1 alone.
    expect(byId['funding-calm']).toMatchObject({ trades: 1, wins: 1, winRate: 1, avgR: 1.5 });
    expect(byId['btc-agrees']).toMatchObject({
      trades: 0,
      winRate: null,
      avgR: null,
      edge: null,
      winRateCi: null,
    });
  });

  it("shows a trader's own script cells in the per-cell table, matched by script id", async () => {
    const [a] = traders;
    await ctx.database.db.update(users).set({ isPaidUser: true }).where(eq(users.id, a!.id));
    const res = await authed(ctx.app, a!.token, 'GET', '/api/analytics');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().byCell as Array<Record<string, unknown>>;
    // A's closed trades: a1 +2 (trend, volume, hand), a2 -1 (trend), a3 +2 (trend, journal:
    // the trader's own table counts every trade). The OPEN a4 is in neither side.
    expect(rows.find((row) => row.script === 'daily-trend')).toMatchObject({
      title: 'Trend on the daily agrees',
      tradesWith: 3,
      winsWith: 2,
      lossesWith: 1,
      expectancyRWith: 1,
      tradesWithout: 0,
      edgeR: null,
    });
    expect(rows.find((row) => row.script === 'volume-up')).toMatchObject({
      title: 'Volume above its 20-candle average',
      index: 3,
      tradesWith: 1,
      winsWith: 1,
      lossesWith: 0,
      winRateWith: 1,
      tradesWithout: 2,
      expectancyRWithout: 0.5,
      edgeR: 1.5,
    });
    expect(rows.find((row) => row.script === null)).toMatchObject({
      index: 12,
      title: 'Waited for the close',
      tradesWith: 1,
    });
    expect(rows).toHaveLength(3);
  });

  it('names no trader: no user id or name anywhere in the answer', async () => {
    const res = await authed(ctx.app, annual.token, 'GET', ROUTE);
    for (const trader of [...traders, annual]) {
      expect(res.body).not.toContain(trader.id);
      expect(res.body).not.toContain(trader.username);
    }
    expect(res.body).not.toMatch(/user/i);
  });

  it('keeps the count a minute, then counts again', async () => {
    const [a] = traders;
    await insert(ctx, a!.id, {
      closedAt: '2026-05-07T10:00:00.000Z',
      rMultiple: 1,
      pnlUsd: 10,
      cells: [script('btc-agrees', 2)],
    });
    expect(byIdOf(await read())['btc-agrees']!.trades).toBe(0);
    ctx.clock.set('2026-06-01T12:01:00.000Z');
    const fresh = await read();
    expect(byIdOf(fresh)['btc-agrees']).toMatchObject({ trades: 1, wins: 1 });
    expect(fresh.baseline.trades).toBe(8);
    expect(fresh.computedAt).toBe('2026-06-01T12:01:00.000Z');
  });

  describe('who may read it', () => {
    it('answers the annual plan and the paid flag (everything)', async () => {
      expect((await authed(ctx.app, who.premium.token, 'GET', ROUTE)).statusCode).toBe(200);
    });

    it.each(['quarterly', 'monthly', 'quick'] as const)(
      'refuses the %s plan with 403 PREMIUM_REQUIRED',
      async (plan) => {
        const user = await withPlan(plan);
        const res = await authed(ctx.app, user.token, 'GET', ROUTE);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error).toEqual({
          code: 'PREMIUM_REQUIRED',
          message: premiumLockTexts.defaultMessage,
        });
      },
    );

    it('refuses a free trader with 403 and a visitor with 401', async () => {
      const free = await authed(ctx.app, who.user.token, 'GET', ROUTE);
      expect(free.statusCode).toBe(403);
      expect(free.json().error.code).toBe('PREMIUM_REQUIRED');
      const visitor = await ctx.app.inject({ method: 'GET', url: ROUTE });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error.code).toBe('UNAUTHORIZED');
    });
  });
});

const byIdOf = (body: WinRates) => Object.fromEntries(body.cells.map((cell) => [cell.id, cell]));
