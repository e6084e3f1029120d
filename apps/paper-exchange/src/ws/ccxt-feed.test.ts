import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedServer } from '../test/feed-server.js';
import { fund } from '../test/harness.js';
import { addressOf, randomKey } from '../test/wallet.js';

/**
 * ccxt 4.5.84's pro hyperliquid class (its `watch*` methods) against /paper/ws, its REST URLs
 * at /paper and its WebSocket URL at /paper/ws, sandbox mode, default options otherwise: the
 * order book, the user's trades, and an order sent as a WebSocket post.
 */

const BTC = 'BTC/USDC:USDC';

let server: Awaited<ReturnType<typeof startFeedServer>>;
let client: InstanceType<typeof ccxt.pro.hyperliquid>;

beforeAll(async () => {
  server = await startFeedServer();
  const privateKey = randomKey();
  const user = addressOf(privateKey);
  await fund(server.exchange, user);
  client = new ccxt.pro.hyperliquid({ walletAddress: user, privateKey, enableRateLimit: false });
  client.setSandboxMode(true);
  client.urls.api = {
    public: server.httpUrl,
    private: server.httpUrl,
    ws: { public: server.wsUrl },
  };
  // ccxt opens a plain ws:// URL only through an http.Agent it loads on request.
  await client.loadHttpProxyAgent();
  client.milliseconds = () => server.clock.ms;
  client.nonce = () => server.clock.nonce();
  server.pins.pin('BTC', 50_000, server.clock.ms);
  await client.loadMarkets();
});

afterAll(async () => {
  await client?.close();
  await server?.app.close();
});

describe('ccxt pro hyperliquid against /paper/ws', () => {
  it('watches the order book', async () => {
    const book = await client.watchOrderBook(BTC);
    expect(book.symbol).toBe(BTC);
    expect(book.bids.length).toBeGreaterThan(0);
    expect(book.asks.length).toBeGreaterThan(0);
    expect(Math.abs(Number(book.bids[0]![0]) - 50_000)).toBeLessThan(10);
    expect(Number(book.bids[0]![0])).toBeLessThan(Number(book.asks[0]![0]));
  });

  it("watches the user's trades: an order filled over HTTP arrives", async () => {
    // The snapshot (no fills yet) resolves nothing; the fill does.
    const watching = client.watchMyTrades(BTC);
    const order = await client.createOrder(BTC, 'limit', 'buy', 0.002, 50_500, {
      timeInForce: 'IOC',
    });
    const trades = await watching;
    expect(trades).toEqual([
      expect.objectContaining({ symbol: BTC, side: 'buy', amount: 0.002, order: order.id }),
    ]);
  });

  it('places an order as a WebSocket post', async () => {
    const order = await client.createOrderWs(BTC, 'limit', 'buy', 0.001, 40_000);
    expect(order.id).toEqual(expect.any(String));
    const [open] = await client.fetchOpenOrders(BTC);
    expect(open).toMatchObject({ id: order.id, price: 40_000, amount: 0.001 });
  });

  it('watches a ticker (the asset context) and the balance (the account state)', async () => {
    const ticker = await client.watchTicker(BTC);
    expect(ticker).toMatchObject({ symbol: BTC });
    expect(Math.abs(Number(ticker.last ?? ticker.close) - 50_000)).toBeLessThan(10);
    const balance = await client.watchBalance();
    expect(balance.USDC?.total).toBeGreaterThan(9_000);
  });
});
