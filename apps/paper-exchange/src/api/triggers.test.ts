import { describe, expect, it } from 'vitest';
import { exchangeClient, fund, infoClient, openTestExchange } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';

/**
 * Trigger orders, groupings and fills through the @nktkas/hyperliquid SDK, the mark walked with
 * the control pin. ETH (asset 1, 4 size decimals) pinned at 3000 quotes 2999.8 / 3000.2; at
 * 3100, 3099.8 / 3100.2. Maker fee 0.015%, taker 0.045%.
 */

type Wire = { a: number; b: boolean; p: string; s: string; r: boolean; t: object };

const market = (b: boolean, s: string, p: string): Wire => ({
  a: 1,
  b,
  p,
  s,
  r: false,
  t: { limit: { tif: 'Ioc' } },
});
const trigger = (b: boolean, triggerPx: string, tpsl: 'tp' | 'sl', s = '0.5'): Wire => ({
  a: 1,
  b,
  p: b ? '3400' : '2600',
  s,
  r: true,
  t: { trigger: { isMarket: true, triggerPx, tpsl } },
});

async function setUp() {
  const { exchange, clock } = await openTestExchange();
  const key = randomKey();
  const user = addressOf(key);
  await fund(exchange, user);
  const client = exchangeClient(exchange, key, clock);
  const info = infoClient(exchange);
  /** Pins the ETH mark one minute later (each step is evaluated by the next read). */
  const pinEth = async (px: number | null) => {
    clock.advance(60_000);
    const answer = await exchange.pinMark({ coin: 'ETH', px });
    expect(answer.status).toBe(200);
  };
  await exchange.pinMark({ coin: 'ETH', px: 3000 });
  const order = (orders: Wire[], grouping: 'na' | 'normalTpsl' | 'positionTpsl' = 'na') =>
    client.order({ orders, grouping } as Parameters<typeof client.order>[0]);
  const status = async (oid: number) => {
    const answer = await info.orderStatus({ user, oid });
    return answer.status === 'order' ? answer.order.status : answer.status;
  };
  return { user, info, order, pinEth, status, client };
}

describe('trigger orders', () => {
  it('a lone TP rests untriggered with Hyperliquid shapes, then fires on the mark', async () => {
    const { user, info, order, pinEth, status } = await setUp();
    await order([market(true, '0.5', '3100')]);
    const placed = await order([trigger(false, '3100', 'tp')]);
    expect(placed.response.data.statuses).toEqual([{ resting: { oid: expect.any(Number) } }]);
    const oid = (placed.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;
    const [front] = await info.frontendOpenOrders({ user });
    expect(front).toEqual({
      coin: 'ETH',
      side: 'A',
      limitPx: '2600',
      sz: '0.5',
      oid,
      timestamp: expect.any(Number),
      triggerCondition: 'Price above 3100',
      isTrigger: true,
      triggerPx: '3100',
      children: [],
      isPositionTpsl: false,
      reduceOnly: true,
      orderType: 'Take Profit Market',
      origSz: '0.5',
      tif: null,
      cloid: null,
    });
    expect(await info.openOrders({ user })).toMatchObject([{ oid, reduceOnly: true }]);
    expect(await status(oid)).toBe('open');

    await pinEth(3099);
    expect(await status(oid)).toBe('open');
    await pinEth(3100);
    expect(await status(oid)).toBe('filled');
    expect(await info.openOrders({ user })).toEqual([]);
    const state = await info.clearinghouseState({ user });
    expect(state.assetPositions).toEqual([]);
  });

  it('normalTpsl: a long whose children wait for the entry, closed at TP; SL sibling canceled', async () => {
    const { user, info, order, pinEth, status } = await setUp();
    const entry: Wire = { ...market(true, '0.5', '2950'), t: { limit: { tif: 'Gtc' } } };
    const placed = await order(
      [entry, trigger(false, '3100', 'tp'), trigger(false, '2900', 'sl')],
      'normalTpsl',
    );
    const statuses = placed.response.data.statuses;
    expect(statuses).toEqual([
      { resting: { oid: expect.any(Number) } },
      'waitingForFill',
      'waitingForFill',
    ]);
    const entryOid = (statuses[0] as { resting: { oid: number } }).resting.oid;
    const [listed] = await info.frontendOpenOrders({ user });
    expect(listed).toMatchObject({ oid: entryOid, isTrigger: false, orderType: 'Limit' });
    expect(listed?.children).toMatchObject([
      { orderType: 'Take Profit Market', triggerCondition: 'Price above 3100', reduceOnly: true },
      { orderType: 'Stop Market', triggerCondition: 'Price below 2900', reduceOnly: true },
    ]);
    const [tpOid, slOid] = (listed?.children ?? []).map((c) => c.oid);
    expect(await info.openOrders({ user })).toHaveLength(1);

    // Above the TP before the entry filled: nothing fires.
    await pinEth(3150);
    expect(await status(tpOid!)).toBe('open');
    expect(await info.userFills({ user })).toEqual([]);

    // The entry fills at its limit (maker): the children become active.
    await pinEth(2950);
    expect(await status(entryOid)).toBe('filled');
    const open = await info.frontendOpenOrders({ user });
    expect(open.map((o) => o.oid).sort()).toEqual([tpOid, slOid].sort());

    await pinEth(3100);
    expect(await status(tpOid!)).toBe('filled');
    expect(await status(slOid!)).toBe('siblingFilledCanceled');
    const fills = await info.userFillsByTime({ user, startTime: 0 });
    expect(fills).toHaveLength(2);
    expect(fills[0]).toMatchObject({
      coin: 'ETH',
      px: '2950',
      sz: '0.5',
      side: 'B',
      dir: 'Open Long',
      startPosition: '0',
      closedPnl: '0',
      oid: entryOid,
      crossed: false,
      fee: '0.22125',
      feeToken: 'USDC',
    });
    expect(fills[1]).toMatchObject({
      coin: 'ETH',
      px: '3099.8',
      sz: '0.5',
      side: 'A',
      dir: 'Close Long',
      startPosition: '0.5',
      closedPnl: '74.9',
      oid: tpOid,
      crossed: true,
      hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      tid: expect.any(Number),
    });
    expect(Number(fills[1]?.fee)).toBeCloseTo(0.697455, 5);
    expect(await info.openOrders({ user })).toEqual([]);
  });

  it('normalTpsl: a short entered at market, closed at SL', async () => {
    const { user, info, order, pinEth, status } = await setUp();
    const placed = await order(
      [market(false, '0.5', '2850'), trigger(true, '2800', 'tp'), trigger(true, '3100', 'sl')],
      'normalTpsl',
    );
    expect(placed.response.data.statuses).toEqual([
      { filled: { totalSz: '0.5', avgPx: '2999.8', oid: expect.any(Number) } },
      'waitingForTrigger',
      'waitingForTrigger',
    ]);
    const open = await info.frontendOpenOrders({ user });
    const tp = open.find((o) => o.orderType === 'Take Profit Market');
    const sl = open.find((o) => o.orderType === 'Stop Market');
    expect(tp?.triggerCondition).toBe('Price below 2800');
    expect(sl?.triggerCondition).toBe('Price above 3100');

    await pinEth(3100);
    expect(await status(sl!.oid)).toBe('filled');
    expect(await status(tp!.oid)).toBe('siblingFilledCanceled');
    const fills = await info.userFills({ user });
    expect(fills[0]).toMatchObject({
      px: '3100.2',
      sz: '0.5',
      side: 'B',
      dir: 'Close Short',
      startPosition: '-0.5',
      closedPnl: '-50.2',
      oid: sl!.oid,
      crossed: true,
    });
    expect(Number(fills[0]?.fee)).toBeCloseTo(0.697545, 5);
    expect(fills[1]).toMatchObject({ px: '2999.8', dir: 'Open Short', startPosition: '0' });
    expect(Number(fills[1]?.fee)).toBeCloseTo(0.674955, 5);
  });

  it('normalTpsl: canceling the entry before it fills cancels its children', async () => {
    const { user, info, order, status, client } = await setUp();
    const entry: Wire = { ...market(true, '0.5', '2950'), t: { limit: { tif: 'Gtc' } } };
    const placed = await order(
      [entry, trigger(false, '3100', 'tp'), trigger(false, '2900', 'sl')],
      'normalTpsl',
    );
    const entryOid = (placed.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;
    const children = (await info.frontendOpenOrders({ user }))[0]?.children ?? [];
    expect(children).toHaveLength(2);
    const canceled = await client.cancel({ cancels: [{ a: 1, o: entryOid }] });
    expect(canceled.response.data.statuses).toEqual(['success']);
    expect(await status(entryOid)).toBe('canceled');
    for (const child of children) expect(await status(child.oid)).toBe('canceled');
    expect(await info.frontendOpenOrders({ user })).toEqual([]);
  });
});

describe('trigger limit orders', () => {
  it('a triggered TP limit rests as `triggered` at its limit, then fills there as maker', async () => {
    const { user, info, order, pinEth, status } = await setUp();
    await order([market(true, '0.5', '3100')]);
    const tpLimit: Wire = {
      ...trigger(false, '3100', 'tp'),
      p: '3200',
      t: { trigger: { isMarket: false, triggerPx: '3100', tpsl: 'tp' } },
    };
    const placed = await order([tpLimit]);
    const oid = (placed.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;
    expect(await info.frontendOpenOrders({ user })).toMatchObject([
      { oid, orderType: 'Take Profit Limit', triggerCondition: 'Price above 3100' },
    ]);
    await pinEth(3100);
    expect(await status(oid)).toBe('triggered');
    expect(await info.frontendOpenOrders({ user })).toMatchObject([
      { oid, triggerCondition: 'Triggered', limitPx: '3200', sz: '0.5' },
    ]);
    await pinEth(3200);
    expect(await status(oid)).toBe('filled');
    const [close] = await info.userFills({ user });
    expect(close).toMatchObject({
      px: '3200',
      sz: '0.5',
      dir: 'Close Long',
      closedPnl: '99.9',
      crossed: false,
      oid,
    });
  });
});

describe('reduce-only rules', () => {
  it('refuses a reduce-only trigger without a position', async () => {
    const { order } = await setUp();
    await expect(order([trigger(false, '2900', 'sl')])).rejects.toThrow(
      'Reduce only order would increase position. asset=1',
    );
  });

  it('a reduce-only trigger larger than the position closes it without flipping', async () => {
    const { user, info, order, pinEth, status } = await setUp();
    await order([market(true, '0.5', '3100')]);
    const placed = await order([trigger(false, '2900', 'sl', '1.2')]);
    const oid = (placed.response.data.statuses[0] as { resting: { oid: number } }).resting.oid;
    await pinEth(2900);
    expect(await status(oid)).toBe('filled');
    const [close] = await info.userFills({ user });
    expect(close).toMatchObject({ sz: '0.5', side: 'A', dir: 'Close Long', startPosition: '0.5' });
    expect((await info.clearinghouseState({ user })).assetPositions).toEqual([]);
  });

  it('reduce-only orders left without a position are canceled as reduceOnlyCanceled', async () => {
    const { user, info, order, status } = await setUp();
    await order([market(true, '0.5', '3100')]);
    const limit: Wire = { ...market(false, '0.5', '3500'), r: true, t: { limit: { tif: 'Gtc' } } };
    const rested = await order([limit, trigger(false, '2900', 'sl')]);
    const oids = rested.response.data.statuses.map(
      (s) => (s as { resting: { oid: number } }).resting.oid,
    );
    await order([{ ...market(false, '0.5', '2900'), r: true }]);
    expect(await status(oids[0]!)).toBe('reduceOnlyCanceled');
    expect(await status(oids[1]!)).toBe('reduceOnlyCanceled');
    expect(await info.openOrders({ user })).toEqual([]);
  });

  it('positionTpsl closes the whole position at the trigger, whatever its size', async () => {
    const { user, info, order, pinEth } = await setUp();
    await order([market(true, '0.5', '3100')]);
    const placed = await order([trigger(false, '2900', 'sl', '0')], 'positionTpsl');
    expect(placed.response.data.statuses).toEqual(['waitingForTrigger']);
    expect(await info.frontendOpenOrders({ user })).toMatchObject([
      { isPositionTpsl: true, orderType: 'Stop Market', reduceOnly: true },
    ]);
    await order([market(true, '0.3', '3100')]);
    await pinEth(2900);
    const [close] = await info.userFills({ user });
    expect(close).toMatchObject({ sz: '0.8', dir: 'Close Long', startPosition: '0.8' });
    expect(await info.openOrders({ user })).toEqual([]);
  });

  it('orderStatus answers unknownOid for an order it never saw', async () => {
    const { status } = await setUp();
    expect(await status(123)).toBe('unknownOid');
  });
});
