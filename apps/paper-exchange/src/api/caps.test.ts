import { describe, expect, it } from 'vitest';
import {
  MAX_ITEMS_PER_QUERY,
  MAX_NAMED_AGENTS,
  MAX_OPEN_ORDERS,
  MAX_ORDERS_PER_ACTION,
} from '../limits.js';
import { PERP_ASSETS } from '../market/assets.js';
import { bookAt } from '../market/book.js';
import {
  exchangeClient,
  fund,
  infoClient,
  openTestExchange,
  signedEnvelope,
} from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';

/** What one request may ask for and one account may hold (issue 11). */

const BTC = PERP_ASSETS[0]!;
const SEED = 11;

async function setUp() {
  const { exchange, clock } = await openTestExchange({ seed: SEED });
  const key = randomKey();
  const user = addressOf(key);
  await fund(exchange, user);
  const bid = bookAt(SEED, BTC, clock.ms).bids[0]!.px;
  const ask = bookAt(SEED, BTC, clock.ms).asks[0]!.px;
  async function send(action: Record<string, unknown>) {
    const answer = await exchange.exchange(await signedEnvelope(key, action, clock.nonce()));
    return answer.body as { status: string; response: unknown };
  }
  /** `count` BTC orders of about $15 each, resting far below the market unless `tif` crosses. */
  const orders = (count: number, tif = 'Gtc', px = Math.round(bid * 0.5)) => ({
    type: 'order',
    orders: Array.from({ length: count }, () => ({
      a: 0,
      b: true,
      p: String(px),
      s: (15 / px).toFixed(5),
      r: false,
      t: { limit: { tif } },
    })),
    grouping: 'na',
  });
  return { exchange, clock, key, user, ask, send, orders, info: infoClient(exchange) };
}

const statusesOf = (body: { response: unknown }) =>
  (body.response as { data: { statuses: unknown[] } }).data.statuses;

describe('orders per action', () => {
  it(`takes ${MAX_ORDERS_PER_ACTION} orders in one action and refuses one more, placing none`, async () => {
    const { send, orders, info, user } = await setUp();
    const full = await send(orders(MAX_ORDERS_PER_ACTION));
    expect(full.status).toBe('ok');
    expect(statusesOf(full)).toHaveLength(MAX_ORDERS_PER_ACTION);
    expect(await send(orders(MAX_ORDERS_PER_ACTION + 1))).toEqual({
      status: 'err',
      response: `Too many orders in one action: ${MAX_ORDERS_PER_ACTION + 1}. The paper exchange accepts at most ${MAX_ORDERS_PER_ACTION} orders per action; send them in several actions.`,
    });
    expect(await info.openOrders({ user })).toHaveLength(MAX_ORDERS_PER_ACTION);
  });
});

describe('open orders per account', () => {
  it(`rests at most ${MAX_OPEN_ORDERS} orders; a taker order still fills`, async () => {
    const { send, orders, info, user, ask } = await setUp();
    for (let k = 0; k < MAX_OPEN_ORDERS / MAX_ORDERS_PER_ACTION; k += 1) {
      expect((await send(orders(MAX_ORDERS_PER_ACTION))).status).toBe('ok');
    }
    expect(await info.openOrders({ user })).toHaveLength(MAX_OPEN_ORDERS);
    const over = await send(orders(1));
    expect(statusesOf(over)).toEqual([
      {
        error: `Too many open orders: an account may have at most ${MAX_OPEN_ORDERS}. Cancel some first. asset=0`,
      },
    ]);
    const taker = await send(orders(1, 'Ioc', Math.round(ask * 1.01)));
    expect(statusesOf(taker)[0]).toHaveProperty('filled');
    expect(await info.openOrders({ user })).toHaveLength(MAX_OPEN_ORDERS);
  });
});

describe('history queries', () => {
  it(`answer at most ${MAX_ITEMS_PER_QUERY} fills and orders, newest first`, async () => {
    const { send, orders, info, user, ask, clock } = await setUp();
    const start = clock.ms;
    const actions = Math.ceil((MAX_ITEMS_PER_QUERY + 1) / MAX_ORDERS_PER_ACTION);
    for (let k = 0; k < actions; k += 1) {
      const sent = await send(orders(MAX_ORDERS_PER_ACTION, 'Ioc', Math.round(ask * 1.01)));
      expect(sent.status).toBe('ok');
      clock.advance(1);
    }
    const fills = await info.userFills({ user });
    expect(fills).toHaveLength(MAX_ITEMS_PER_QUERY);
    expect(fills[0]!.time).toBeGreaterThan(fills.at(-1)!.time);
    expect(await info.userFillsByTime({ user, startTime: start })).toHaveLength(
      MAX_ITEMS_PER_QUERY,
    );
    expect(await info.historicalOrders({ user })).toHaveLength(MAX_ITEMS_PER_QUERY);
  });
});

describe('API wallets per master', () => {
  it(`approves one unnamed and ${MAX_NAMED_AGENTS} named; a new name past that is refused, a reused name replaces`, async () => {
    const { exchange, clock, key } = await setUp();
    const master = exchangeClient(exchange, key, clock);
    const approve = (agentName: string) =>
      master.approveAgent({ agentAddress: addressOf(randomKey()), agentName });
    await approve('');
    for (let k = 1; k <= MAX_NAMED_AGENTS; k += 1) await approve(`bot ${k}`);
    await expect(approve('one more')).rejects.toThrow(
      `Too many API wallets: an account may approve one unnamed and ${MAX_NAMED_AGENTS} named API wallets. Reuse a name to replace one.`,
    );
    await expect(approve('bot 1')).resolves.toMatchObject({ status: 'ok' });
    await expect(approve('')).resolves.toMatchObject({ status: 'ok' });
  });
});
