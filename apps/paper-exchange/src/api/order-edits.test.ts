import { formatPrice, formatSize } from '@nktkas/hyperliquid/utils';
import { describe, expect, it } from 'vitest';
import { exchangeClient, fund, infoClient, openTestExchange } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';

/** batchModify, modify and scheduleCancel through @nktkas/hyperliquid's ExchangeClient. */

/** Large enough that the SDK does not read it as a number (it tries `Number("0x…")` first). */
const CLOID = '0xabcdef0123456789abcdef0123456789';

async function setUp() {
  const { exchange, clock } = await openTestExchange();
  const masterKey = randomKey();
  const agentKey = randomKey();
  const master = addressOf(masterKey);
  await fund(exchange, master);
  await exchangeClient(exchange, masterKey, clock).approveAgent({
    agentAddress: addressOf(agentKey),
    agentName: 'bot',
  });
  const info = infoClient(exchange);
  const mid = Number((await info.allMids()).BTC);
  return { exchange, clock, master, info, mid, agent: exchangeClient(exchange, agentKey, clock) };
}

/** A Gtc buy of about $200 at `fraction` of the mid (rests below it). */
function bid(mid: number, fraction: number, cloid?: string) {
  const p = formatPrice(mid * fraction, 5);
  return {
    a: 0,
    b: true,
    p,
    s: formatSize(200 / Number(p), 5),
    r: false,
    t: { limit: { tif: 'Gtc' as const } },
    ...(cloid ? { c: cloid as `0x${string}` } : {}),
  };
}

function restingOid(status: unknown): number {
  return (status as { resting: { oid: number } }).resting.oid;
}

describe('order edits', () => {
  it('batchModify replaces a resting order: new oid, new price and size, same cloid', async () => {
    const { agent, info, master, mid } = await setUp();
    const placed = await agent.order({ orders: [bid(mid, 0.9, CLOID)], grouping: 'na' });
    const oid = restingOid(placed.response.data.statuses[0]);
    const { c: _sent, ...edited } = bid(mid, 0.8);

    const answer = await agent.batchModify({ modifies: [{ oid, order: edited }] });
    const status = answer.response.data.statuses[0];
    expect(status).toEqual({ resting: { oid: expect.any(Number), cloid: CLOID } });
    const newOid = restingOid(status);
    expect(newOid).not.toBe(oid);

    expect(await info.openOrders({ user: master })).toEqual([
      expect.objectContaining({ oid: newOid, limitPx: edited.p, sz: edited.s, cloid: CLOID }),
    ]);
    const history = await info.historicalOrders({ user: master });
    expect(history.find((h) => h.order.oid === oid)?.status).toBe('canceled');
    expect(await info.orderStatus({ user: master, oid: CLOID })).toMatchObject({
      status: 'order',
      order: { status: 'open', order: { oid: newOid } },
    });
  });

  it('modify by cloid into a marketable price fills it as taker', async () => {
    const { agent, info, master, mid } = await setUp();
    await agent.order({ orders: [bid(mid, 0.9, CLOID)], grouping: 'na' });
    const crossing = { ...bid(mid, 1.02), s: '0.002' };
    expect(await agent.modify({ oid: CLOID, order: crossing })).toEqual({
      status: 'ok',
      response: { type: 'default' },
    });
    expect(await info.openOrders({ user: master })).toEqual([]);
    const [fill] = await info.userFills({ user: master });
    expect(fill).toMatchObject({ side: 'B', sz: '0.002', crossed: true, cloid: CLOID });
    const fee = Number(fill!.px) * 0.002 * 0.00045;
    expect(Number(fill!.fee)).toBeCloseTo(fee, 6);
  });

  it('a filled, canceled or unknown order cannot be modified; nothing changes', async () => {
    const { agent, info, master, mid } = await setUp();
    const placed = await agent.order({ orders: [bid(mid, 0.9)], grouping: 'na' });
    const oid = restingOid(placed.response.data.statuses[0]);
    await agent.cancel({ cancels: [{ a: 0, o: oid }] });

    await expect(agent.modify({ oid, order: bid(mid, 0.8) })).rejects.toThrow(
      'Cannot modify canceled or filled order',
    );
    await expect(
      agent.batchModify({ modifies: [{ oid: 424242, order: bid(mid, 0.8) }] }),
    ).rejects.toThrow('Cannot modify canceled or filled order');
    expect(await info.openOrders({ user: master })).toEqual([]);

    // "Always place": the new order is placed even though the old one was not open.
    const placedAnyway = await agent.batchModify({
      modifies: [{ oid, order: bid(mid, 0.8) }],
      a: true,
    });
    expect(placedAnyway.response.data.statuses).toEqual([{ resting: { oid: expect.any(Number) } }]);
    expect(await info.openOrders({ user: master })).toHaveLength(1);
  });

  it('a refused new order leaves the old one canceled, as on Hyperliquid', async () => {
    const { agent, info, master, mid } = await setUp();
    const placed = await agent.order({ orders: [bid(mid, 0.9)], grouping: 'na' });
    const oid = restingOid(placed.response.data.statuses[0]);
    const tooSmall = { ...bid(mid, 0.9), s: '0.00001' };
    await expect(agent.modify({ oid, order: tooSmall })).rejects.toThrow(
      'Error placing new order during modify: Order must have minimum value of $10. asset=0',
    );
    expect(await info.openOrders({ user: master })).toEqual([]);
  });
});

describe("scheduleCancel (dead man's switch)", () => {
  it('cancels every open order at the time, with status scheduledCancel', async () => {
    const { agent, info, master, mid, clock } = await setUp();
    await agent.order({ orders: [bid(mid, 0.9), bid(mid, 0.85)], grouping: 'na' });
    await expect(agent.scheduleCancel({ time: clock.ms + 4_999 })).rejects.toThrow(
      'at least 5 seconds in the future',
    );
    const time = clock.ms + 10_000;
    expect(await agent.scheduleCancel({ time })).toEqual({
      status: 'ok',
      response: { type: 'default' },
    });
    clock.advance(9_999);
    expect(await info.openOrders({ user: master })).toHaveLength(2);
    clock.advance(1);
    expect(await info.openOrders({ user: master })).toEqual([]);
    const history = await info.historicalOrders({ user: master });
    expect(history.map((h) => [h.status, h.statusTimestamp])).toEqual([
      ['scheduledCancel', time],
      ['scheduledCancel', time],
    ]);
    // Fired once: an order placed afterwards stays.
    await agent.order({ orders: [bid(mid, 0.9)], grouping: 'na' });
    clock.advance(60_000);
    expect(await info.openOrders({ user: master })).toHaveLength(1);
  });

  it('no time clears the switch', async () => {
    const { agent, info, master, mid, clock } = await setUp();
    await agent.order({ orders: [bid(mid, 0.9)], grouping: 'na' });
    await agent.scheduleCancel({ time: clock.ms + 5_000 });
    await agent.scheduleCancel();
    clock.advance(60_000);
    expect(await info.openOrders({ user: master })).toHaveLength(1);
  });
});
