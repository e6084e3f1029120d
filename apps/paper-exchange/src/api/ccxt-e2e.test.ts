import ccxt from 'ccxt';
import type { hyperliquid } from 'ccxt';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperExchangeRoutes } from '../http.js';
import { MarkPins } from '../market/pins.js';
import { openPaperExchange } from '../paper-exchange.js';
import { FakeClock, T0, fund, infoClient } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';

/**
 * ccxt 4.5.84's hyperliquid class with its default options, in sandbox mode, its URLs pointed
 * at the paper exchange over HTTP on 127.0.0.1 (DESIGN.md section 12): start-up, the account
 * reads, every order flow, an edit, the dead man's switch, funding and a refused withdrawal,
 * each number checked against the paper exchange's own state (read with the @nktkas SDK).
 * One server and one account for the file; the steps run in order. The clock is the paper
 * exchange's fake one (ccxt's nonces and "now" read it too) and BTC's mark is pinned, so
 * nothing waits.
 */

const BTC = 'BTC/USDC:USDC';
const TAKER = 0.00045;
const MAKER = 0.00015;

const clock = new FakeClock(T0);
const pins = new MarkPins();
/** The bodies ccxt posted to /exchange, in order. */
const sent: { action: { type: string; builder?: unknown } }[] = [];
let close: () => Promise<unknown>;
let client: hyperliquid;
let user: `0x${string}`;
let info: ReturnType<typeof infoClient>;

beforeAll(async () => {
  const paper = await openPaperExchange({ now: clock.now, seed: 7, pins });
  const exchange = {
    ...paper,
    exchange: (body: unknown, signal?: AbortSignal) => {
      sent.push(body as (typeof sent)[number]);
      return paper.exchange(body, signal);
    },
  };
  const app = Fastify();
  // The weight budget has its own tests; ccxt here only has to find what it needs.
  await app.register(paperExchangeRoutes, { exchange, prefix: '/paper', rateLimit: false });
  const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}/paper`;
  close = () => app.close();
  const privateKey = randomKey();
  user = addressOf(privateKey);
  await fund(paper, user);
  info = infoClient(paper);
  client = new ccxt.hyperliquid({ walletAddress: user, privateKey, enableRateLimit: false });
  client.setSandboxMode(true);
  // ccxt posts to urls.api.public|private + '/info' or '/exchange' (hyperliquid.js sign()).
  client.urls.api = { public: url, private: url };
  // Its nonces and "now" (fundingHistory's default start) are the wall clock: here, the fake.
  client.milliseconds = () => clock.ms;
  client.nonce = () => clock.ms;
  pins.pin('BTC', 100_000, clock.ms);
});

afterAll(() => close());

/** The paper account's fills, oldest first. */
async function paperFills() {
  return (await info.userFills({ user })).reverse();
}

describe('ccxt against the paper exchange, default options', () => {
  it('loads markets; the builder fee and referrer it asks for are refused, and it goes on', async () => {
    const markets = await client.loadMarkets();
    expect(markets[BTC]).toMatchObject({ swap: true, baseName: 'BTC', settle: 'USDC' });
    expect(Object.values(markets).filter((m) => m?.spot)).toEqual([]);
    expect(client.currencies.USDC).toMatchObject({ id: '0', code: 'USDC' });
    const types = sent.map((body) => body.action.type);
    expect(types).toEqual(expect.arrayContaining(['approveBuilderFee', 'setReferrer']));
    // ccxt caught the refusal: it attaches no builder (and no fee) to orders.
    expect(client.options.approvedBuilderFee).not.toBe(true);
    expect(client.options.builderFee).toBe(false);
  });

  it('reads the status, the time, the fees, the balance, the ledger and the deposits', async () => {
    expect(await client.fetchStatus()).toMatchObject({ status: 'ok', updated: T0 });
    expect(await client.fetchTime()).toBe(T0);
    expect(await client.fetchTradingFee(BTC)).toMatchObject({ maker: MAKER, taker: TAKER });
    const balance = await client.fetchBalance();
    expect(balance.USDC).toMatchObject({ total: 10_000, used: 0, free: 10_000 });
    const ledger = await client.fetchLedger();
    expect(ledger).toEqual([
      expect.objectContaining({ type: 'deposit', amount: 10_000, timestamp: T0 }),
    ]);
    expect(await client.fetchDeposits()).toEqual([
      expect.objectContaining({ amount: 10_000, timestamp: T0 }),
    ]);
    expect(await client.fetchWithdrawals()).toEqual([]);
  });

  it('a resting Gtc order is listed, edited (new id, same client id) and canceled', async () => {
    const clientOrderId = '0xabcdef0123456789abcdef0123456789';
    const order = await client.createOrder(BTC, 'limit', 'buy', 0.01, 90_000, { clientOrderId });
    // ccxt reads a resting order's id (and its client id) from the answer, not a status.
    expect(order).toMatchObject({ id: expect.any(String), clientOrderId });
    const open = await client.fetchOpenOrders(BTC);
    expect(open).toEqual([
      expect.objectContaining({ id: order.id, price: 90_000, amount: 0.01, clientOrderId }),
    ]);

    const edited = await client.editOrder(String(order.id), BTC, 'limit', 'buy', 0.02, 91_000);
    expect(edited.id).not.toBe(order.id);
    const [after] = await client.fetchOpenOrders(BTC);
    expect(after).toMatchObject({ id: edited.id, price: 91_000, amount: 0.02, clientOrderId });

    await client.cancelOrder(String(edited.id), BTC);
    expect(await client.fetchOpenOrders(BTC)).toEqual([]);
    // Nothing filled, nothing paid.
    expect((await client.fetchBalance()).USDC).toMatchObject({ total: 10_000 });
  });

  it('Ioc, market and reduce-only orders fill as taker at 0.045 %', async () => {
    const ioc = await client.createOrder(BTC, 'limit', 'buy', 0.01, 100_100, {
      timeInForce: 'IOC',
    });
    expect(ioc).toMatchObject({ filled: 0.01 });
    const market = await client.createOrder(BTC, 'market', 'buy', 0.01, 100_000);
    expect(market).toMatchObject({ filled: 0.01 });
    const reduce = await client.createOrder(BTC, 'market', 'sell', 0.005, 100_000, {
      reduceOnly: true,
    });
    expect(reduce).toMatchObject({ filled: 0.005 });

    const fills = await paperFills();
    expect(fills.map((f) => [f.side, f.sz, f.crossed])).toEqual([
      ['B', '0.01', true],
      ['B', '0.01', true],
      ['A', '0.005', true],
    ]);
    for (const fill of fills) {
      expect(Number(fill.fee)).toBeCloseTo(Number(fill.px) * Number(fill.sz) * TAKER, 6);
    }
    expect(ioc.average).toBe(Number(fills[0]!.px));
    const trades = await client.fetchMyTrades(BTC);
    expect(trades.map((t) => [t.side, t.amount, t.price, t.fee?.cost])).toEqual(
      fills.map((f) => [
        f.side === 'B' ? 'buy' : 'sell',
        Number(f.sz),
        Number(f.px),
        Number(f.fee),
      ]),
    );

    const [position] = await client.fetchPositions([BTC]);
    const state = await info.clearinghouseState({ user });
    expect(position).toMatchObject({ symbol: BTC, side: 'long', contracts: 0.015 });
    expect(position?.entryPrice).toBe(Number(state.assetPositions[0]?.position.entryPx));
    const cash = 10_000 + fills.reduce((sum, f) => sum + Number(f.closedPnl) - Number(f.fee), 0);
    const unrealized = Number(state.assetPositions[0]?.position.unrealizedPnl);
    const balance = await client.fetchBalance();
    expect(balance.USDC?.total).toBeCloseTo(cash + unrealized, 5);
    expect(balance.USDC?.total).toBe(Number(state.marginSummary.accountValue));
  });

  it('an Alo order rests and fills as maker at 0.015 % when the market reaches it', async () => {
    const alo = await client.createOrder(BTC, 'limit', 'sell', 0.005, 100_500, { postOnly: true });
    expect(await client.fetchOpenOrders(BTC)).toEqual([
      expect.objectContaining({ id: alo.id, side: 'sell', price: 100_500, postOnly: true }),
    ]);
    pins.pin('BTC', 100_600, clock.ms);
    clock.advance(60_000);
    expect(await client.fetchOpenOrders(BTC)).toEqual([]);
    const maker = (await paperFills()).at(-1)!;
    expect(maker).toMatchObject({ side: 'A', px: '100500', sz: '0.005', crossed: false });
    expect(Number(maker.fee)).toBeCloseTo(100_500 * 0.005 * MAKER, 6);
    const [position] = await client.fetchPositions([BTC]);
    expect(position).toMatchObject({ contracts: 0.01, side: 'long' });
  });

  it('a stop-loss trigger rests, listed as a trigger order, and is edited', async () => {
    const stop = await client.createOrder(BTC, 'market', 'sell', 0.01, 100_000, {
      stopLossPrice: 95_000,
      reduceOnly: true,
    });
    expect(stop.id).toEqual(expect.any(String));
    const [open] = await client.fetchOpenOrders(BTC);
    expect(open).toMatchObject({
      side: 'sell',
      amount: 0.01,
      triggerPrice: 95_000,
      reduceOnly: true,
    });

    // Moved up: the edit replaces it with a new trigger order.
    const moved = await client.editOrder(String(open?.id), BTC, 'market', 'sell', 0.01, 100_000, {
      stopLossPrice: 96_000,
      reduceOnly: true,
    });
    const [after] = await client.fetchOpenOrders(BTC);
    expect(after).toMatchObject({ id: moved.id, triggerPrice: 96_000, reduceOnly: true });
    expect(after?.id).not.toBe(open?.id);
  });

  it("cancelAllOrdersAfter: the dead man's switch cancels every open order at its time", async () => {
    await client.createOrder(BTC, 'limit', 'buy', 0.01, 90_000);
    expect(await client.fetchOpenOrders(BTC)).toHaveLength(2);
    const answer = await client.cancelAllOrdersAfter(10_000);
    expect(answer).toEqual({ status: 'ok', response: { type: 'default' } });
    // ccxt asks for its nonce + 10 s (its nonces run a little ahead of a clock that stands).
    const { time } = sent.at(-1)!.action as { type: string; time: number };
    expect(time).toBeGreaterThanOrEqual(clock.ms + 10_000);
    clock.ms = time - 1;
    expect(await client.fetchOpenOrders(BTC)).toHaveLength(2);
    clock.ms = time;
    expect(await client.fetchOpenOrders(BTC)).toEqual([]);
    const history = await info.historicalOrders({ user });
    expect(history.filter((h) => h.status === 'scheduledCancel')).toHaveLength(2);
  });

  it('funding: the hourly rates, and what the position paid, as the paper exchange booked it', async () => {
    clock.advance(2 * 3_600_000);
    const rates = await client.fetchFundingRateHistory(BTC, T0);
    expect(rates.length).toBeGreaterThanOrEqual(2);
    expect(rates[0]).toMatchObject({ symbol: BTC, fundingRate: expect.any(Number) });
    const paid = await client.fetchFundingHistory(BTC, T0);
    const booked = await info.userFunding({ user, startTime: T0 });
    expect(paid.length).toBe(booked.length);
    expect(paid.length).toBeGreaterThanOrEqual(2);
    // ccxt's income carries the rate, though its type does not say so.
    const rateOf = (p: object) => (p as { rate?: number }).rate;
    expect(paid.map((p) => [p.timestamp, p.amount, rateOf(p)])).toEqual(
      booked.map((b) => [b.time, Number(b.delta.usdc), Number(b.delta.fundingRate)]),
    );
  });

  it('a withdrawal is refused with the reason and moves nothing', async () => {
    const before = await client.fetchBalance();
    await expect(
      client.withdraw('USDC', 5, '0x000000000000000000000000000000000000dEaD'),
    ).rejects.toThrow('Paper USDC exists only on the paper exchange');
    const after = await client.fetchBalance();
    expect(after.USDC?.total).toBe(before.USDC?.total);
    expect(await client.fetchLedger()).toHaveLength(1);
  });

  it('no order carried a builder fee', () => {
    const orders = sent.filter((body) => body.action.type === 'order');
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.filter((body) => body.action.builder !== undefined)).toEqual([]);
  });
});
