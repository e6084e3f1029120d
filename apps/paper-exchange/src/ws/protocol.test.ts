import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TestClient, startFeedServer, type Message } from '../test/feed-server.js';
import { RATE_LIMITED_TEXT } from './session.js';

/**
 * /paper/ws with a raw `ws` client on 127.0.0.1: Hyperliquid's subscribe / unsubscribe
 * acknowledgements, the market pushes, ping, posts and the error channel. Marks move by pins
 * (as POST /paper/control/mark sets them); every step waits on a message, not on time.
 */

let server: Awaited<ReturnType<typeof startFeedServer>>;
let client: TestClient;

beforeAll(async () => {
  server = await startFeedServer();
  client = await TestClient.open(server.wsUrl);
});

afterAll(async () => {
  await client?.close();
  await server?.app.close();
});

const mids = (m: Message) => (m.data as { mids: Record<string, string> }).mids;

describe('/paper/ws, Hyperliquid WebSocket protocol', () => {
  it('acknowledges allMids, pushes the mids, and pushes again when a mark moves', async () => {
    client.send({ method: 'subscribe', subscription: { type: 'allMids' } });
    expect(await client.next(() => true)).toEqual({
      channel: 'subscriptionResponse',
      data: { method: 'subscribe', subscription: { type: 'allMids' } },
    });
    const first = await client.on('allMids');
    expect(mids(first)).toMatchObject({ BTC: expect.stringMatching(/^\d+(\.\d+)?$/) });
    expect(Object.keys(mids(first))).toEqual(expect.arrayContaining(['BTC', 'ETH', 'SOL']));

    // The same endpoint as the HTTP control route: BTC's mark pinned at 50,000.
    const pin = await fetch(`${server.httpUrl}/control/mark`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ coin: 'BTC', px: 50_000 }),
    });
    expect(pin.status).toBe(200);
    const moved = await client.next(
      (m) => m.channel === 'allMids' && Math.abs(Number(mids(m).BTC) - 50_000) < 10,
    );
    expect(mids(moved).ETH).toBe(mids(first).ETH);
  });

  it('answers ping with pong', async () => {
    client.send({ method: 'ping' });
    expect(await client.on('pong')).toEqual({ channel: 'pong' });
  });

  it('pushes the l2Book of a coin as /info l2Book shows it', async () => {
    const subscription = { type: 'l2Book', coin: 'BTC', nSigFigs: null, mantissa: null };
    client.send({ method: 'subscribe', subscription });
    expect(await client.on('subscriptionResponse')).toEqual({
      channel: 'subscriptionResponse',
      data: { method: 'subscribe', subscription },
    });
    const book = (await client.on('l2Book')).data as {
      coin: string;
      time: number;
      levels: { px: string; sz: string; n: number }[][];
    };
    expect(book.coin).toBe('BTC');
    expect(book.time).toBe(server.clock.ms);
    expect(book.levels).toHaveLength(2);
    expect(Number(book.levels[0]![0]!.px)).toBeLessThan(Number(book.levels[1]![0]!.px));
    expect(Math.abs(Number(book.levels[0]![0]!.px) - 50_000)).toBeLessThan(10);
  });

  it('stops pushing a subscription once unsubscribed', async () => {
    client.send({ method: 'unsubscribe', subscription: { type: 'allMids' } });
    expect(await client.on('subscriptionResponse')).toEqual({
      channel: 'subscriptionResponse',
      data: { method: 'unsubscribe', subscription: { type: 'allMids' } },
    });
    server.pins.pin('BTC', 60_000, server.clock.ms);
    // The book (still subscribed) shows the tick that read the new mark happened...
    await client.next(
      (m) =>
        m.channel === 'l2Book' &&
        Math.abs(Number((m.data as { levels: { px: string }[][] }).levels[0]![0]!.px) - 60_000) <
          10,
    );
    // ...and no allMids came after the acknowledgement.
    const since = client.received.findLastIndex(
      (m) =>
        m.channel === 'subscriptionResponse' &&
        (m.data as { method: string }).method === 'unsubscribe',
    );
    expect(client.received.slice(since).filter((m) => m.channel === 'allMids')).toEqual([]);
    client.send({ method: 'unsubscribe', subscription: { type: 'allMids' } });
    expect(await client.on('error')).toEqual({
      channel: 'error',
      data: 'Already unsubscribed: {"type":"allMids"}',
    });
  });

  it('pushes trades and the current candle', async () => {
    client.send({ method: 'subscribe', subscription: { type: 'trades', coin: 'ETH' } });
    const trades = (await client.on('trades')).data as { coin: string; time: number }[];
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.every((t) => t.coin === 'ETH')).toBe(true);
    // Oldest first, as Hyperliquid pushes them.
    expect(trades.map((t) => t.time)).toEqual([...trades.map((t) => t.time)].sort());
    server.clock.advance(5000);
    const later = (await client.on('trades')).data as { time: number; tid: number }[];
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((t) => t.time > trades.at(-1)!.time)).toBe(true);

    client.send({
      method: 'subscribe',
      subscription: { type: 'candle', coin: 'ETH', interval: '1m' },
    });
    const candle = (await client.on('candle')).data as Record<string, unknown>;
    expect(candle).toMatchObject({
      s: 'ETH',
      i: '1m',
      t: expect.any(Number),
      c: expect.any(String),
    });
    expect(Number(candle.t)).toBeLessThanOrEqual(server.clock.ms);
    expect(Number(candle.T)).toBeGreaterThanOrEqual(server.clock.ms - 60_000);
  });

  it('answers what it cannot read on the error channel, as Hyperliquid', async () => {
    client.send('not json');
    expect(await client.on('error')).toEqual({
      channel: 'error',
      data: 'Error parsing JSON into valid websocket request: not json',
    });
    client.send({ method: 'subscribe', subscription: { type: 'webData9', user: '0x1' } });
    expect(await client.on('error')).toEqual({
      channel: 'error',
      data: 'Invalid subscription {"type":"webData9","user":"0x1"}',
    });
    client.send({ method: 'subscribe', subscription: { type: 'trades', coin: 'ETH' } });
    expect(await client.on('error')).toEqual({
      channel: 'error',
      data: 'Already subscribed: {"type":"trades","coin":"ETH"}',
    });
  });

  it('answers info and action posts over the socket', async () => {
    client.send({ method: 'post', id: 7, request: { type: 'info', payload: { type: 'allMids' } } });
    const post = await client.on('post');
    expect(post.data).toEqual({
      id: 7,
      response: { type: 'info', payload: { type: 'allMids', data: expect.any(Object) } },
    });
    client.send({ method: 'post', id: 8, request: { type: 'info', payload: { type: 'nope' } } });
    expect((await client.on('post')).data).toEqual({
      id: 8,
      response: { type: 'error', payload: expect.stringContaining('Failed to deserialize') },
    });
    client.send({ method: 'post', id: 9, request: { type: 'action', payload: { action: {} } } });
    expect((await client.on('post')).data).toMatchObject({ id: 9, response: { type: 'error' } });
  });

  it('holds at most 10 users per IP in user subscriptions', async () => {
    const other = await TestClient.open(server.wsUrl);
    try {
      const user = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
      for (let i = 1; i <= 10; i += 1) {
        other.send({ method: 'subscribe', subscription: { type: 'orderUpdates', user: user(i) } });
        await other.on('subscriptionResponse');
      }
      const eleventh = { type: 'orderUpdates', user: user(11) };
      other.send({ method: 'subscribe', subscription: eleventh });
      expect(await other.on('error')).toEqual({
        channel: 'error',
        data: `Cannot track more than 10 total users: ${JSON.stringify({ method: 'subscribe', subscription: eleventh })}`,
      });
      // A user already followed takes no new place.
      other.send({ method: 'subscribe', subscription: { type: 'userFills', user: user(1) } });
      expect(await other.on('subscriptionResponse')).toMatchObject({
        data: { method: 'subscribe' },
      });
    } finally {
      await other.close();
    }
  });
});

describe('/paper/ws posts and the per-IP weights', () => {
  it('charges posts as the HTTP routes do, and refuses one past the budget', async () => {
    const small = await startFeedServer({ rateLimit: { perMinute: 4 } });
    const poster = await TestClient.open(small.wsUrl);
    try {
      const allMids = (id: number) => ({
        method: 'post',
        id,
        request: { type: 'info', payload: { type: 'allMids' } },
      });
      for (const id of [1, 2]) {
        poster.send(allMids(id));
        expect((await poster.on('post')).data).toMatchObject({ id, response: { type: 'info' } });
      }
      // allMids weighs 2: the third has no room in the minute.
      poster.send(allMids(3));
      expect((await poster.on('post')).data).toEqual({
        id: 3,
        response: { type: 'error', payload: RATE_LIMITED_TEXT },
      });
    } finally {
      await poster.close();
      await small.app.close();
    }
  });
});

describe('/paper/ws heartbeat', () => {
  it('closes a connection that stops answering pings', async () => {
    const server = await startFeedServer({ heartbeatMs: 250 });
    // A client that never answers the server's pings (a peer gone without a close).
    const silent = new WebSocket(server.wsUrl, { autoPong: false });
    try {
      await new Promise((resolve, reject) => {
        silent.once('open', resolve);
        silent.once('error', reject);
      });
      const answering = await TestClient.open(server.wsUrl);
      const closed = new Promise<number>((resolve) => silent.once('close', resolve));
      // Terminated: no close frame, so the client sees 1006.
      expect(await closed).toBe(1006);
      answering.send({ method: 'ping' });
      expect(await answering.on('pong')).toEqual({ channel: 'pong' });
      await answering.close();
    } finally {
      silent.terminate();
      await server.app.close();
    }
  });
});
