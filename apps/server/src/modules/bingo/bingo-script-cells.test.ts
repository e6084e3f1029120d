import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addPlan, authed, login, register, roles } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/**
 * Issue 31: script cells on quarterly and annual boards. A trader turns cells into script
 * cells; when a trade is saved the server ticks them from the paper exchange's seeded path
 * (PAPER_PRICES=synthetic) and records the ticked ones, with the value each script saw, in the
 * trade's snapshot. Expectations are computed here from the raw candles the test reads itself.
 */

type Candle = [number, number, number, number, number, number];
interface Cell {
  id: number;
  title: string;
  points: number;
  selected: boolean;
  script?: string;
}
interface Card {
  version: number;
  currentPageIndex: number;
  lastModified: string;
  bingoPages: Array<{ id: string; name: string; bingoCells: Cell[] }>;
}
interface Snapshot {
  index: number;
  title: string;
  points: number;
  script?: string;
  value?: number | null;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = '2026-07-10T12:30:00Z';
const LONG = { pair: 'BTCUSDT', isLong: true, entryPrice: 100, stopLoss: 90, takeProfit: 120 };
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
/** SPEC.md's tiers by score. */
const tierOf = (score: number) =>
  score >= 20 ? 5 : score >= 16 ? 4 : score >= 11 ? 3 : score >= 6 ? 2 : 1;

describeEachDatabase(
  'script cells on boards and in trades',
  (ctx) => {
    let admin: { token: string };
    let quarterly: { token: string; id: string };
    let annual: { token: string; id: string };
    let monthly: { token: string; id: string };
    let free: { token: string; id: string };

    beforeAll(async () => {
      ctx.clock.set(NOW);
      const r = await roles(ctx.app, ctx.database);
      admin = r.admin;
      free = r.user;
      const subscriber = async (plan: 'monthly' | 'quarterly' | 'annual') => {
        const user = await register(ctx.app);
        await addPlan(ctx.app, admin.token, user.id, plan);
        return user;
      };
      quarterly = await subscriber('quarterly');
      annual = await subscriber('annual');
      monthly = await subscriber('monthly');
    });
    beforeEach(() => ctx.clock.set(NOW));

    const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
      authed(ctx.app, token, method, url, body);
    const card = async (token: string): Promise<Card> =>
      (await call(token, 'GET', '/api/bingo/card')).json().data;
    const patch = (token: string, index: number, cell: object) =>
      call(token, 'PATCH', `/api/bingo/card/cell/${index}`, { cell });

    /** Makes cells 0-4 the five script cells and cell 5 an own ticked cell worth 3. */
    const scriptBoard = async (token: string) => {
      const ids = ['daily-trend', 'funding-calm', 'btc-agrees', 'volume-up', 'not-extended'];
      for (const [index, script] of ids.entries()) {
        const res = await patch(token, index, { script });
        expect(res.statusCode, res.body).toBe(200);
      }
      const own = await patch(token, 5, {
        title: 'Waited for the close',
        points: 3,
        selected: true,
      });
      expect(own.statusCode, own.body).toBe(200);
      // Untick the starter board's other cells so the score is only cells 0-5.
      for (let index = 6; index < 25; index += 1) await patch(token, index, { selected: false });
      return card(token);
    };

    const closedCandles = async (coin: string, timeframe: '1d' | '1h', limit: number) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/exchange/ohlcv/${coin}?timeframe=${timeframe}&limit=${limit}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const length = timeframe === '1d' ? DAY : HOUR;
      return (res.json().data as Candle[]).filter((c) => c[0] + length <= Date.parse(NOW));
    };

    /** What the test expects of the daily-trend, btc-agrees and volume-up cells of a BTC long. */
    const expected = async () => {
      const last20 = (await closedCandles('BTC', '1d', 40)).slice(-20);
      const close = last20[19]![4];
      const average = mean(last20.map((c) => c[4]));
      const hours = (await closedCandles('BTC', '1h', 30)).slice(-21);
      const volumeRatio = hours[20]![5] / mean(hours.slice(0, 20).map((c) => c[5]));
      return {
        'daily-trend': { ticked: close > average, value: (close / average - 1) * 100 },
        'btc-agrees': { ticked: close >= average, value: (close / average - 1) * 100 },
        'volume-up': { ticked: volumeRatio > 1, value: volumeRatio },
      };
    };

    it("records the script cells the server ticked, with the values they saw, in a quarterly trader's trade", async () => {
      const board = await scriptBoard(quarterly.token);
      expect(board.bingoPages[0]!.bingoCells[0]).toEqual({
        id: 0,
        title: 'Trend on the daily agrees',
        points: 2,
        selected: false,
        script: 'daily-trend',
      });
      // What the plan screen showed, in the same minute.
      const planned = await call(
        quarterly.token,
        'GET',
        '/api/script-cells?pair=BTCUSDT&isLong=true&timeframe=1h',
      );
      expect(planned.statusCode).toBe(200);
      const shown = planned.json().cells as Array<{ id: string; ticked: boolean; value: number }>;

      const res = await call(quarterly.token, 'POST', '/api/trades', { ...LONG, timeframe: '1h' });
      expect(res.statusCode, res.body).toBe(201);
      const trade = res.json() as { score: number; tier: number; cells: Snapshot[] };
      const scripts = trade.cells.filter((c) => c.script);
      const own = trade.cells.filter((c) => !c.script);
      expect(own).toEqual([{ index: 5, title: 'Waited for the close', points: 3 }]);

      const want = await expected();
      for (const [id, cell] of Object.entries(want)) {
        const recorded = scripts.find((c) => c.script === id);
        expect(Boolean(recorded), id).toBe(cell.ticked);
        if (recorded) expect(recorded.value).toBeCloseTo(cell.value, 3);
      }
      // The trade agrees with the plan screen: the same cells ticked, the same values.
      expect(scripts.map((c) => c.script)).toEqual(shown.filter((c) => c.ticked).map((c) => c.id));
      for (const cell of scripts) {
        expect(cell.value).toBe(shown.find((c) => c.id === cell.script)!.value);
      }
      expect(scripts.length).toBeGreaterThan(0);
      const score = 3 + scripts.reduce((sum, c) => sum + c.points, 0);
      expect(trade.score).toBe(score);
      expect(trade.tier).toBe(tierOf(score));

      // Stored as answered.
      const stored = await call(
        quarterly.token,
        'GET',
        `/api/trades/${(res.json() as { id: string }).id}`,
      );
      expect(stored.json().cells).toEqual(trade.cells);
    });

    it("ignores a client's script ticks: a board saved ticked and a trade's sent score", async () => {
      const board = await card(annual.token);
      const cells = board.bingoPages[0]!.bingoCells.map((cell) => ({ ...cell, selected: false }));
      cells[0] = { id: 0, title: 'Mine now', points: 50, selected: true, script: 'daily-trend' };
      cells[1] = { id: 1, title: 'x', points: 40, selected: true, script: 'volume-up' };
      const saved = await call(annual.token, 'POST', '/api/bingo/card', {
        ...board,
        bingoPages: [{ ...board.bingoPages[0]!, bingoCells: cells }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const stored = (await card(annual.token)).bingoPages[0]!.bingoCells;
      expect(stored[0]).toEqual({
        id: 0,
        title: 'Trend on the daily agrees',
        points: 2,
        selected: false,
        script: 'daily-trend',
      });
      expect(stored[1]).toMatchObject({ points: 1, selected: false, script: 'volume-up' });

      const res = await call(annual.token, 'POST', '/api/trades', {
        ...LONG,
        score: 40,
        cells: [{ index: 0, title: 'fake', points: 50, script: 'daily-trend', value: 9 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const trade = res.json() as { score: number; cells: Snapshot[] };
      const want = await expected();
      const ticked = trade.cells.map((c) => c.script);
      expect(ticked).toEqual(
        (['daily-trend', 'volume-up'] as const).filter((id) => want[id].ticked),
      );
      expect(trade.score).toBe(trade.cells.reduce((sum, c) => sum + c.points, 0));
      expect(trade.score).toBeLessThanOrEqual(3);
    });

    it('refuses a hand tick, a title and points of a script cell with 400, and turns it back', async () => {
      await patch(annual.token, 7, { script: 'funding-calm' });
      const tick = await patch(annual.token, 7, { selected: true });
      expect(tick.statusCode).toBe(400);
      expect(tick.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'selected',
        message: 'The script ticks this cell; it cannot be ticked by hand',
      });
      const points = await patch(annual.token, 7, { points: 9 });
      expect(points.statusCode).toBe(400);
      expect(points.json().error.message).toMatch(/title and points come from its script/);
      expect((await card(annual.token)).bingoPages[0]!.bingoCells[7]).toMatchObject({
        selected: false,
        points: 1,
        script: 'funding-calm',
      });
      const back = await patch(annual.token, 7, { script: null });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().data.bingoPages[0].bingoCells[7]).toEqual({
        id: 7,
        title: 'Funding not extreme',
        points: 1,
        selected: false,
      });
      expect((await patch(annual.token, 7, { selected: true })).statusCode).toBe(200);
    });

    it('refuses a monthly and a free trader adding a script cell with 403 PREMIUM_REQUIRED', async () => {
      for (const user of [monthly, free]) {
        const before = await card(user.token);
        const res = await patch(user.token, 3, { script: 'daily-trend' });
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toEqual({
          code: 'PREMIUM_REQUIRED',
          message:
            'Script cells come with the quarterly and annual plans. Upgrade to add them to a board.',
        });
        const cells = before.bingoPages[0]!.bingoCells.map((c, i) =>
          i === 3 ? { ...c, script: 'btc-agrees' } : c,
        );
        const saved = await call(user.token, 'POST', '/api/bingo/card', {
          ...before,
          bingoPages: [{ ...before.bingoPages[0]!, bingoCells: cells }],
        });
        expect(saved.statusCode).toBe(403);
        expect(saved.json().error.code).toBe('PREMIUM_REQUIRED');
        expect(await card(user.token)).toEqual(before);
      }
    });

    it('keeps a lapsed trader’s script cells on the board, counting nothing', async () => {
      const user = await register(ctx.app);
      await addPlan(ctx.app, admin.token, user.id, 'quarterly');
      await scriptBoard(user.token);
      // The quarter is over: 91 days later, signed in again.
      ctx.clock.set(Date.parse(NOW) + 91 * DAY);
      const token = await login(ctx.app, user);
      const board = await card(token);
      expect(board.bingoPages[0]!.bingoCells.filter((c) => c.script)).toHaveLength(5);
      // Saving the board as it is (renaming a board needs no script) is still allowed.
      const saved = await call(token, 'POST', '/api/bingo/card', board);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.bingoPages[0].bingoCells[0].script).toBe('daily-trend');
      // Adding one more is not.
      expect((await patch(token, 9, { script: 'daily-trend' })).statusCode).toBe(403);

      const res = await call(token, 'POST', '/api/trades', LONG);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().cells).toEqual([{ index: 5, title: 'Waited for the close', points: 3 }]);
      expect(res.json().score).toBe(3);
    });

    it('saves the trade without script ticks when the market data cannot be read', async () => {
      const user = await register(ctx.app);
      await addPlan(ctx.app, admin.token, user.id, 'annual');
      await scriptBoard(user.token);
      // The exchange lists no NOPE market: the script cannot read it.
      const res = await call(user.token, 'POST', '/api/trades', { ...LONG, pair: 'NOPEUSDT' });
      expect(res.statusCode, res.body).toBe(201);
      expect(ctx.logs.some((line) => line.includes('Script cells not ticked'))).toBe(true);
      expect(res.json().cells).toEqual([{ index: 5, title: 'Waited for the close', points: 3 }]);
      expect(res.json().score).toBe(3);
    });

    it("leaves another user's board untouched", async () => {
      const other = await register(ctx.app);
      const before = await card(other.token);
      await scriptBoard(quarterly.token);
      await patch(quarterly.token, 2, { script: null });
      expect(await card(other.token)).toEqual(before);
      expect(before.bingoPages[0]!.bingoCells.some((c) => c.script)).toBe(false);
    });

    it("drops script ticks from the browser's journal on import: only the server ticks them", async () => {
      const user = await register(ctx.app);
      const res = await call(user.token, 'POST', '/api/trades/import', {
        trades: [
          {
            ...LONG,
            status: 'OPEN',
            date: '2026-07-09T10:00:00.000Z',
            sizeUsd: 500,
            cells: [{ index: 2, title: 'Faked', points: 2, script: 'daily-trend', value: 9 }],
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const list = await call(user.token, 'GET', '/api/trades');
      const [trade] = list.json() as { cells: Snapshot[] }[];
      expect(trade!.cells).toEqual([{ index: 2, title: 'Faked', points: 2 }]);
    });

    describe('refusals of the new fields', () => {
      it('refuses an unknown script and a bad timeframe with 400 and a clear message', async () => {
        const res = await patch(quarterly.token, 1, { script: 'moon' });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe('Script must be one of the script cells');
        const trade = await call(quarterly.token, 'POST', '/api/trades', {
          ...LONG,
          timeframe: '7h',
        });
        expect(trade.statusCode).toBe(400);
        expect(trade.json().error.message).toMatch(/^Timeframe must be one of 1m/);
      });
    });
  },
  { captureLogs: true },
);
