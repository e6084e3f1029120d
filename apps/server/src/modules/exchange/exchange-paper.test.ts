import { describe, expect, it } from 'vitest';
import { authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

describeEachDatabase('exchange proxy on the built-in paper exchange', (ctx) => {
  /** A user with a one-click paper connection. */
  const paperTrader = async () => {
    const user = await register(ctx.app);
    const res = await authed(ctx.app, user.token, 'POST', '/api/users/exchanges', {
      exchangeId: 'hyperliquid',
      network: 'paper',
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...user, connectionId: res.json().exchange.id as string };
  };
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
    authed(ctx.app, token, method, url, body);
  const btcPrice = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/exchange/price/BTC' })).json()
      .price as number;
  const market = (side: 'buy' | 'sell', reduceOnly = false) => ({
    symbol: 'BTC',
    side,
    size: 0.001,
    orderType: 'market',
    reduceOnly,
  });

  describe('connecting', () => {
    it('creates, funds and approves a paper account in one call', async () => {
      const user = await register(ctx.app);
      const res = await authed(ctx.app, user.token, 'POST', '/api/users/exchanges', {
        exchangeId: 'hyperliquid',
        network: 'paper',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        exchangeName: 'Hyperliquid',
        exchange: { name: 'Hyperliquid', network: 'paper' },
      });
      const list = await call(user.token, 'GET', '/api/users/exchanges');
      expect(list.json()).toEqual({ success: true, exchanges: [res.json().exchange] });
      // The paper account's address (the trading page follows it on /paper/ws): it is funded.
      const { walletAddress } = res.json().exchange as { walletAddress: string };
      expect(walletAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
      const state = await ctx.app.inject({
        method: 'POST',
        url: '/paper/info',
        payload: { type: 'clearinghouseState', user: walletAddress },
      });
      expect(Number(state.json().marginSummary.accountValue)).toBe(10_000);
      const keys = await call(user.token, 'GET', '/api/api-keys');
      expect(keys.json().data[0]).toMatchObject({ network: 'paper', isActive: true });
      expect(keys.json().data[0].maskedApiSecret).toMatch(/^\*{4}[0-9a-f]{4}$/);

      const account = await call(user.token, 'GET', '/api/exchange/account');
      expect(account.statusCode).toBe(200);
      expect(account.json().success).toBe(true);
      expect(account.json().data.info.usdcValue).toBe(10_000);
    });

    it('makes a paper account through the API key manager too, within the plan limit', async () => {
      const user = await register(ctx.app);
      const made = await call(user.token, 'POST', '/api/api-keys', { network: 'paper' });
      expect(made.statusCode).toBe(201);
      expect(made.json().data.network).toBe('paper');
      const second = await call(user.token, 'POST', '/api/users/exchanges', {
        exchangeId: 'hyperliquid',
        network: 'paper',
      });
      expect(second.statusCode).toBe(403);
      expect(second.json().error.code).toBe('PREMIUM_REQUIRED');
    });

    it('disconnects', async () => {
      const user = await paperTrader();
      const gone = await call(user.token, 'DELETE', `/api/users/exchanges/${user.connectionId}`);
      expect(gone.json()).toEqual({ success: true });
      expect((await call(user.token, 'GET', '/api/users/exchanges')).json().exchanges).toEqual([]);
      const account = await call(user.token, 'GET', '/api/exchange/account');
      expect(account.statusCode).toBe(400);
      expect(account.json().error).toEqual({
        code: 'EXCHANGE_NOT_CONNECTED',
        message: 'No exchange connected. Connect Hyperliquid first.',
      });
    });
  });

  it('rests a limit order, lists it and cancels it', async () => {
    const user = await paperTrader();
    const price = Math.floor((await btcPrice()) * 0.9);
    const placed = await call(user.token, 'POST', '/api/exchange/order', {
      symbol: 'BTC',
      side: 'buy',
      size: 0.001,
      price,
      orderType: 'limit',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      success: true,
      message: 'Order placed successfully',
      data: { status: 'resting', filled: 0 },
    });
    const id = placed.json().data.id as string;
    const orders = (await call(user.token, 'GET', '/api/exchange/orders')).json().data;
    expect(orders).toEqual([
      expect.objectContaining({ id, symbol: 'BTC-USD', side: 'buy', size: 0.001, price }),
    ]);
    const cancelled = await call(
      user.token,
      'DELETE',
      `/api/exchange/order/${id}?assetId=${orders[0].assetId}`,
    );
    expect(cancelled.json()).toEqual({
      success: true,
      data: { id },
      message: 'Order cancelled successfully',
    });
    expect((await call(user.token, 'GET', '/api/exchange/orders')).json().data).toEqual([]);
    const history = await call(user.token, 'GET', '/api/exchange/orders/history');
    expect(history.json().data[0]).toMatchObject({ symbol: 'BTC-USD', side: 'buy' });
  });

  it('opens a position at market, shows its P/L, and closes all', async () => {
    const user = await paperTrader();
    const placed = await call(user.token, 'POST', '/api/exchange/order', market('buy'));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({ status: 'filled', filled: 0.001 });
    const positions = (await call(user.token, 'GET', '/api/exchange/positions')).json().data;
    expect(positions).toEqual([
      expect.objectContaining({ symbol: 'BTC-USD', side: 'long', size: 0.001 }),
    ]);
    expect(positions[0].unrealizedPnl).toEqual(expect.any(Number));
    const leverage = await call(user.token, 'POST', '/api/exchange/leverage', {
      symbol: 'ETH',
      leverage: 5,
    });
    expect(leverage.json()).toEqual({
      success: true,
      data: { symbol: 'ETH-USD', leverage: 5, isCross: true },
    });
    const closed = await call(user.token, 'POST', '/api/exchange/positions/close-all');
    expect(closed.json()).toEqual({
      success: true,
      data: { closed: [{ symbol: 'BTC-USD', size: 0.001 }], failed: [] },
    });
    expect((await call(user.token, 'GET', '/api/exchange/positions')).json().data).toEqual([]);
    const fills = (await call(user.token, 'GET', '/api/exchange/myTrades?limit=10')).json().data;
    expect(fills).toHaveLength(2);
    expect(fills[0].fee).toEqual({ cost: expect.any(Number), currency: 'USDC' });
  });

  it('closes one position at its full size, leaving the others open', async () => {
    const user = await paperTrader();
    for (const symbol of ['BTC', 'ETH']) {
      const res = await call(user.token, 'POST', '/api/exchange/order', {
        ...market('buy'),
        symbol,
        size: symbol === 'BTC' ? 0.002 : 0.01,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const closed = await call(user.token, 'POST', '/api/exchange/positions/BTC-USD/close');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toEqual({
      closed: [{ symbol: 'BTC-USD', size: 0.002 }],
      failed: [],
    });
    const left = (await call(user.token, 'GET', '/api/exchange/positions')).json().data;
    expect(left.map((p: { symbol: string }) => p.symbol)).toEqual(['ETH-USD']);
  });

  describe("the exchange refusing the trader's own input: 422 EXCHANGE_REJECTED with its text", () => {
    const rejected = (
      res: { statusCode: number; json: () => { error: unknown } },
      text: string,
    ) => {
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({ code: 'EXCHANGE_REJECTED', message: text });
    };

    it('an order below the minimum value', async () => {
      const user = await paperTrader();
      // 0.001 ETH (the smallest size the order form takes) is worth about $3.5.
      const res = await call(user.token, 'POST', '/api/exchange/order', {
        ...market('buy'),
        symbol: 'ETH',
      });
      rejected(res, 'Failed to place order: Order must have minimum value of $10.');
    });

    it('a reduce-only order without a position', async () => {
      const user = await paperTrader();
      const res = await call(user.token, 'POST', '/api/exchange/order', market('sell', true));
      rejected(res, 'Failed to place order: Reduce only order would increase position.');
    });

    it('an order above the margin', async () => {
      const user = await paperTrader();
      const res = await call(user.token, 'POST', '/api/exchange/order', {
        ...market('buy'),
        size: 10_000,
      });
      rejected(res, 'Failed to place order: Insufficient margin to place order.');
    });

    it('cancelling an order that does not exist', async () => {
      const user = await paperTrader();
      const res = await call(user.token, 'DELETE', '/api/exchange/order/987654?symbol=BTC');
      rejected(res, 'Failed to cancel order: Order was never placed, already canceled, or filled.');
    });
  });

  it('refuses new orders while the session is ended; reduce-only, cancel and close-all pass', async () => {
    const user = await paperTrader();
    await call(user.token, 'POST', '/api/exchange/order', { ...market('buy'), size: 0.002 });
    const price = Math.floor((await btcPrice()) * 0.8);
    const resting = await call(user.token, 'POST', '/api/exchange/order', {
      symbol: 'BTC',
      side: 'buy',
      size: 0.001,
      price,
    });
    for (let i = 0; i < 3; i += 1) {
      const sl = await call(user.token, 'POST', '/api/risk-management/update', {
        status: 'STOPLOSS_HIT',
        profitLoss: -10,
      });
      expect(sl.statusCode).toBe(200);
    }
    const refused = await call(user.token, 'POST', '/api/exchange/order', market('buy'));
    expect(refused.statusCode).toBe(403);
    const day = (await call(user.token, 'GET', '/api/risk-management')).json().tradingDay;
    expect(refused.json().error).toMatchObject({
      code: 'SESSION_ENDED',
      reason: 'STOPLOSSES',
      reopensAt: day.endsAt,
    });
    expect(refused.json().error.message).toMatch(
      /^You have reached the maximum number of stoploss trades for today\. Trading opens again /,
    );

    const reduce = await call(user.token, 'POST', '/api/exchange/order', {
      ...market('sell', true),
    });
    expect(reduce.statusCode, reduce.body).toBe(201);
    const cancel = await call(
      user.token,
      'DELETE',
      `/api/exchange/order/${resting.json().data.id}?symbol=BTC`,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const closeAll = await call(user.token, 'POST', '/api/exchange/positions/close-all');
    expect(closeAll.json().data.closed).toHaveLength(1);
  });

  it("answers 400 EXCHANGE_NOT_CONNECTED for another user's connection id", async () => {
    const owner = await paperTrader();
    const other = await register(ctx.app);
    for (const url of [
      `/api/exchange/account?connectionId=${owner.connectionId}`,
      '/api/exchange/positions?connectionId=nope',
      `/api/exchange/orders?connectionId=${owner.connectionId}`,
    ]) {
      const res = await call(other.token, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('EXCHANGE_NOT_CONNECTED');
    }
    const own = await call(
      owner.token,
      'GET',
      `/api/exchange/account?connectionId=${owner.connectionId}`,
    );
    expect(own.statusCode).toBe(200);
  });

  describe('public market data (no token)', () => {
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });

    it('serves markets, tickers, price, book, candles and trades', async () => {
      const markets = (await get('/api/exchange/markets')).json();
      expect(markets.success).toBe(true);
      expect(markets.data).toEqual(
        expect.arrayContaining([expect.objectContaining({ symbol: 'BTC-USD' })]),
      );
      expect((await get('/api/exchange/tickers')).json().data.length).toBeGreaterThan(0);
      const price = (await get('/api/exchange/price/BTC%2FUSD')).json();
      expect(price).toEqual({
        success: true,
        data: { symbol: 'BTC-USD', price: expect.any(Number) },
        price: price.data.price,
      });
      expect((await get('/api/exchange/ticker/ETH')).json().data.symbol).toBe('ETH-USD');
      const book = (await get('/api/exchange/orderbook/BTC?limit=5')).json().data;
      expect(book.bids.length).toBeLessThanOrEqual(5);
      expect(book.asks.length).toBeGreaterThan(0);
      const candles = (await get('/api/exchange/ohlcv/BTC?timeframe=1m&limit=10')).json().data;
      expect(candles.length).toBeGreaterThan(0);
      expect(candles[0]).toHaveLength(6);
      expect((await get('/api/exchange/trades/BTC')).statusCode).toBe(200);
    });

    it('answers an unknown symbol with 404 UNKNOWN_SYMBOL', async () => {
      for (const [url, symbol] of [
        ['/api/exchange/price/NOPE', 'NOPE-USD'],
        ['/api/exchange/ticker/NOPE', 'NOPE'],
      ]) {
        const res = await get(url!);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error).toEqual({
          code: 'UNKNOWN_SYMBOL',
          message: `Could not fetch price for ${symbol}`,
        });
      }
    });

    it('ignores a bad token instead of refusing', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/exchange/markets',
        headers: { authorization: 'Bearer nonsense' },
      });
      expect(res.statusCode).toBe(200);
    });

    it('documents the exchange routes in the OpenAPI document', async () => {
      const doc = (await get('/api/openapi.json')).json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/api-keys',
          '/api/users/exchanges',
          '/api/exchange/order',
          '/api/exchange/price/{symbol}',
          '/api/signals/settings',
        ]),
      );
    });

    it('mounts the paper exchange itself at /paper without a session', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/paper/info',
        payload: { type: 'meta' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().universe.length).toBeGreaterThan(0);
    });
  });
});
