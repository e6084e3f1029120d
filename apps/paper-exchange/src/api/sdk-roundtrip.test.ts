import { formatPrice, formatSize } from '@nktkas/hyperliquid/utils';
import { describe, expect, it } from 'vitest';
import { exchangeClient, fund, infoClient, openTestExchange } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';

/** The @nktkas/hyperliquid SDK (the app's client) driving the paper exchange end to end. */

const decimal = expect.stringMatching(/^-?\d+(\.\d+)?$/);

async function setUp() {
  const { exchange, clock } = await openTestExchange();
  const masterKey = randomKey();
  const agentKey = randomKey();
  const master = addressOf(masterKey);
  const agentAddress = addressOf(agentKey);
  await fund(exchange, master);
  const masterClient = exchangeClient(exchange, masterKey, clock);
  await masterClient.approveAgent({ agentAddress, agentName: 'bot' });
  return {
    exchange,
    clock,
    master,
    agentAddress,
    agent: exchangeClient(exchange, agentKey, clock),
    info: infoClient(exchange),
  };
}

describe('SDK round trip', () => {
  it('agent places, lists and cancels a resting Gtc order for its master', async () => {
    const { agent, info, master, agentAddress } = await setUp();
    const mid = Number((await info.allMids()).BTC);
    const px = formatPrice(mid * 0.9, 5);
    const sz = formatSize(200 / Number(px), 5);
    const placed = await agent.order({
      orders: [{ a: 0, b: true, p: px, s: sz, r: false, t: { limit: { tif: 'Gtc' } } }],
      grouping: 'na',
    });
    const status = placed.response.data.statuses[0];
    expect(status).toEqual({ resting: { oid: expect.any(Number) } });
    const oid = (status as { resting: { oid: number } }).resting.oid;

    const open = await info.openOrders({ user: master });
    expect(open).toEqual([
      { coin: 'BTC', side: 'B', limitPx: px, sz, oid, timestamp: expect.any(Number), origSz: sz },
    ]);
    expect(await info.openOrders({ user: agentAddress })).toEqual([]);

    const canceled = await agent.cancel({ cancels: [{ a: 0, o: oid }] });
    expect(canceled.response.data.statuses).toEqual(['success']);
    expect(await info.openOrders({ user: master })).toEqual([]);
    const history = await info.historicalOrders({ user: master });
    expect(history[0]).toMatchObject({
      status: 'canceled',
      order: { oid, tif: 'Gtc', orderType: 'Limit' },
    });
  });

  it('cancels by client order id', async () => {
    const { agent, info, master } = await setUp();
    const cloid = '0x0000000000000000000000000000abcd';
    const mid = Number((await info.allMids()).ETH);
    const placed = await agent.order({
      orders: [
        {
          a: 1,
          b: false,
          p: formatPrice(mid * 1.1, 4),
          s: '0.01',
          r: false,
          t: { limit: { tif: 'Alo' } },
          c: cloid,
        },
      ],
      grouping: 'na',
    });
    expect(placed.response.data.statuses[0]).toEqual({
      resting: { oid: expect.any(Number), cloid },
    });
    expect(await info.openOrders({ user: master })).toMatchObject([{ cloid }]);
    const canceled = await agent.cancelByCloid({ cancels: [{ asset: 1, cloid }] });
    expect(canceled.response.data.statuses).toEqual(['success']);
    const again = agent.cancelByCloid({ cancels: [{ asset: 1, cloid }] });
    await expect(again).rejects.toThrow(
      'Order was never placed, already canceled, or filled. asset=1',
    );
  });

  it('a market-style Ioc opens a position with PnL, and a reduce-only Ioc closes it', async () => {
    const { agent, info, master, clock } = await setUp();
    const mid = Number((await info.allMids()).ETH);
    const opened = await agent.order({
      orders: [
        {
          a: 1,
          b: true,
          p: formatPrice(mid * 1.05, 4),
          s: '0.5',
          r: false,
          t: { limit: { tif: 'Ioc' } },
        },
      ],
      grouping: 'na',
    });
    const filled = opened.response.data.statuses[0] as {
      filled: { totalSz: string; avgPx: string };
    };
    expect(filled.filled.totalSz).toBe('0.5');
    expect(Math.abs(Number(filled.filled.avgPx) / mid - 1)).toBeLessThan(0.001);

    clock.advance(3 * 3_600_000);
    const state = await info.clearinghouseState({ user: master });
    const position = state.assetPositions[0]?.position;
    expect(position).toMatchObject({
      coin: 'ETH',
      szi: '0.5',
      leverage: { type: 'cross', value: 20 },
      maxLeverage: 25,
    });
    const mark = Number((await info.metaAndAssetCtxs())[1][1]?.markPx);
    const expectedPnl = 0.5 * (mark - Number(position?.entryPx));
    expect(Number(position?.unrealizedPnl)).toBeCloseTo(expectedPnl, 2);
    expect(Number(state.marginSummary.accountValue)).toBeCloseTo(
      Number(state.marginSummary.totalRawUsd) + 0.5 * mark,
      2,
    );

    const closed = await agent.order({
      orders: [
        {
          a: 1,
          b: false,
          p: formatPrice(mark * 0.95, 4),
          s: '0.5',
          r: true,
          t: { limit: { tif: 'Ioc' } },
        },
      ],
      grouping: 'na',
    });
    expect(closed.response.data.statuses[0]).toMatchObject({ filled: { totalSz: '0.5' } });
    expect((await info.clearinghouseState({ user: master })).assetPositions).toEqual([]);
    const fills = await info.userFills({ user: master });
    expect(fills.map((f) => f.dir)).toEqual(['Close Long', 'Open Long']);
    expect(Number(fills[0]?.closedPnl)).not.toBe(0);
  });

  it('answers every /info type in the shapes the SDK declares', async () => {
    const { agent, info, master, clock } = await setUp();
    const mid = Number((await info.allMids()).SOL);
    await agent.order({
      orders: [
        {
          a: 2,
          b: true,
          p: formatPrice(mid * 1.05, 2),
          s: '1',
          r: false,
          t: { limit: { tif: 'Ioc' } },
        },
      ],
      grouping: 'na',
    });
    await agent.order({
      orders: [
        {
          a: 2,
          b: false,
          p: formatPrice(mid * 1.2, 2),
          s: '1',
          r: true,
          t: { limit: { tif: 'Gtc' } },
        },
      ],
      grouping: 'na',
    });
    const meta = await info.meta();
    expect(meta.universe[0]).toEqual({
      name: 'BTC',
      szDecimals: 5,
      maxLeverage: 40,
      marginTableId: 40,
    });
    const [meta2, ctxs] = await info.metaAndAssetCtxs();
    expect(meta2.universe).toHaveLength(7);
    expect(ctxs[0]).toEqual({
      funding: decimal,
      openInterest: decimal,
      prevDayPx: decimal,
      dayNtlVlm: decimal,
      premium: decimal,
      oraclePx: decimal,
      markPx: decimal,
      midPx: decimal,
      impactPxs: [decimal, decimal],
      dayBaseVlm: decimal,
    });
    expect(Object.keys(await info.allMids())).toEqual([
      'BTC',
      'ETH',
      'SOL',
      'HYPE',
      'AVAX',
      'DOGE',
      'kPEPE',
    ]);
    const state = await info.clearinghouseState({ user: master });
    expect(state.assetPositions[0]?.position).toEqual({
      coin: 'SOL',
      szi: '1',
      leverage: { type: 'cross', value: 20 },
      entryPx: decimal,
      positionValue: decimal,
      unrealizedPnl: decimal,
      returnOnEquity: decimal,
      liquidationPx: null,
      marginUsed: decimal,
      maxLeverage: 20,
      cumFunding: { allTime: '0', sinceOpen: '0', sinceChange: '0' },
    });
    expect((await info.spotClearinghouseState({ user: master })).balances).toEqual([
      { coin: 'USDC', token: 0, total: decimal, hold: decimal, entryNtl: decimal },
    ]);
    expect(await info.openOrders({ user: master })).toEqual([
      expect.objectContaining({ coin: 'SOL', side: 'A', reduceOnly: true }),
    ]);
    expect((await info.frontendOpenOrders({ user: master }))[0]).toMatchObject({
      isTrigger: false,
      triggerCondition: 'N/A',
      children: [],
      orderType: 'Limit',
      tif: 'Gtc',
      cloid: null,
      reduceOnly: true,
    });
    const fills = await info.userFills({ user: master });
    expect(fills[0]).toMatchObject({
      coin: 'SOL',
      side: 'B',
      dir: 'Open Long',
      crossed: true,
      feeToken: 'USDC',
      twapId: null,
    });
    expect(await info.userFillsByTime({ user: master, startTime: clock.ms - 1000 })).toEqual(fills);
    expect(await info.userFillsByTime({ user: master, startTime: clock.ms + 1 })).toEqual([]);
    expect((await info.historicalOrders({ user: master })).map((h) => h.status)).toEqual([
      'open',
      'filled',
    ]);
    const book = await info.l2Book({ coin: 'SOL' });
    expect(book?.levels[0]).toHaveLength(20);
    expect(book?.levels[1][0]).toEqual({ px: decimal, sz: decimal, n: expect.any(Number) });
    expect(await info.l2Book({ coin: 'NOPE' })).toBeNull();
    const candles = await info.candleSnapshot({
      coin: 'BTC',
      interval: '1h',
      startTime: clock.ms - 100 * 3_600_000,
    });
    expect(candles.length).toBeGreaterThanOrEqual(100);
    expect(candles[0]).toEqual({
      t: expect.any(Number),
      T: expect.any(Number),
      s: 'BTC',
      i: '1h',
      o: decimal,
      c: decimal,
      h: decimal,
      l: decimal,
      v: decimal,
      n: expect.any(Number),
    });
    const trades = await info.recentTrades({ coin: 'SOL' });
    expect(trades.some((t) => t.users.includes(master))).toBe(true);
    expect(trades[0]).toEqual({
      coin: 'SOL',
      side: expect.stringMatching(/^[AB]$/),
      px: decimal,
      sz: decimal,
      time: expect.any(Number),
      hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      tid: expect.any(Number),
      users: [expect.any(String), expect.any(String)],
    });
  });
});
