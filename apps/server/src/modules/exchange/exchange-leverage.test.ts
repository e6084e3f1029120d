import { expect, it } from 'vitest';
import { authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';

describeEachDatabase('POST /api/exchange/leverage on the built-in paper exchange', (ctx) => {
  const paperTrader = async () => {
    const user = await register(ctx.app);
    const res = await authed(ctx.app, user.token, 'POST', '/api/users/exchanges', {
      exchangeId: 'hyperliquid',
      network: 'paper',
    });
    expect(res.statusCode, res.body).toBe(201);
    return user;
  };
  const call = (token: string, method: 'GET' | 'POST', url: string, body?: object) =>
    authed(ctx.app, token, method, url, body);
  const marketOrder = (symbol: string, side: 'buy' | 'sell', size: number) => ({
    symbol,
    side,
    size,
    orderType: 'market',
  });

  it('sets the leverage the next position opens at; positions show it, margin and liquidation', async () => {
    const user = await paperTrader();
    const set = await call(user.token, 'POST', '/api/exchange/leverage', {
      symbol: 'BTC',
      leverage: 5,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      success: true,
      data: { symbol: 'BTC-USD', leverage: 5, isCross: true },
    });

    const short = await call(
      user.token,
      'POST',
      '/api/exchange/order',
      marketOrder('BTC', 'sell', 0.001),
    );
    expect(short.statusCode, short.body).toBe(201);
    // ETH keeps the paper exchange's default, 20x (min(20, max 25)), as Hyperliquid's does.
    const long = await call(
      user.token,
      'POST',
      '/api/exchange/order',
      marketOrder('ETH', 'buy', 0.01),
    );
    expect(long.statusCode, long.body).toBe(201);

    const positions = (await call(user.token, 'GET', '/api/exchange/positions')).json().data as {
      symbol: string;
      size: number;
      markPrice: number;
      entryPrice: number;
      margin: number;
      leverage: number;
      leverageType: string;
      liquidationPrice: number | null;
    }[];
    const btc = positions.find((p) => p.symbol === 'BTC-USD')!;
    const eth = positions.find((p) => p.symbol === 'ETH-USD')!;
    expect(btc).toMatchObject({ leverage: 5, leverageType: 'cross' });
    // Margin used = position value / leverage (paper rounds to cents).
    expect(btc.margin).toBeCloseTo((btc.size * btc.markPrice) / 5, 1);
    // A short's liquidation lies above its entry; $10,000 behind 0.001 BTC puts it far above.
    expect(btc.liquidationPrice).toEqual(expect.any(Number));
    expect(btc.liquidationPrice!).toBeGreaterThan(btc.entryPrice * 10);
    expect(eth).toMatchObject({ leverage: 20, leverageType: 'cross', liquidationPrice: null });
    expect(eth.margin).toBeCloseTo((eth.size * eth.markPrice) / 20, 1);

    // Changing the leverage of an open position changes its margin.
    const raised = await call(user.token, 'POST', '/api/exchange/leverage', {
      symbol: 'BTC-USD',
      leverage: 10,
      isCross: true,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const after = (await call(user.token, 'GET', '/api/exchange/positions')).json().data as {
      symbol: string;
      leverage: number;
    }[];
    expect(after.find((p) => p.symbol === 'BTC-USD')?.leverage).toBe(10);
  });

  it("refuses a leverage above the asset's maximum with 400 on the field", async () => {
    const user = await paperTrader();
    const res = await call(user.token, 'POST', '/api/exchange/leverage', {
      symbol: 'ETH',
      leverage: 26,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Leverage must be a whole number from 1 to 25 for ETH-USD',
      field: 'leverage',
    });
    const zero = await call(user.token, 'POST', '/api/exchange/leverage', {
      symbol: 'ETH',
      leverage: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toBe('Leverage must be a whole number from 1 to 100');
  });

  it('an isolated leverage is kept: the position holds its own margin and liquidation price', async () => {
    const user = await paperTrader();
    const set = await call(user.token, 'POST', '/api/exchange/leverage', {
      symbol: 'BTC',
      leverage: 5,
      isCross: false,
    });
    expect(set.statusCode, set.body).toBe(200);
    const long = await call(
      user.token,
      'POST',
      '/api/exchange/order',
      marketOrder('BTC', 'buy', 0.001),
    );
    expect(long.statusCode, long.body).toBe(201);
    const positions = (await call(user.token, 'GET', '/api/exchange/positions')).json().data as {
      symbol: string;
      size: number;
      markPrice: number;
      entryPrice: number;
      margin: number;
      leverage: number;
      leverageType: string;
      liquidationPrice: number | null;
    }[];
    const btc = positions.find((p) => p.symbol === 'BTC-USD')!;
    expect(btc).toMatchObject({ leverage: 5, leverageType: 'isolated' });
    // Its margin: entry notional / 5 less the 0.045 % taker fee, plus its unrealised PnL.
    const notional = btc.size * btc.entryPrice;
    const pnl = btc.size * (btc.markPrice - btc.entryPrice);
    expect(btc.margin).toBeCloseTo(notional / 5 - notional * 0.00045 + pnl, 1);
    // (entry − margin / size) / (1 − 1/80): about 80 % of the entry, whatever the cash behind.
    expect(btc.liquidationPrice!).toBeGreaterThan(btc.entryPrice * 0.8);
    expect(btc.liquidationPrice!).toBeLessThan(btc.entryPrice * 0.82);
  });

  it("maps the exchange's refusal like the order route: 422 with its text", async () => {
    const user = await paperTrader();
    const long = await call(
      user.token,
      'POST',
      '/api/exchange/order',
      marketOrder('BTC', 'buy', 0.001),
    );
    expect(long.statusCode, long.body).toBe(201);
    // A cross position is open: Hyperliquid refuses to make the coin isolated under it.
    const res = await call(user.token, 'POST', '/api/exchange/leverage', {
      symbol: 'BTC',
      leverage: 3,
      isCross: false,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'EXCHANGE_REJECTED',
      message: 'Failed to set leverage: Cannot switch leverage type with open position.',
    });
  });

  it('answers 404 for an unknown market, 400 without a connection and 401 signed out', async () => {
    const user = await paperTrader();
    const unknown = await call(user.token, 'POST', '/api/exchange/leverage', {
      symbol: 'NOPE',
      leverage: 3,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('UNKNOWN_SYMBOL');

    const stranger = await register(ctx.app);
    const none = await call(stranger.token, 'POST', '/api/exchange/leverage', {
      symbol: 'BTC',
      leverage: 3,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('EXCHANGE_NOT_CONNECTED');

    const signedOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/exchange/leverage',
      payload: { symbol: 'BTC', leverage: 3 },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('is not a trade: it goes while the session is ended', async () => {
    const user = await paperTrader();
    for (let i = 0; i < 3; i += 1) {
      const sl = await call(user.token, 'POST', '/api/risk-management/update', {
        status: 'STOPLOSS_HIT',
        profitLoss: -10,
      });
      expect(sl.statusCode).toBe(200);
    }
    const order = await call(
      user.token,
      'POST',
      '/api/exchange/order',
      marketOrder('BTC', 'buy', 0.001),
    );
    expect(order.statusCode).toBe(403);
    const res = await call(user.token, 'POST', '/api/exchange/leverage', {
      symbol: 'BTC',
      leverage: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
