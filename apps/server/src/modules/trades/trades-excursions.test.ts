import { openPaperExchange, type PaperExchange } from '@tb/paper-exchange';
import { afterAll, expect, it } from 'vitest';
import { authed, createTrade, register } from '../../test/api.js';
import { describeEachDatabase, type TestContext } from '../../test/helper.js';
import { listenLocal } from '../../test/local-servers.js';

/**
 * The paper exchange reached over HTTP on loopback as MARKET_DATA_NETWORK (testnet): its
 * seeded price path is the market here. `failCandles` answers candleSnapshot with a 500.
 */
async function paperMarket() {
  const exchange = await openPaperExchange();
  const state = { failCandles: false };
  const server = await listenLocal(async (req, body, res) => {
    let parsed: { type?: string } | undefined;
    try {
      parsed = JSON.parse(body) as { type?: string };
    } catch {
      parsed = undefined;
    }
    const answer =
      state.failCandles && parsed?.type === 'candleSnapshot'
        ? { status: 500, body: { error: 'internal' } }
        : req.url === '/exchange'
          ? await exchange.exchange(parsed)
          : await exchange.info(parsed);
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  return { ...server, exchange, state };
}

let market: Awaited<ReturnType<typeof paperMarket>> | undefined;
afterAll(() => market?.close());

const MINUTE = 60_000;

interface PaperCandle {
  t: number;
  h: string;
  l: string;
}

/** BTC's mid on the paper market, to the dollar. */
async function btcMid(exchange: PaperExchange): Promise<number> {
  const mids = (await exchange.info({ type: 'allMids' })).body as Record<string, string>;
  return Math.round(Number(mids.BTC));
}

/**
 * The hand computation: the 1m candles wholly within [opened, closed], and the entry and exit
 * prices at the ends; long: MFE from the highest high, MAE from the lowest low, in R.
 */
async function expectedExcursions(
  exchange: PaperExchange,
  trade: {
    date: string;
    closedAt: string;
    entryPrice: number;
    stopLoss: number;
    exitPrice: number;
  },
) {
  const opened = Date.parse(trade.date);
  const closed = Date.parse(trade.closedAt);
  const answer = await exchange.info({
    type: 'candleSnapshot',
    req: { coin: 'BTC', interval: '1m', startTime: opened },
  });
  const whole = (answer.body as PaperCandle[]).filter(
    (c) => c.t >= opened && c.t + MINUTE <= closed,
  );
  expect(whole.length).toBeGreaterThan(30);
  const high = Math.max(trade.entryPrice, trade.exitPrice, ...whole.map((c) => Number(c.h)));
  const low = Math.min(trade.entryPrice, trade.exitPrice, ...whole.map((c) => Number(c.l)));
  const risk = trade.entryPrice - trade.stopLoss;
  const r2 = (value: number) => Math.round(value * 100) / 100 || 0;
  return { mfeR: r2((high - trade.entryPrice) / risk), maeR: r2((low - trade.entryPrice) / risk) };
}

/**
 * A long BTCUSDT opened `minutesAgo` (40) minutes ago at the paper market's price then (1R =
 * 0.2 % of it), closed by hand now at the market's price now.
 */
async function closedLong(ctx: TestContext, exchange: PaperExchange, minutesAgo = 40) {
  const user = await register(ctx.app);
  const date = Date.now() - minutesAgo * MINUTE;
  const [then] = (
    await exchange.info({
      type: 'candleSnapshot',
      req: { coin: 'BTC', interval: '1m', startTime: date - MINUTE, endTime: date },
    })
  ).body as Array<{ c: string }>;
  const entry = Math.round(Number(then!.c));
  const risk = Math.round(entry * 0.002);
  const opened = await createTrade(ctx.app, user.token, {
    pair: 'BTCUSDT',
    isLong: true,
    entryPrice: entry,
    stopLoss: entry - risk,
    takeProfit: entry + 3 * risk,
    date: new Date(date).toISOString(),
  });
  const exit = await authed(ctx.app, user.token, 'POST', `/api/trades/${opened.id}/exits`, {
    price: await btcMid(exchange),
  });
  expect(exit.statusCode, exit.body).toBe(200);
  return { user, trade: exit.json().trade };
}

const readTrade = async (ctx: TestContext, token: string, id: string) => {
  const res = await authed(ctx.app, token, 'GET', `/api/trades/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describeEachDatabase(
  'MFE and MAE of a closed trade, from the market candles over its life (issue 26)',
  (ctx) => {
    it('stores them after a close by hand, as computed by hand from the candles', async () => {
      const { user, trade } = await closedLong(ctx, market!.exchange);
      // The close waits up to a second for them; a read still going on then is finished here.
      await ctx.app.excursions.idle();
      const stored = await readTrade(ctx, user.token, trade.id);
      expect([
        { mfeR: null, maeR: null },
        { mfeR: stored.mfeR, maeR: stored.maeR },
      ]).toContainEqual({
        mfeR: trade.mfeR,
        maeR: trade.maeR,
      });
      expect(stored.status).not.toBe('OPEN');
      const expected = await expectedExcursions(market!.exchange, stored);
      expect({ mfeR: stored.mfeR, maeR: stored.maeR }).toEqual(expected);
      expect(stored.mfeR).toBeGreaterThanOrEqual(Math.max(0, stored.rMultiple - 0.01));
      expect(stored.maeR).toBeLessThanOrEqual(Math.min(0, stored.rMultiple + 0.01));
      expect(stored.mfeR - stored.maeR).toBeGreaterThan(0);
      // The list carries them too.
      const list = (await authed(ctx.app, user.token, 'GET', '/api/trades')).json();
      expect(list[0]).toMatchObject(expected);
    });

    it('leaves them null when the first read fails, and the sweep fills them later', async () => {
      market!.state.failCandles = true;
      // Opened in another minute than the trade before, whose candles the market cache may
      // still hold (one entry per candle of `since`, issue 29).
      const { user, trade } = await closedLong(ctx, market!.exchange, 45);
      await ctx.app.excursions.idle();
      expect(await readTrade(ctx, user.token, trade.id)).toMatchObject({ mfeR: null, maeR: null });

      market!.state.failCandles = false;
      // The failed trade waits a minute before its next try; the reconciler's pass sweeps it.
      ctx.clock.advance(2 * MINUTE);
      await ctx.app.reconciler.runOnce();
      await ctx.app.excursions.idle();
      const stored = await readTrade(ctx, user.token, trade.id);
      expect(stored.mfeR).not.toBeNull();
      expect({ mfeR: stored.mfeR, maeR: stored.maeR }).toEqual(
        await expectedExcursions(market!.exchange, stored),
      );
    });

    it('leaves a trade on a pair the exchange does not list without them, and does not retry it', async () => {
      const user = await register(ctx.app);
      const opened = await createTrade(ctx.app, user.token, {
        pair: 'NOPEUSDT',
        isLong: false,
        entryPrice: 10,
        stopLoss: 11,
        takeProfit: 8,
      });
      const closed = await authed(ctx.app, user.token, 'PUT', `/api/trades/${opened.id}/status`, {
        status: 'TARGET_HIT',
      });
      expect(closed.statusCode, closed.body).toBe(200);
      await ctx.app.excursions.idle();
      expect(await readTrade(ctx, user.token, opened.id)).toMatchObject({ mfeR: null, maeR: null });
      expect(await ctx.app.excursions.fill(opened.id)).toBe('unknown-market');
      ctx.clock.advance(2 * MINUTE);
      expect(await ctx.app.excursions.sweep({ force: true })).toBe(0);
    });
  },
  {
    env: async () => {
      market ??= await paperMarket();
      return { HYPERLIQUID_TESTNET_URL: market.origin, MARKET_DATA_NETWORK: 'testnet' };
    },
  },
);

describeEachDatabase('MFE and MAE of journal trades on the paper market (default)', (ctx) => {
  it('stay null: paper prices are a simulation, not the market the journal records', async () => {
    const user = await register(ctx.app);
    const opened = await createTrade(ctx.app, user.token, {
      pair: 'BTCUSDT',
      isLong: true,
      entryPrice: 100,
      stopLoss: 90,
      takeProfit: 120,
    });
    const closed = await authed(ctx.app, user.token, 'PUT', `/api/trades/${opened.id}/status`, {
      status: 'STOPLOSS_HIT',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await ctx.app.excursions.idle();
    expect(await readTrade(ctx, user.token, opened.id)).toMatchObject({ mfeR: null, maeR: null });
    expect(await ctx.app.excursions.sweep({ force: true })).toBe(0);
  });
});
