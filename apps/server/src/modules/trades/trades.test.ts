import { formatUsd, positionRisk, riskTierFromScore, usd } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { type Method, authed, createTrade, newUser, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/** Stop 100, entry 110, target 130: R/R 2 (tier 2's target). */
const LONG = {
  pair: 'btcusdt',
  isLong: true,
  stopLoss: 100,
  entryPrice: 110,
  takeProfit: 130,
};
const SHORT = { pair: 'ETHUSDT', isLong: false, stopLoss: 120, entryPrice: 110, takeProfit: 90 };
/** $1000 at 110 with the stop 10 away. */
const { quantity: QTY_1000_AT_110, riskUsd: RISK_1000_AT_110 } = positionRisk(1000, 110, 100);

interface StoredCell {
  title: string;
  points: number;
  selected: boolean;
}

describeEachDatabase('trades routes', (ctx) => {
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    authed(ctx.app, token, method, url, payload);
  const create = (token: string, trade: object = LONG) => createTrade(ctx.app, token, trade);
  const close = (token: string, id: string, status: string) =>
    call(token, 'PUT', `/api/trades/${id}/status`, { status });
  /** Ticks cells of the stored board through the bingo API; answers the stored cells. */
  const tick = async (token: string, indexes: number[]) => {
    let cells: StoredCell[] = [];
    for (const index of indexes) {
      const res = await call(token, 'PATCH', `/api/bingo/card/cell/${index}`, {
        cell: { selected: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      cells = data.bingoPages[data.currentPageIndex].bingoCells;
    }
    return cells;
  };

  describe('recording', () => {
    it('stores what the trader set up, and the score, tier and cells of the stored board', async () => {
      const user = await register(ctx.app);
      const cells = await tick(user.token, [5, 10, 11]);
      const snapshot = [5, 10, 11].map((index) => ({
        index,
        title: cells[index]!.title.trim(),
        points: cells[index]!.points,
      }));
      const score = snapshot.reduce((sum, cell) => sum + cell.points, 0);
      const tier = riskTierFromScore(score);
      expect(score).toBeGreaterThan(0);
      const trade = await create(user.token, {
        ...LONG,
        notes: 'Breakout retest of 110',
        score: 2000,
      });
      expect(trade).toMatchObject({
        pair: 'BTCUSDT',
        isLong: true,
        stopLoss: 100,
        entryPrice: 110,
        takeProfit: 130,
        riskRewardRatio: 2,
        notes: 'Breakout retest of 110',
        status: 'OPEN',
        profitLoss: null,
        score,
        cells: snapshot,
        tier,
        // The target 130 is tier 2's (R/R 2): typed by hand for any other tier.
        targetManual: tier !== 2,
        sizeUsd: 1000,
        quantity: QTY_1000_AT_110,
        riskUsd: RISK_1000_AT_110,
        sizeEstimated: false,
        streakAtOpen: 0,
        accountSizeAtOpen: 10000,
        exitPrice: null,
        rMultiple: null,
        pnlUsd: null,
        closedAt: null,
      });

      // Later edits of the board do not rewrite the saved trade's cells.
      await call(user.token, 'PATCH', '/api/bingo/card/cell/5', {
        cell: { selected: false, title: 'Renamed afterwards', points: 1 },
      });
      const [listed] = (await call(user.token, 'GET', '/api/trades')).json();
      expect(listed).toMatchObject({ id: trade.id, score, cells: snapshot });
    });

    it('gives a new trader without a stored board the default board: score 0, tier 1, no cells', async () => {
      const user = await register(ctx.app);
      const trade = await create(user.token, { ...LONG, takeProfit: 120, score: 25 });
      expect(trade).toMatchObject({ score: 0, tier: 1, cells: [], targetManual: false });
      const manual = await create(user.token, { ...LONG, targetManual: true, takeProfit: 120 });
      expect(manual.targetManual).toBe(true);
    });

    it('takes a smaller size, refuses a larger one naming the suggested size', async () => {
      const user = await register(ctx.app);
      const small = await create(user.token, { ...LONG, sizeUsd: 550 });
      expect(small).toMatchObject({ sizeUsd: 550, quantity: 5, riskUsd: 50 });
      const big = await call(user.token, 'POST', '/api/trades', { ...LONG, sizeUsd: 1000.01 });
      expect(big.statusCode).toBe(400);
      expect(big.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'sizeUsd' });
      expect(big.json().error.message).toContain(formatUsd(1000));
      const settings = await call(user.token, 'POST', '/api/risk-management/settings', {
        baseTradeSize: 400,
      });
      expect(settings.statusCode).toBe(200);
      const defaulted = await create(user.token);
      expect(defaulted.sizeUsd).toBe(400);
    });

    it.each([
      ['a long with entry below stoploss', { ...LONG, entryPrice: 90 }, 'entryPrice'],
      ['a short with target above entry', { ...SHORT, takeProfit: 115 }, 'takeProfit'],
      ['a negative price', { ...LONG, stopLoss: -1 }, 'stopLoss'],
      ['a price that is text', { ...LONG, entryPrice: 'abc' }, 'entryPrice'],
      ['a size of 0', { ...LONG, sizeUsd: 0 }, 'sizeUsd'],
    ])('refuses %s with 400 on the field', async (_name, body, field) => {
      const user = await register(ctx.app);
      const res = await call(user.token, 'POST', '/api/trades', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe(field);
      expect((await call(user.token, 'GET', '/api/trades')).json()).toEqual([]);
    });

    it('lists OPEN trades first, then newest first', async () => {
      const user = await register(ctx.app);
      const first = await create(user.token);
      const second = await create(user.token, SHORT);
      await close(user.token, second.id, 'TARGET_HIT');
      const third = await create(user.token);
      const list = (await call(user.token, 'GET', '/api/trades')).json();
      expect(list.map((t: { id: string }) => t.id)).toEqual([third.id, first.id, second.id]);
    });
  });

  describe('closing', () => {
    it('at the target: R = the planned R/R, P/L = R x riskUsd, and the day and totals in USD', async () => {
      const user = await register(ctx.app);
      ctx.clock.set('2026-03-10T12:00:00Z');
      const trade = await create(user.token, SHORT);
      ctx.clock.set('2026-03-10T13:00:00Z');
      const res = await close(user.token, trade.id, 'TARGET_HIT');
      expect(res.statusCode).toBe(200);
      const { trade: closed, stats } = res.json();
      const pnlUsd = usd(2 * trade.riskUsd);
      expect(closed).toMatchObject({
        status: 'TARGET_HIT',
        profitLoss: 20,
        exitPrice: 90,
        rMultiple: 2,
        pnlUsd,
        closedAt: '2026-03-10T13:00:00.000Z',
      });
      expect(stats).toMatchObject({ tradeStreak: 1, currentPercentage: 12, slTaken: 0 });
      expect(stats.dailyStats).toMatchObject({
        lastTradeDate: '2026-03-10',
        trades: 1,
        wins: 1,
        dailyProfit: pnlUsd,
        dailyLoss: 0,
      });
      expect(stats.totalStats).toMatchObject({ wins: 1, totalGain: pnlUsd, totalReward: pnlUsd });
      const again = await close(user.token, trade.id, 'STOPLOSS_HIT');
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('CONFLICT');
    });

    it('at the stop: R = -1 and P/L = -riskUsd', async () => {
      const user = await register(ctx.app);
      const trade = await create(user.token);
      const res = await close(user.token, trade.id, 'STOPLOSS_HIT');
      const { trade: closed, stats } = res.json();
      expect(closed).toMatchObject({
        status: 'STOPLOSS_HIT',
        profitLoss: -10,
        exitPrice: 100,
        rMultiple: -1,
        pnlUsd: -RISK_1000_AT_110,
      });
      expect(stats.dailyStats).toMatchObject({ losses: 1, dailyLoss: RISK_1000_AT_110 });
      expect(stats.totalStats).toMatchObject({
        totalGain: -RISK_1000_AT_110,
        totalRisk: RISK_1000_AT_110,
      });
    });

    it('adds dollars, not price differences: a BTC and an ETH trade of one size and R give the same', async () => {
      const user = await register(ctx.app, newUser('usdsums'));
      // The first win lifts the suggested size to $1200: both are sized at $1000 by hand.
      const sized = { isLong: true, sizeUsd: 1000 };
      const btc = {
        ...sized,
        pair: 'BTCUSDT',
        stopLoss: 59_000,
        entryPrice: 60_000,
        takeProfit: 62_000,
      };
      const eth = {
        ...sized,
        pair: 'ETHUSDT',
        stopLoss: 2_950,
        entryPrice: 3_000,
        takeProfit: 3_100,
      };
      const a = (await close(user.token, (await create(user.token, btc)).id, 'TARGET_HIT')).json();
      const b = (await close(user.token, (await create(user.token, eth)).id, 'TARGET_HIT')).json();
      expect(a.trade.profitLoss).toBe(2000);
      expect(b.trade.profitLoss).toBe(100);
      expect(a.trade.pnlUsd).toBe(b.trade.pnlUsd);
      expect(a.trade.pnlUsd).toBeCloseTo(33.333333, 6);
      const total = usd(2 * a.trade.pnlUsd);
      expect(b.stats.dailyStats.dailyProfit).toBe(total);
      expect(b.stats.totalStats.totalGain).toBe(total);
      const board = await ctx.app.inject({
        method: 'GET',
        url: '/api/leaderboard?verified=false',
      });
      const row = board.json().find((r: { username: string }) => r.username === user.username);
      expect(row).toMatchObject({ totalTrades: 2, totalGain: 66.67 });
    });
  });

  it('edits an OPEN trade: R/R, quantity and risk follow the new levels at the same size', async () => {
    const user = await register(ctx.app);
    const trade = await create(user.token, { ...LONG, sizeUsd: 880 });
    const res = await call(user.token, 'PUT', `/api/trades/${trade.id}`, {
      ...LONG,
      stopLoss: 105,
      takeProfit: 140,
      notes: 'moved stop and target',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().trade).toMatchObject({
      stopLoss: 105,
      takeProfit: 140,
      riskRewardRatio: 6,
      notes: 'moved stop and target',
      status: 'OPEN',
      sizeUsd: 880,
      quantity: 8,
      riskUsd: 40,
      date: trade.date,
    });
    expect(res.json().stats.accountSize).toBe(10000);
  });

  it('clear history hides closed trades and keeps open ones', async () => {
    const user = await register(ctx.app);
    const open = await create(user.token);
    const done = await create(user.token);
    await close(user.token, done.id, 'TARGET_HIT');
    const res = await call(user.token, 'POST', '/api/trades/clear-history');
    expect(res.json().map((t: { id: string }) => t.id)).toEqual([open.id]);
  });

  it('deletes a trade', async () => {
    const user = await register(ctx.app);
    const trade = await create(user.token);
    expect((await call(user.token, 'DELETE', `/api/trades/${trade.id}`)).statusCode).toBe(204);
    expect((await call(user.token, 'DELETE', `/api/trades/${trade.id}`)).statusCode).toBe(404);
  });

  describe("another user's trade", () => {
    it('is not found for edit, close and delete, and stays unchanged', async () => {
      const owner = await register(ctx.app);
      const other = await register(ctx.app);
      const trade = await create(owner.token);
      const attempts = [
        await call(other.token, 'PUT', `/api/trades/${trade.id}`, LONG),
        await close(other.token, trade.id, 'TARGET_HIT'),
        await call(other.token, 'DELETE', `/api/trades/${trade.id}`),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404]);
      expect((await call(other.token, 'GET', '/api/trades')).json()).toEqual([]);
      expect((await call(owner.token, 'GET', '/api/trades')).json()[0]).toMatchObject({
        id: trade.id,
        status: 'OPEN',
      });
    });

    it('answers an id that is not a trade id with 404, not a database error', async () => {
      const user = await register(ctx.app);
      const res = await close(user.token, 'not-a-uuid', 'TARGET_HIT');
      expect(res.statusCode).toBe(404);
    });
  });
});
