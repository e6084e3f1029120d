import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addPlan, authed, register, roles } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

/**
 * Issue 31: GET /api/script-cells ticks the five script cells from the market data of the
 * paper exchange's seeded path (PAPER_PRICES=synthetic). Every expectation is computed here from
 * the raw candles and funding the test reads itself, with its own arithmetic.
 */

type Candle = [number, number, number, number, number, number];
type Cell = { id: string; ticked: boolean; value: number | null; points: number; detail: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = '2026-07-10T12:30:00Z';

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

describeEachDatabase('GET /api/script-cells', (ctx) => {
  let quarterly: { token: string };
  let monthly: { token: string };
  let free: { token: string };
  let annual: { token: string };

  beforeAll(async () => {
    ctx.clock.set(NOW);
    const r = await roles(ctx.app, ctx.database);
    free = r.user;
    const subscriber = async (plan: 'monthly' | 'quarterly' | 'annual') => {
      const user = await register(ctx.app);
      await addPlan(ctx.app, r.admin.token, user.id, plan);
      return user;
    };
    quarterly = await subscriber('quarterly');
    monthly = await subscriber('monthly');
    annual = await subscriber('annual');
  });
  // The clock goes back to real time after each test.
  beforeEach(() => ctx.clock.set(NOW));

  const cellsOf = async (token: string, query: string) => {
    const res = await authed(ctx.app, token, 'GET', `/api/script-cells?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { cells: Cell[]; evaluatedAt: string };
    expect(body.evaluatedAt).toBe(new Date(NOW).toISOString());
    return Object.fromEntries(body.cells.map((cell) => [cell.id, cell])) as Record<string, Cell>;
  };

  /** Candles as anyone reads them from the public route, without the one still open now. */
  const closedCandles = async (coin: string, timeframe: '1d' | '1h', limit: number) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/exchange/ohlcv/${coin}?timeframe=${timeframe}&limit=${limit}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const length = timeframe === '1d' ? DAY : HOUR;
    const nowMs = Date.parse(NOW);
    return (res.json().data as Candle[]).filter((c) => c[0] + length <= nowMs);
  };

  /** The last close, its 20-day average and ATR(14) (simple) of a coin's daily candles. */
  const daily = async (coin: string) => {
    const candles = await closedCandles(coin, '1d', 40);
    expect(candles.length).toBeGreaterThanOrEqual(35);
    const last20 = candles.slice(-20);
    const close = last20[19]![4];
    const average = mean(last20.map((c) => c[4]));
    const ranges: number[] = [];
    for (let i = candles.length - 14; i < candles.length; i += 1) {
      const [, , high, low] = candles[i]!;
      const previousClose = candles[i - 1]![4];
      ranges.push(
        Math.max(high - low, Math.abs(high - previousClose), Math.abs(low - previousClose)),
      );
    }
    const atr = mean(ranges);
    return { close, average, pct: (close / average - 1) * 100, atrs: (close - average) / atr };
  };

  const hourlyVolume = async (coin: string) => {
    const last21 = (await closedCandles(coin, '1h', 30)).slice(-21);
    expect(last21).toHaveLength(21);
    const volume = last21[20]![5];
    const average = mean(last21.slice(0, 20).map((c) => c[5]));
    return { above: volume > average, ratio: volume / average };
  };

  const funding = async (coin: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/paper/info',
      payload: { type: 'metaAndAssetCtxs' },
    });
    const [meta, ctxs] = res.json() as [{ universe: { name: string }[] }, { funding: string }[]];
    const index = meta.universe.findIndex((a) => a.name === coin);
    return Number(ctxs[index]!.funding);
  };

  it('gives a quarterly trader the five cells for a BTCUSDT long, each as the candles say', async () => {
    const cells = await cellsOf(quarterly.token, 'pair=BTCUSDT&isLong=true');
    expect(Object.keys(cells)).toEqual([
      'daily-trend',
      'funding-calm',
      'btc-agrees',
      'volume-up',
      'not-extended',
    ]);
    const btc = await daily('BTC');
    const volume = await hourlyVolume('BTC');
    const rate = await funding('BTC');

    expect(cells['daily-trend']).toMatchObject({ ticked: btc.close > btc.average, points: 2 });
    expect(cells['daily-trend']!.value).toBeCloseTo(btc.pct, 3);
    expect(cells['btc-agrees']).toMatchObject({ ticked: btc.close >= btc.average, points: 1 });
    expect(cells['btc-agrees']!.value).toBeCloseTo(btc.pct, 3);
    expect(cells['funding-calm']!.ticked).toBe(rate < 0.0001);
    expect(cells['funding-calm']!.value).toBeCloseTo(rate * 100, 5);
    expect(cells['volume-up']!.ticked).toBe(volume.above);
    expect(cells['volume-up']!.value).toBeCloseTo(volume.ratio, 3);
    expect(cells['not-extended']!.ticked).toBe(Math.abs(btc.atrs) < 2);
    expect(cells['not-extended']!.value).toBeCloseTo(btc.atrs, 3);
    for (const cell of Object.values(cells)) expect(cell.detail).not.toMatch(/Not enough data/);
  });

  it('ticks a short as the rules say: the trend and BTC the other way, funding paid the other way', async () => {
    const long = await cellsOf(quarterly.token, 'pair=BTCUSDT&isLong=true');
    const short = await cellsOf(annual.token, 'pair=btcusdt&isLong=false');
    const btc = await daily('BTC');
    const rate = await funding('BTC');
    expect(short['daily-trend']!.ticked).toBe(btc.close < btc.average);
    expect(short['daily-trend']!.ticked).toBe(!long['daily-trend']!.ticked);
    expect(short['btc-agrees']!.ticked).toBe(btc.close <= btc.average);
    expect(short['funding-calm']!.ticked).toBe(-rate < 0.0001);
    // Volume and extension read no side.
    expect(short['volume-up']).toEqual(long['volume-up']);
    expect(short['not-extended']).toEqual(long['not-extended']);
  });

  it("reads the coin's own chart for the trend and BTC's for the BTC cell", async () => {
    const cells = await cellsOf(quarterly.token, 'pair=ETHUSDT&isLong=true&timeframe=1h');
    const eth = await daily('ETH');
    const btc = await daily('BTC');
    expect(eth.pct).not.toBeCloseTo(btc.pct, 3);
    expect(cells['daily-trend']!.value).toBeCloseTo(eth.pct, 3);
    expect(cells['btc-agrees']!.value).toBeCloseTo(btc.pct, 3);
    expect(cells['btc-agrees']!.ticked).toBe(btc.close >= btc.average);
    expect(cells['not-extended']!.value).toBeCloseTo(eth.atrs, 3);
    expect(cells['volume-up']!.value).toBeCloseTo((await hourlyVolume('ETH')).ratio, 3);
  });

  describe('refusals', () => {
    it('refuses a free and a monthly user with 403 PREMIUM_REQUIRED, and a visitor with 401', async () => {
      for (const user of [free, monthly]) {
        const res = await authed(
          ctx.app,
          user.token,
          'GET',
          '/api/script-cells?pair=BTCUSDT&isLong=true',
        );
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toEqual({
          code: 'PREMIUM_REQUIRED',
          message: 'This feature is only available to premium users',
        });
      }
      const visitor = await ctx.app.inject({
        method: 'GET',
        url: '/api/script-cells?pair=BTCUSDT&isLong=true',
      });
      expect(visitor.statusCode).toBe(401);
    });

    it('refuses a bad or unknown pair and a missing side with 400 and a clear message', async () => {
      const get = (query: string) =>
        authed(ctx.app, quarterly.token, 'GET', `/api/script-cells?${query}`);
      const malformed = await get('pair=%21%21&isLong=true');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'pair',
        message: 'Pair may contain only letters, digits and / : . _ -',
      });
      const unknown = await get('pair=NOPEUSDT&isLong=true');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'pair',
        message: 'Unknown pair NOPEUSDT: the exchange lists no NOPE market',
      });
      const noSide = await get('pair=BTCUSDT');
      expect(noSide.statusCode).toBe(400);
      expect(noSide.json().error).toMatchObject({
        field: 'isLong',
        message: 'Long/short must be true or false',
      });
    });
  });
});
