import ccxt from 'ccxt';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { paperExchangeRoutes } from '../http.js';
import { MarkPins } from '../market/pins.js';
import { openPaperExchange } from '../paper-exchange.js';
import { exchangeClient, FakeClock, fund, infoClient } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';

/**
 * Isolated margin end to end (engine/isolated.ts), driven by real clients: ccxt 4.5.84's
 * hyperliquid class over HTTP on 127.0.0.1, and the @nktkas/hyperliquid SDK. Marks are pinned
 * at round prices and the clock stands still, so every number is worked out by hand below.
 * Fees: taker 0.045 %. BTC: max 40x, maintenance l = 1 / 80; SOL: max 20x, l = 1 / 40.
 */

const SEED = 7;
/** 2025-01-06T00:00:00Z. */
const T0 = 1_736_121_600_000;

async function openExchange() {
  const clock = new FakeClock(T0);
  const pins = new MarkPins();
  const exchange = await openPaperExchange({ now: clock.now, seed: SEED, pins });
  return { exchange, clock, pins };
}

const servers: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The exchange over HTTP at http://127.0.0.1:<port>/paper, with a funded ccxt client on it. */
async function ccxtOnPaper() {
  const { exchange, clock, pins } = await openExchange();
  const app = Fastify();
  await app.register(paperExchangeRoutes, { exchange, prefix: '/paper' });
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/paper`;
  servers.push(app);
  const privateKey = randomKey();
  const walletAddress = addressOf(privateKey);
  await fund(exchange, walletAddress);
  // ccxt spaces requests by Hyperliquid's weights (an info request of weight 20 waits a
  // second); the paper exchange counts them itself, and this test stays far below the budget.
  const client = new ccxt.hyperliquid({ walletAddress, privateKey, enableRateLimit: false });
  client.setSandboxMode(true);
  // ccxt posts to urls.api[public|private] + '/info' or '/exchange' (hyperliquid.js sign()).
  client.urls.api = { public: url, private: url };
  // Its nonce is the wall clock; the paper exchange's clock stands at T0 here.
  client.nonce = () => clock.ms;
  return { client, clock, pins };
}

const BTC = 'BTC/USDC:USDC';

describe('isolated margin through ccxt', () => {
  it('setMarginMode, a market order, addMargin, reduceMargin, fetchPositions and a liquidation', async () => {
    const { client, clock, pins } = await ccxtOnPaper();
    pins.pin('BTC', 100_000, clock.ms);
    await client.loadMarkets();
    const set = await client.setMarginMode('isolated', BTC, { leverage: 5 });
    expect(set).toEqual({ status: 'ok', response: { type: 'default' } });
    // The pinned mark 100,000 puts the best ask half a basis point above, rounded up to the
    // dollar: 100,006, with more than 0.01 BTC resting there.
    const book = await client.fetchOrderBook(BTC);
    expect(book.asks[0]).toEqual([100_006, expect.any(Number)]);
    const order = await client.createOrder(BTC, 'market', 'buy', 0.01, 100_000);
    expect(order).toMatchObject({ filled: 0.01, average: 100_006 });

    // Notional 0.01 × 100,006 = 1,000.06; 5x: 200.012 moves out of the cross account; the
    // fee 1,000.06 × 0.00045 = 0.450027 is paid from it: margin 199.561973.
    // +50, then −20: 229.561973; the cross account keeps 10,000 − 200.012 − 50 + 20 = 9,769.988.
    await client.addMargin(BTC, 50);
    await client.reduceMargin(BTC, 20);
    // At the mark 100,000 it must keep max(1,000 / 5, 10 % of 1,000) = 200 of its equity
    // 229.561973 − 0.06 = 229.501973: 30 more may not leave.
    await expect(client.reduceMargin(BTC, 30)).rejects.toThrow(
      'Position does not have sufficient margin for reduction.',
    );

    const [position] = await client.fetchPositions([BTC]);
    // Liquidation: (100,006 − 229.561973 / 0.01) / (1 − 1/80) = 77,049.8027 / 0.9875
    // = 78,025.116658, shown to the cent.
    expect(position).toMatchObject({
      symbol: BTC,
      marginMode: 'isolated',
      isolated: true,
      side: 'long',
      contracts: 0.01,
      entryPrice: 100_006,
      leverage: 5,
      notional: 1_000,
      unrealizedPnl: -0.06,
      // ccxt's collateral is marginUsed, the equity; its initialMargin, the margin itself.
      collateral: 229.501973,
      initialMargin: 229.561973,
      liquidationPrice: 78_025.12,
    });
    expect(position?.info.position.leverage).toEqual({
      type: 'isolated',
      value: 5,
      // 229.561973 − 0.01 × 100,006.
      rawUsd: '-770.498027',
    });
    const state = (await client.publicPostInfo({
      type: 'clearinghouseState',
      user: client.walletAddress,
    })) as Record<string, unknown>;
    expect(state).toMatchObject({
      // The whole account: 9,769.988 + 229.501973; raw USD 9,999.489973 − 1,000.
      marginSummary: {
        accountValue: '9999.489973',
        totalNtlPos: '1000',
        totalRawUsd: '8999.489973',
        totalMarginUsed: '229.501973',
      },
      // The cross account alone holds no position.
      crossMarginSummary: {
        accountValue: '9769.988',
        totalNtlPos: '0',
        totalRawUsd: '9769.988',
        totalMarginUsed: '0',
      },
      crossMaintenanceMarginUsed: '0',
      withdrawable: '9769.988',
    });
    const balance = await client.fetchBalance({ type: 'swap', marginMode: 'isolated' });
    expect(balance.USDC).toMatchObject({ total: 9_999.489973, free: 9_769.988 });

    // The mark falls through 78,025.12 to 78,000: the position alone is closed there.
    // PnL 0.01 × (78,000 − 100,006) = −220.06, fee 780 × 0.00045 = 0.351; the cross account
    // gets back 229.561973 − 220.06 − 0.351 = 9.150973: 9,779.138973 in all.
    pins.pin('BTC', 78_000, clock.ms);
    expect(await client.fetchPositions([BTC])).toEqual([]);
    const after = await client.fetchBalance({ type: 'swap', marginMode: 'isolated' });
    expect(after.USDC).toMatchObject({ total: 9_779.138973, free: 9_779.138973 });
    const liquidation = (await client.fetchMyTrades(BTC)).at(-1);
    expect(liquidation?.info).toMatchObject({
      px: '78000',
      sz: '0.01',
      closedPnl: '-220.06',
      fee: '0.351',
      liquidation: { markPx: '78000', method: 'market' },
    });
  }, 30_000);
});

describe('isolated margin through @nktkas/hyperliquid', () => {
  it('updateLeverage, updateIsolatedMargin and clearinghouseState on a short, then its close', async () => {
    const { exchange, clock, pins } = await openExchange();
    const key = randomKey();
    const user = addressOf(key);
    await fund(exchange, user);
    const client = exchangeClient(exchange, key, clock);
    const info = infoClient(exchange);
    pins.pin('SOL', 150, clock.ms);

    await client.updateLeverage({ asset: 2, isCross: false, leverage: 4 });
    // Flat, the setting shows in activeAssetData: 10,000 available each way, 10,000 × 4 / 150
    // = 266.666 SOL, to the lot. ETH keeps its default, 20x cross.
    expect(await info.activeAssetData({ user, coin: 'SOL' })).toEqual({
      user,
      coin: 'SOL',
      leverage: { type: 'isolated', value: 4, rawUsd: '0' },
      maxTradeSzs: ['266.66', '266.66'],
      availableToTrade: ['10000', '10000'],
      markPx: '150',
    });
    const eth = await info.activeAssetData({ user, coin: 'ETH' });
    expect(eth.leverage).toEqual({ type: 'cross', value: 20 });
    // A market sell of 10 SOL takes the best bid at the pinned 150: 149.99.
    const sold = await client.order({
      orders: [{ a: 2, b: false, p: '140', s: '10', r: false, t: { limit: { tif: 'Ioc' } } }],
      grouping: 'na',
    });
    expect(sold.response.data.statuses[0]).toMatchObject({ filled: { avgPx: '149.99' } });
    // Notional 1,499.9; 4x: 374.975 moves out; fee 1,499.9 × 0.00045 = 0.674955 paid from it:
    // 374.300045; +25: 399.300045. Cross account: 10,000 − 374.975 − 25 = 9,600.025.
    await client.updateIsolatedMargin({ asset: 2, isBuy: false, ntli: 25_000_000 });
    await expect(client.updateLeverage({ asset: 2, isCross: true, leverage: 4 })).rejects.toThrow(
      'Cannot switch leverage type with open position.',
    );

    const state = await info.clearinghouseState({ user });
    // At the mark 150: unrealised −10 × 0.01 = −0.1, equity 399.200045; rawUsd
    // 399.300045 + 10 × 149.99 = 1,899.200045; liquidation (short)
    // (149.99 + 399.300045 / 10) / (1 + 0.025) = 189.9200045 / 1.025 = 185.287809.
    expect(state.assetPositions).toEqual([
      {
        type: 'oneWay',
        position: expect.objectContaining({
          coin: 'SOL',
          szi: '-10',
          leverage: { type: 'isolated', value: 4, rawUsd: '1899.200045' },
          entryPx: '149.99',
          positionValue: '1500',
          unrealizedPnl: '-0.1',
          liquidationPx: '185.2878',
          marginUsed: '399.200045',
        }),
      },
    ]);
    expect(state.marginSummary).toEqual({
      // 9,600.025 + 399.200045; raw USD 9,999.225045 + 1,500.
      accountValue: '9999.225045',
      totalNtlPos: '1500',
      totalRawUsd: '11499.225045',
      totalMarginUsed: '399.200045',
    });
    expect(state.crossMarginSummary).toEqual({
      accountValue: '9600.025',
      totalNtlPos: '0',
      totalRawUsd: '9600.025',
      totalMarginUsed: '0',
    });
    expect(state.withdrawable).toBe('9600.025');
    // Buying closes the short, freeing its equity: (9,600.025 + 399.200045) × 4 / 150 + 10
    // = 276.646; selling adds to it from the 9,600.025 alone: × 4 / 150 = 256.0007.
    expect(await info.activeAssetData({ user, coin: 'SOL' })).toMatchObject({
      leverage: { type: 'isolated', value: 4, rawUsd: '1899.200045' },
      maxTradeSzs: ['276.64', '256'],
      availableToTrade: ['9999.225045', '9600.025'],
    });

    // At 140 it is bought back at the best ask, 140.01: PnL 10 × (149.99 − 140.01) = 99.8,
    // fee 1,400.1 × 0.00045 = 0.630045; the margin and the PnL return:
    // 9,600.025 + 399.300045 + 99.8 − 0.630045 = 10,098.495.
    pins.pin('SOL', 140, clock.ms);
    await client.order({
      orders: [{ a: 2, b: true, p: '150', s: '10', r: true, t: { limit: { tif: 'Ioc' } } }],
      grouping: 'na',
    });
    const closed = await info.clearinghouseState({ user });
    expect(closed.assetPositions).toEqual([]);
    expect(closed.marginSummary.accountValue).toBe('10098.495');
    expect(closed.crossMarginSummary.accountValue).toBe('10098.495');
    expect(closed.withdrawable).toBe('10098.495');
    await expect(
      client.updateIsolatedMargin({ asset: 2, isBuy: false, ntli: 1_000_000 }),
    ).rejects.toThrow('Cannot update margin for empty position.');
  });
});
