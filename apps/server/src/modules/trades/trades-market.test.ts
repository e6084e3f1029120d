import { afterAll, beforeEach, expect, it } from 'vitest';
import { authed, createTrade, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { fakeHyperliquid } from '../../test/local-servers.js';

let fake: Awaited<ReturnType<typeof fakeHyperliquid>> | undefined;
afterAll(() => fake?.close());

/** The fake exchange quotes BTC at 65,000.5: entries from 32,500.25 to 130,001 pass. */
const FAR_MESSAGE =
  'Entry 0.000001 is far from the market price of BTC-USD (65,000.5): enter a price between ' +
  '32,500.3 and 130,001 (half to double the market price), or check it for a missing or extra digit.';
const NEAR = {
  pair: 'BTCUSDT',
  isLong: true,
  stopLoss: 64_000,
  entryPrice: 65_000,
  takeProfit: 67_000,
};
/**
 * Valid levels (49.5R) at a price no BTC market has. (The issue's own trade, entry 0.000001 and
 * target 1e12, is already refused as a target beyond 100R.)
 */
const FAR = {
  pair: 'BTCUSDT',
  isLong: true,
  stopLoss: 0.00000001,
  entryPrice: 0.000001,
  takeProfit: 0.00005,
};
/** The market cache keeps mids 1 s: wait them out so the next lookup asks the exchange. */
const midsExpire = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describeEachDatabase(
  'journal entry prices against a known market (MARKET_DATA_NETWORK on a fake Hyperliquid)',
  (ctx) => {
    beforeEach(() => {
      fake!.state.mode = 'ok';
    });
    const post = async (body: object) => {
      const user = await register(ctx.app);
      return authed(ctx.app, user.token, 'POST', '/api/trades', body);
    };

    it('refuses an entry far from the market with a message a person understands', async () => {
      const res = await post(FAR);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'entryPrice',
        message: FAR_MESSAGE,
      });
    });

    it('accepts an entry near the market, and any entry on a pair the exchange does not list', async () => {
      expect((await post(NEAR)).statusCode).toBe(201);
      expect((await post({ ...FAR, pair: 'NOPEUSDT' })).statusCode).toBe(201);
    });

    it('refuses moving an open trade far from the market, and keeps edits that leave the entry', async () => {
      const user = await register(ctx.app);
      const trade = await createTrade(ctx.app, user.token, NEAR);
      const moved = await authed(ctx.app, user.token, 'PUT', `/api/trades/${trade.id}`, FAR);
      expect(moved.statusCode).toBe(400);
      expect(moved.json().error).toMatchObject({ field: 'entryPrice', message: FAR_MESSAGE });
      const noted = await authed(ctx.app, user.token, 'PUT', `/api/trades/${trade.id}`, {
        ...NEAR,
        notes: 'held',
      });
      expect(noted.statusCode, noted.body).toBe(200);
    });

    it.each(['hang', 'http500'] as const)(
      'accepts as before when the market cannot be read (exchange %s), within a second or so',
      async (mode) => {
        await midsExpire();
        fake!.state.mode = mode;
        const started = Date.now();
        const res = await post(FAR);
        expect(res.statusCode, res.body).toBe(201);
        expect(Date.now() - started).toBeLessThan(3_000);
      },
    );
  },
  {
    env: async () => {
      fake ??= await fakeHyperliquid();
      return { HYPERLIQUID_TESTNET_URL: fake.origin, MARKET_DATA_NETWORK: 'testnet' };
    },
  },
);

describeEachDatabase('journal entry prices on the paper market (default)', (ctx) => {
  it('uses no bound: paper prices are a simulation, not the market', async () => {
    const user = await register(ctx.app);
    const res = await authed(ctx.app, user.token, 'POST', '/api/trades', FAR);
    expect(res.statusCode, res.body).toBe(201);
  });
});
