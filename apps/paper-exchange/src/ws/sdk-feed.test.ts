import {
  ExchangeClient,
  HttpTransport,
  InfoClient,
  SubscriptionClient,
  WebSocketTransport,
} from '@nktkas/hyperliquid';
import type {
  ActiveAssetCtxEvent,
  AllMidsEvent,
  ClearinghouseStateEvent,
  OrderUpdatesEvent,
  UserEventsEvent,
  UserFillsEvent,
  UserFundingsEvent,
} from '@nktkas/hyperliquid/api/subscription';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFeedServer } from '../test/feed-server.js';
import { fund } from '../test/harness.js';
import { addressOf, nobleWallet, randomKey } from '../test/wallet.js';

/**
 * @nktkas/hyperliquid's SubscriptionClient on a WebSocketTransport pointed at /paper/ws, the
 * orders placed by its ExchangeClient over HTTP at /paper: each push waited for as an event.
 * Marks move by pins and time by the exchange's fake clock; the feed's tick (20 ms here) reads
 * the account, so a resting order fills when the mark crosses it without any request.
 */

/** The events one listener got, and a way to wait for the next one that matches. */
class Events<T> {
  readonly all: T[] = [];
  #wake: (() => void) | undefined;
  readonly listener = (event: T) => {
    this.all.push(event);
    this.#wake?.();
  };

  async find(match: (event: T) => boolean, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.all.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event in ${JSON.stringify(this.all)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }
}

const globalSocket = globalThis as { WebSocket?: unknown };
const hadWebSocket = 'WebSocket' in globalSocket;
const previousWebSocket = globalSocket.WebSocket;

let server: Awaited<ReturnType<typeof startFeedServer>>;
let transport: WebSocketTransport;
let subscriptions: SubscriptionClient;
let trader: ExchangeClient;
let info: InfoClient;
let user: `0x${string}`;

beforeAll(async () => {
  // Node 20 has no WebSocket of its own: the SDK's transport takes `ws`'s, which follows it.
  globalSocket.WebSocket ??= WebSocket;
  server = await startFeedServer();
  transport = new WebSocketTransport({ url: server.wsUrl, isTestnet: true });
  subscriptions = new SubscriptionClient({ transport });
  const http = new HttpTransport({ apiUrl: server.httpUrl, isTestnet: true });
  const key = randomKey();
  user = addressOf(key);
  await fund(server.exchange, user);
  trader = new ExchangeClient({
    transport: http,
    wallet: nobleWallet(key),
    nonceManager: () => server.clock.nonce(),
  });
  info = new InfoClient({ transport: http });
  server.pins.pin('BTC', 50_000, server.clock.ms);
});

afterAll(async () => {
  await transport?.close();
  await server?.app.close();
  if (hadWebSocket) globalSocket.WebSocket = previousWebSocket;
  else delete globalSocket.WebSocket;
});

const fills = new Events<UserFillsEvent>();
const orders = new Events<OrderUpdatesEvent>();
const userEvents = new Events<UserEventsEvent>();
const fundings = new Events<UserFundingsEvent>();

async function order(isBuy: boolean, px: string, sz: string, tif: 'Gtc' | 'Ioc') {
  const placed = await trader.order({
    orders: [{ a: 0, b: isBuy, p: px, s: sz, r: false, t: { limit: { tif } } }],
    grouping: 'na',
  });
  const status = placed.response.data.statuses[0] as
    { resting: { oid: number } } | { filled: { oid: number } };
  return 'resting' in status ? status.resting.oid : status.filled.oid;
}

describe('@nktkas/hyperliquid SubscriptionClient against /paper/ws', () => {
  it('subscribes to allMids', async () => {
    const mids = new Events<AllMidsEvent>();
    const subscription = await subscriptions.allMids(mids.listener);
    const first = await mids.find(() => true);
    expect(Math.abs(Number(first.mids.BTC) - 50_000)).toBeLessThan(10);
    await subscription.unsubscribe();
  });

  it('gives the fills snapshot, then pushes the fill of an order placed over HTTP', async () => {
    await subscriptions.userFills({ user }, fills.listener);
    await subscriptions.orderUpdates({ user }, orders.listener);
    await subscriptions.userEvents({ user }, userEvents.listener);
    await subscriptions.userFundings({ user }, fundings.listener);
    expect(await fills.find(() => true)).toEqual({ user, fills: [], isSnapshot: true });
    expect(await fundings.find(() => true)).toEqual({ user, fundings: [], isSnapshot: true });

    const oid = await order(true, '50500', '0.002', 'Ioc');
    const pushed = await fills.find((e) => e.fills.some((f) => f.oid === oid));
    expect(pushed.isSnapshot).toBeUndefined();
    expect(pushed.fills).toEqual(await info.userFills({ user }));
    expect(pushed.fills[0]).toMatchObject({ coin: 'BTC', side: 'B', sz: '0.002', crossed: true });
    const filled = await orders.find((e) => e.some((u) => u.order.oid === oid));
    expect(filled).toEqual([
      {
        order: expect.objectContaining({ coin: 'BTC', side: 'B', oid, origSz: '0.002' }),
        status: 'filled',
        statusTimestamp: server.clock.ms,
      },
    ]);
    const event = await userEvents.find((e) => 'fills' in e);
    expect(event).toEqual({ fills: pushed.fills });
  });

  it('pushes a resting order, and its fill when the mark crosses it with no request made', async () => {
    const oid = await order(true, '49000', '0.001', 'Gtc');
    const open = await orders.find((e) => e.some((u) => u.order.oid === oid));
    expect(open).toEqual([
      {
        order: {
          coin: 'BTC',
          side: 'B',
          limitPx: '49000',
          sz: '0.001',
          oid,
          timestamp: server.clock.ms,
          origSz: '0.001',
        },
        status: 'open',
        statusTimestamp: server.clock.ms,
      },
    ]);
    server.clock.advance(1000);
    server.pins.pin('BTC', 48_000, server.clock.ms);
    // Only the feed's tick reads the account: it catches up, the order fills as a maker.
    const pushed = await fills.find((e) => e.fills.some((f) => f.oid === oid));
    expect(pushed.fills).toEqual([
      expect.objectContaining({ oid, px: '49000', sz: '0.001', crossed: false }),
    ]);
    const done = await orders.find((e) =>
      e.some((u) => u.order.oid === oid && u.status === 'filled'),
    );
    expect(done[0]).toMatchObject({ order: { oid, sz: '0' }, status: 'filled' });
  });

  it('pushes a cancel as an order update', async () => {
    const oid = await order(true, '40000', '0.001', 'Gtc');
    await orders.find((e) => e.some((u) => u.order.oid === oid && u.status === 'open'));
    await trader.cancel({ cancels: [{ a: 0, o: oid }] });
    const canceled = await orders.find((e) =>
      e.some((u) => u.order.oid === oid && u.status === 'canceled'),
    );
    expect(canceled.find((u) => u.order.oid === oid)?.statusTimestamp).toBe(server.clock.ms);
  });

  it('pushes the funding settled at the hour on userFundings and userEvents', async () => {
    // The position (0.003 BTC long) pays or earns funding at the next whole hour.
    server.clock.advance(3_600_000);
    const pushed = await fundings.find((e) => !e.isSnapshot && e.fundings.length > 0);
    const settled = await info.userFunding({ user, startTime: 0 });
    expect(pushed.fundings).toEqual(
      settled.map((f) => ({
        time: f.time,
        coin: f.delta.coin,
        usdc: f.delta.usdc,
        szi: f.delta.szi,
        fundingRate: f.delta.fundingRate,
        nSamples: f.delta.nSamples,
      })),
    );
    expect(pushed.fundings[0]).toMatchObject({ coin: 'BTC', szi: '0.003' });
    const event = await userEvents.find((e) => 'funding' in e);
    expect(event).toEqual({ funding: pushed.fundings[0] });
  });

  it('pushes the account state when the mark moves, and an asset context', async () => {
    const states = new Events<ClearinghouseStateEvent>();
    await subscriptions.clearinghouseState({ user }, states.listener);
    const first = await states.find(() => true);
    expect(first).toEqual({
      dex: '',
      user,
      clearinghouseState: await info.clearinghouseState({ user }),
    });
    expect(first.clearinghouseState.assetPositions[0]?.position).toMatchObject({
      coin: 'BTC',
      szi: '0.003',
    });
    server.pins.pin('BTC', 47_000, server.clock.ms);
    const moved = await states.find((e) => e !== first);
    expect(moved.clearinghouseState).toEqual(await info.clearinghouseState({ user }));
    expect(Number(moved.clearinghouseState.marginSummary.accountValue)).toBeLessThan(
      Number(first.clearinghouseState.marginSummary.accountValue),
    );

    const contexts = new Events<ActiveAssetCtxEvent>();
    await subscriptions.activeAssetCtx({ coin: 'BTC' }, contexts.listener);
    const context = await contexts.find(() => true);
    expect(context.coin).toBe('BTC');
    expect(context.ctx.markPx).toBe('47000');
  });

  it("answers the SDK's InfoClient and ExchangeClient over the socket (posts)", async () => {
    const overSocket = new InfoClient({ transport });
    expect(await overSocket.allMids()).toEqual(await info.allMids());
    expect(await overSocket.openOrders({ user })).toEqual(await info.openOrders({ user }));
    const key = randomKey();
    await fund(server.exchange, addressOf(key));
    const socketTrader = new ExchangeClient({
      transport,
      wallet: nobleWallet(key),
      nonceManager: () => server.clock.nonce(),
    });
    const placed = await socketTrader.order({
      orders: [{ a: 0, b: true, p: '40000', s: '0.001', r: false, t: { limit: { tif: 'Gtc' } } }],
      grouping: 'na',
    });
    expect(placed.response.data.statuses[0]).toEqual({ resting: { oid: expect.any(Number) } });
  });
});
