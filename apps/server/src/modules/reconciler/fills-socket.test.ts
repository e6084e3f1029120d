import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { FillsSocket, SOCKET_USERS } from './fills-socket.js';

/**
 * The fast path's socket against an exchange on loopback that speaks Hyperliquid's
 * subscription protocol: what it subscribes, what it reports, and what it does when the
 * exchange drops it. Waits on events, never on time.
 */

const log = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
} as unknown as FastifyBaseLogger;
const user = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

/** The exchange's side: the subscriptions it holds, per connection, and a way to push. */
class Exchange {
  readonly server: WebSocketServer;
  readonly sockets: WebSocket[] = [];
  /** Users subscribed to userFills on the newest connection. */
  readonly subscribed = new Set<string>();
  readonly #waiters: (() => void)[] = [];

  constructor() {
    this.server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    this.server.on('connection', (socket) => {
      this.sockets.push(socket);
      this.subscribed.clear();
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as {
          method: string;
          subscription?: { type: string; user: string };
        };
        const sub = message.subscription;
        if (sub?.type === 'userFills' && message.method === 'subscribe') {
          this.subscribed.add(sub.user);
          socket.send(JSON.stringify({ channel: 'subscriptionResponse', data: message }));
          // Hyperliquid sends the user's recent fills first, as a snapshot.
          this.push(sub.user, [{ tid: 1 }], true);
        }
        if (sub?.type === 'userFills' && message.method === 'unsubscribe') {
          this.subscribed.delete(sub.user);
        }
        this.#wake();
      });
      this.#wake();
    });
  }

  get url() {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  push(who: string, fills: object[], isSnapshot = false) {
    const data = { user: who, fills, ...(isSnapshot && { isSnapshot }) };
    this.sockets.at(-1)!.send(JSON.stringify({ channel: 'userFills', data }));
  }

  /** Waits until `check` holds (5 s at most: a hung socket fails the test, not the run). */
  async until(check: () => boolean, what: string) {
    const deadline = performance.now() + 5_000;
    while (!check()) {
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 20);
      });
    }
  }

  #wake() {
    for (const wake of this.#waiters.splice(0)) wake();
  }
}

describe('FillsSocket', () => {
  let exchange: Exchange;
  let socket: FillsSocket;
  let reported: string[];

  beforeEach(async () => {
    exchange = new Exchange();
    await new Promise((resolve) => exchange.server.once('listening', resolve));
    reported = [];
    socket = new FillsSocket({
      url: exchange.url,
      log,
      onFills: (who) => reported.push(who),
      retryMs: 10,
    });
  });

  afterEach(async () => {
    socket.close();
    for (const s of exchange.sockets) s.terminate();
    await new Promise((resolve) => exchange.server.close(resolve));
  });

  it('follows the users it is given, reports their new fills and not the snapshot', async () => {
    socket.follow([user(1).toUpperCase().replace('0X', '0x'), user(2)]);
    await exchange.until(() => socket.following.size === 2, 'both snapshots');
    expect([...exchange.subscribed].sort()).toEqual([user(1), user(2)]);
    expect(reported).toEqual([]);

    exchange.push(user(2), [{ tid: 2 }]);
    exchange.push(user(2), []);
    exchange.push(user(3), [{ tid: 3 }]);
    exchange.push(user(1), [{ tid: 4 }]);
    await exchange.until(() => reported.length === 2, 'two reports');
    // A push with no fills, and one for a user not followed, tell nothing.
    expect(reported).toEqual([user(2), user(1)]);
  });

  it('follows at most SOCKET_USERS users, and lets go of those no longer given', async () => {
    socket.follow(Array.from({ length: SOCKET_USERS + 5 }, (_, i) => user(i + 1)));
    await exchange.until(() => socket.following.size === SOCKET_USERS, 'ten snapshots');
    expect(exchange.subscribed.size).toBe(SOCKET_USERS);
    expect(exchange.subscribed.has(user(SOCKET_USERS + 1))).toBe(false);

    socket.follow([user(2), user(20)]);
    await exchange.until(
      () => exchange.subscribed.size === 2 && socket.following.size === 2,
      'the new set',
    );
    expect([...exchange.subscribed].sort()).toEqual([user(2), user(20)]);
  });

  it('connects again after a drop, subscribes again and reports every user once', async () => {
    socket.follow([user(1), user(2)]);
    await exchange.until(() => socket.following.size === 2, 'both snapshots');
    exchange.sockets[0]!.terminate();
    await exchange.until(
      () => exchange.sockets.length === 2 && socket.following.size === 2,
      'a second connection with both users',
    );
    // Fills made while it was away are not pushed: both users are read.
    await exchange.until(() => reported.length === 2, 'the catch-up');
    expect(reported.sort()).toEqual([user(1), user(2)]);
    exchange.push(user(1), [{ tid: 9 }]);
    await exchange.until(() => reported.length === 3, 'a push on the new connection');
  });

  it('closes the socket when there is no one to follow, and stays closed once closed', async () => {
    socket.follow([user(1)]);
    await exchange.until(() => socket.following.size === 1, 'the snapshot');
    const closed = new Promise((resolve) => exchange.sockets[0]!.once('close', resolve));
    socket.follow([]);
    await closed;
    expect(socket.following.size).toBe(0);

    expect(socket.active).toBe(false);
    socket.close();
    socket.follow([user(1)]);
    expect(socket.active).toBe(false);
    expect(exchange.sockets).toHaveLength(1);
  });
});
