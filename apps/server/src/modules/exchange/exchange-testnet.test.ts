import { afterAll, beforeEach, expect, it } from 'vitest';
import { authed, register } from '../../test/api.js';
import { addKey, ownKeys } from '../../test/exchange-fixtures.js';
import { describeEachDatabase } from '../../test/helper.js';
import { fakeHyperliquid } from '../../test/local-servers.js';

let fake: Awaited<ReturnType<typeof fakeHyperliquid>> | undefined;
afterAll(() => fake?.close());

/** Testnet points at a local fake that can answer, stay silent or fail. */
describeEachDatabase(
  'exchange proxy against a failing exchange (testnet on a local fake)',
  (ctx) => {
    beforeEach(() => {
      fake!.state.mode = 'ok';
    });
    const trader = async () => {
      const user = await register(ctx.app);
      await addKey(ctx.app, user.token);
      return user;
    };
    const order = { symbol: 'BTC', side: 'buy', size: 0.001, price: 60_000, orderType: 'limit' };

    it('reads the account when the exchange answers', async () => {
      const user = await trader();
      const res = await authed(ctx.app, user.token, 'GET', '/api/exchange/account');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.info.usdcValue).toBe(500);
      const placed = await authed(ctx.app, user.token, 'POST', '/api/exchange/order', order);
      expect(placed.json()).toMatchObject({ data: { id: '77', status: 'resting' } });
      const keys = await authed(ctx.app, user.token, 'GET', '/api/api-keys');
      expect(keys.json().data[0].lastUsed).toEqual(expect.any(String));
    });

    it('answers 504 EXCHANGE_TIMEOUT when the exchange never answers', async () => {
      const user = await trader();
      fake!.state.mode = 'hang';
      // The 504 itself says the client gave up at EXCHANGE_TIMEOUT_MS (a hang would not answer).
      const res = await authed(ctx.app, user.token, 'GET', '/api/exchange/account');
      expect(res.statusCode).toBe(504);
      expect(res.json().error).toEqual({
        code: 'EXCHANGE_TIMEOUT',
        message: 'Failed to fetch account data: The exchange did not answer in time',
      });
    });

    it.each([
      ['/api/exchange/positions', 'Failed to fetch positions'],
      ['/api/exchange/orders', 'Failed to fetch open orders'],
      ['/api/exchange/myTrades', 'Failed to fetch trade history'],
      ['/api/exchange/orders/history', 'Failed to fetch order history'],
    ])('answers 502 EXCHANGE_ERROR on a 500 (%s)', async (url, text) => {
      const user = await trader();
      fake!.state.mode = 'http500';
      const res = await authed(ctx.app, user.token, 'GET', url);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toEqual({
        code: 'EXCHANGE_ERROR',
        message: `${text}: The exchange could not be reached (HTTP 500)`,
      });
    });

    it("answers an exchange's refusal with 422 EXCHANGE_REJECTED and Hyperliquid's text", async () => {
      const user = await trader();
      // Market metadata is cached from the first call; the refusal comes from /exchange.
      await authed(ctx.app, user.token, 'GET', '/api/exchange/markets');
      fake!.state.mode = 'refuse';
      const res = await authed(ctx.app, user.token, 'POST', '/api/exchange/order', order);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: 'EXCHANGE_REJECTED',
        message: 'Failed to place order: Order must have minimum value of $10.',
      });
    });

    it('answers 502 EXCHANGE_ERROR when nothing listens at the exchange address', async () => {
      const user = await register(ctx.app);
      await addKey(ctx.app, user.token, ownKeys('mainnet'));
      const res = await authed(ctx.app, user.token, 'POST', '/api/exchange/order', order);
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toEqual({
        code: 'EXCHANGE_ERROR',
        message: 'Failed to place order: The exchange could not be reached',
      });
    });

    it('refuses a connection the exchange cannot confirm, and stores nothing', async () => {
      const user = await register(ctx.app);
      fake!.state.mode = 'http500';
      const res = await authed(ctx.app, user.token, 'POST', '/api/users/exchanges', ownKeys());
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toEqual({
        code: 'EXCHANGE_ERROR',
        message: 'Failed to connect to exchange: The exchange could not be reached (HTTP 500)',
      });
      expect((await authed(ctx.app, user.token, 'GET', '/api/api-keys')).json().data).toEqual([]);
      fake!.state.mode = 'ok';
      const ok = await authed(ctx.app, user.token, 'POST', '/api/users/exchanges', ownKeys());
      expect(ok.statusCode).toBe(201);
      expect(ok.json().exchange.network).toBe('testnet');
    });

    it('serves signed-out market data from MARKET_DATA_NETWORK', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/exchange/price/ETH' });
      expect(res.json()).toEqual({
        success: true,
        data: { symbol: 'ETH-USD', price: 3200.25 },
        price: 3200.25,
      });
    });
  },
  {
    env: async () => {
      fake ??= await fakeHyperliquid();
      return {
        HYPERLIQUID_TESTNET_URL: fake.origin,
        // Port 9 (discard): nothing listens, the connection is refused at once.
        HYPERLIQUID_MAINNET_URL: 'http://127.0.0.1:9',
        EXCHANGE_TIMEOUT_MS: '400',
        MARKET_DATA_NETWORK: 'testnet',
      };
    },
  },
);
