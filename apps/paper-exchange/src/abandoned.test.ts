import { describe, expect, it } from 'vitest';
import { ABANDONED_MESSAGE } from './api/reply.js';
import { gate, HookedStore } from './test/hooked-store.js';
import { fund, infoClient, openTestExchange, signedEnvelope } from './test/harness.js';
import { addressOf, randomKey } from './test/wallet.js';

/**
 * The server's in-process transport gives up on a request after its time-out (504) and aborts
 * its signal: a request abandoned before it commits changes nothing, as its caller was told.
 */

const restingEthBuy = (px: number) => ({
  type: 'order',
  orders: [{ a: 1, b: true, p: String(px), s: '0.1', r: false, t: { limit: { tif: 'Gtc' } } }],
  grouping: 'na',
});

async function setUp() {
  const store = new HookedStore();
  const { exchange, clock } = await openTestExchange({ store });
  const key = randomKey();
  const user = addressOf(key);
  await fund(exchange, user);
  const openPrices = async () =>
    (await infoClient(exchange).openOrders({ user })).map((order) => order.limitPx);
  return { store, exchange, clock, key, openPrices };
}

const abandonedAnswer = { status: 503, body: { status: 'err', response: ABANDONED_MESSAGE } };

describe('a request abandoned by its caller', () => {
  it('while it waits for its account, is never worked on', async () => {
    const { store, exchange, clock, key, openPrices } = await setUp();
    const slow = gate();
    store.beforeWrite = slow.wait;
    const first = exchange.exchange(await signedEnvelope(key, restingEthBuy(1000), clock.nonce()));
    await slow.reached;
    let writes = 0;
    store.beforeWrite = () => void (writes += 1);
    const late = await signedEnvelope(key, restingEthBuy(1001), clock.nonce());
    const controller = new AbortController();
    const second = exchange.exchange(late, controller.signal);
    controller.abort();
    slow.open();
    expect((await first).body).toMatchObject({ status: 'ok' });
    expect(await second).toEqual(abandonedAnswer);
    expect(writes).toBe(0);
    expect(await openPrices()).toEqual(['1000']);
    // Its nonce was not used: the same signed request goes through when sent again.
    expect((await exchange.exchange(late)).body).toMatchObject({ status: 'ok' });
    expect((await openPrices()).sort()).toEqual(['1000', '1001']);
  });

  it('while it is worked on, is rolled back', async () => {
    const { store, exchange, clock, key, openPrices } = await setUp();
    const controller = new AbortController();
    store.beforeWrite = () => controller.abort();
    const envelope = await signedEnvelope(key, restingEthBuy(1000), clock.nonce());
    expect(await exchange.exchange(envelope, controller.signal)).toEqual(abandonedAnswer);
    store.beforeWrite = () => undefined;
    expect(await openPrices()).toEqual([]);
    expect((await exchange.exchange(envelope)).body).toMatchObject({ status: 'ok' });
    expect(await openPrices()).toEqual(['1000']);
  });
});
