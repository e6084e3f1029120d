import { ExchangeClient } from '@nktkas/hyperliquid';
import { describe, expect, it } from 'vitest';
import {
  exchangeClient,
  fund,
  openTestExchange,
  signedEnvelope,
  transportFor,
} from '../test/harness.js';
import { addressOf, nobleWallet, randomKey } from '../test/wallet.js';
import { bookAt } from '../market/book.js';
import { PERP_ASSETS } from '../market/assets.js';

/** Requests the real exchange refuses, refused here with Hyperliquid's own messages. */

const BTC = PERP_ASSETS[0]!;

async function setUp() {
  const { exchange, clock } = await openTestExchange({ seed: 11 });
  const key = randomKey();
  const user = addressOf(key);
  await fund(exchange, user);
  const book = bookAt(11, BTC, clock.ms);
  const bid = book.bids[0]!.px;
  const ask = book.asks[0]!.px;
  /** Sends one signed order (hashed as given) and returns the whole answer body. */
  async function send(
    action: Record<string, unknown>,
    options: { nonce?: number; isTestnet?: boolean; signer?: string } = {},
  ) {
    const envelope = await signedEnvelope(
      options.signer ?? key,
      action,
      options.nonce ?? clock.nonce(),
      options,
    );
    const answer = await exchange.exchange(envelope);
    return answer.body as { status: string; response: unknown };
  }
  /** The single order status (or whole-request error) for one order. */
  async function order(wire: Record<string, unknown>) {
    const body = await send({ type: 'order', orders: [wire], grouping: 'na' });
    if (body.status !== 'ok') return body.response;
    return (body.response as { data: { statuses: unknown[] } }).data.statuses[0];
  }
  const limit = (b: boolean, p: string, s: string, tif = 'Gtc', r = false) => ({
    a: 0,
    b,
    p,
    s,
    r,
    t: { limit: { tif } },
  });
  return { exchange, clock, key, user, bid, ask, send, order, limit };
}

const unknownSigner = expect.stringMatching(/^User or API Wallet 0x[0-9a-f]{40} does not exist\.$/);

describe('signature rejections', () => {
  it('an action signed with another key order recovers an unknown signer', async () => {
    const { send, bid, user } = await setUp();
    const body = await send({
      type: 'order',
      orders: [
        {
          b: true,
          a: 0,
          p: String(bid - 1000),
          s: '0.001',
          r: false,
          t: { limit: { tif: 'Gtc' } },
        },
      ],
      grouping: 'na',
    });
    expect(body).toEqual({ status: 'err', response: unknownSigner });
    expect(body.response).not.toContain(user);
  });

  it('a price signed with trailing zeros ("…0.0") recovers an unknown signer', async () => {
    const { order, limit, bid } = await setUp();
    expect(await order(limit(true, `${bid - 1000}.0`, '0.001'))).toEqual(unknownSigner);
  });

  it('a mainnet-signed (source "a") action recovers an unknown signer', async () => {
    const { send } = await setUp();
    expect(await send({ type: 'noop' }, { isTestnet: false })).toEqual({
      status: 'err',
      response: unknownSigner,
    });
  });

  it('an unknown signer is named in the error', async () => {
    const { send } = await setUp();
    const stranger = randomKey();
    expect(await send({ type: 'noop' }, { signer: stranger })).toEqual({
      status: 'err',
      response: `User or API Wallet ${addressOf(stranger)} does not exist.`,
    });
  });

  it('approveAgent from an unfunded address must deposit first', async () => {
    const { exchange, clock } = await setUp();
    const key = randomKey();
    const client = exchangeClient(exchange, key, clock);
    await expect(
      client.approveAgent({ agentAddress: addressOf(randomKey()), agentName: null }),
    ).rejects.toThrow(`Must deposit before performing actions. User: ${addressOf(key)}`);
  });

  it('approveAgent signed for Mainnet is refused', async () => {
    const { exchange, clock, key } = await setUp();
    const client = new ExchangeClient({
      transport: { ...transportFor(exchange), isTestnet: false },
      wallet: nobleWallet(key),
      nonceManager: () => clock.nonce(),
    });
    await expect(
      client.approveAgent({ agentAddress: addressOf(randomKey()), agentName: 'x' }),
    ).rejects.toThrow('Testnet');
  });

  it('an expired agent no longer acts for its master', async () => {
    const { exchange, clock, key } = await setUp();
    const agentKey = randomKey();
    await exchangeClient(exchange, key, clock).approveAgent({
      agentAddress: addressOf(agentKey),
      agentName: `short valid_until ${clock.ms + 60_000}`,
    });
    const agent = exchangeClient(exchange, agentKey, clock);
    await expect(agent.noop({ nonce: clock.nonce() })).resolves.toMatchObject({ status: 'ok' });
    clock.advance(120_000);
    await expect(agent.noop({ nonce: clock.nonce() })).rejects.toThrow(
      `User or API Wallet ${addressOf(agentKey)} does not exist.`,
    );
  });
});

describe('agent replacement', () => {
  it('a new unnamed agent replaces the old one; a named one does not', async () => {
    const { exchange, clock, key } = await setUp();
    const master = exchangeClient(exchange, key, clock);
    const [first, second, named] = [randomKey(), randomKey(), randomKey()];
    await master.approveAgent({ agentAddress: addressOf(first), agentName: null });
    await master.approveAgent({ agentAddress: addressOf(named), agentName: 'desk' });
    await master.approveAgent({ agentAddress: addressOf(second), agentName: null });
    const noop = (k: string) => exchangeClient(exchange, k, clock).noop({ nonce: clock.nonce() });
    await expect(noop(first)).rejects.toThrow(
      `User or API Wallet ${addressOf(first)} does not exist.`,
    );
    await expect(noop(second)).resolves.toMatchObject({ status: 'ok' });
    await expect(noop(named)).resolves.toMatchObject({ status: 'ok' });
  });
});

describe('nonce rejections', () => {
  it('a reused nonce is a duplicate', async () => {
    const { send, clock } = await setUp();
    const nonce = clock.nonce();
    expect(await send({ type: 'noop' }, { nonce })).toMatchObject({ status: 'ok' });
    expect(await send({ type: 'noop' }, { nonce })).toEqual({
      status: 'err',
      response: `Invalid nonce: duplicate nonce ${nonce}`,
    });
  });

  it('a nonce below the 100 highest is too low', async () => {
    const { send, clock } = await setUp();
    const first = clock.ms;
    for (let k = 1; k <= 100; k += 1) await send({ type: 'noop' }, { nonce: first + k });
    expect(await send({ type: 'noop' }, { nonce: first })).toEqual({
      status: 'err',
      response: `Invalid nonce: nonce too low ${first} < ${first + 1}`,
    });
  });

  it('a nonce more than two days old or a day ahead is refused', async () => {
    const { send, clock } = await setUp();
    expect(await send({ type: 'noop' }, { nonce: clock.ms - 3 * 86_400_000 })).toMatchObject({
      status: 'err',
      response: expect.stringContaining('Invalid nonce: nonce too low'),
    });
    expect(await send({ type: 'noop' }, { nonce: clock.ms + 2 * 86_400_000 })).toMatchObject({
      status: 'err',
      response: expect.stringContaining('Invalid nonce'),
    });
  });
});

describe('order rejections', () => {
  it.each([
    [
      'below $10',
      (bid: number) => [String(bid - 1000), '0.00001'] as const,
      'Order must have minimum value of $10. asset=0',
    ],
    [
      'a price off the tick',
      (bid: number) => [`${bid - 1000}.5`, '0.001'] as const,
      'Price must be divisible by tick size. asset=0',
    ],
    [
      'too many size decimals',
      (bid: number) => [String(bid - 1000), '0.000001'] as const,
      'Order has invalid size. asset=0',
    ],
    [
      'insufficient margin',
      (bid: number) => [String(bid - 1000), '10'] as const,
      'Insufficient margin to place order. asset=0',
    ],
  ] as const)('%s', async (_name, build, message) => {
    const { order, limit, bid } = await setUp();
    const [p, s] = build(bid);
    expect(await order(limit(true, p, s))).toEqual({ error: message });
  });

  it('a reduce-only order that would increase the position', async () => {
    const { order, limit, bid } = await setUp();
    expect(await order(limit(false, String(bid), '0.001', 'Gtc', true))).toEqual({
      error: 'Reduce only order would increase position. asset=0',
    });
  });

  it('a post-only order that would cross', async () => {
    const { order, limit, bid, ask } = await setUp();
    expect(await order(limit(true, String(ask), '0.001', 'Alo'))).toEqual({
      error: `Post only order would have immediately matched, bbo was ${bid}@${ask}. asset=0`,
    });
  });

  it('an Ioc order with nothing to match', async () => {
    const { order, limit, bid } = await setUp();
    expect(await order(limit(true, String(bid - 1000), '0.001', 'Ioc'))).toEqual({
      error: 'Order could not immediately match against any resting orders. asset=0',
    });
  });

  it('cancelling an order that does not exist', async () => {
    const { send } = await setUp();
    expect(await send({ type: 'cancel', cancels: [{ a: 3, o: 999 }] })).toEqual({
      status: 'ok',
      response: {
        type: 'cancel',
        data: {
          statuses: [{ error: 'Order was never placed, already canceled, or filled. asset=3' }],
        },
      },
    });
  });

  it('leverage above the asset maximum', async () => {
    const { send } = await setUp();
    const body = await send({ type: 'updateLeverage', asset: 0, isCross: true, leverage: 41 });
    expect(body).toEqual({
      status: 'err',
      response: 'Invalid leverage 41x for BTC: allowed 1 to 40.',
    });
  });

  it('an unknown action type is not deserialisable (422)', async () => {
    const { exchange, key, clock } = await setUp();
    const answer = await exchange.exchange(
      await signedEnvelope(key, { type: 'nope' }, clock.nonce()),
    );
    expect(answer).toEqual({
      status: 422,
      body: 'Failed to deserialize the JSON body into the target type',
    });
  });
});
