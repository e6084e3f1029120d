import Fastify from 'fastify';
import WebSocket from 'ws';
import { paperExchangeRoutes } from '../http.js';
import { MarkPins } from '../market/pins.js';
import { openPaperExchange } from '../paper-exchange.js';
import { FakeClock, T0 } from './harness.js';
import { paperFeedRoutes, type PaperFeedRoutesOptions } from '../ws/routes.js';

/** Test wiring for /ws: a real server on 127.0.0.1 and a raw `ws` client that waits on messages. */

export interface Message {
  channel: string;
  data?: unknown;
}

/** A client that keeps every message it gets and lets a test wait for the next matching one. */
export class TestClient {
  readonly received: Message[] = [];
  #read = 0;
  #waiting: (() => void) | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.received.push(JSON.parse(data.toString('utf8')) as Message);
      this.#waiting?.();
    });
  }

  static async open(url: string): Promise<TestClient> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new TestClient(socket);
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /**
   * The next message not read yet that `match` accepts (the ones before it are read and
   * skipped); fails after `timeoutMs` (a safety net: the test waits on the message, not on time).
   */
  async next(match: (message: Message) => boolean, timeoutMs = 5000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.#read < this.received.length) {
        const message = this.received[this.#read++]!;
        if (match(message)) return message;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message; got ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#waiting = undefined;
    }
  }

  /** The next message on `channel`. */
  on(channel: string, timeoutMs?: number): Promise<Message> {
    return this.next((m) => m.channel === channel, timeoutMs);
  }

  /** The messages received since the one `next` returned last, unread. */
  unread(): Message[] {
    return this.received.slice(this.#read);
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/**
 * The paper exchange on a fake clock with pins, its HTTP routes at /paper and its feed at
 * /paper/ws ticking every 20 ms, listening on 127.0.0.1 (a free port).
 */
export async function startFeedServer(
  options: Pick<PaperFeedRoutesOptions, 'rateLimit' | 'heartbeatMs'> = {},
) {
  const clock = new FakeClock(T0);
  const pins = new MarkPins();
  const exchange = await openPaperExchange({ now: clock.now, seed: 7, pins });
  const app = Fastify();
  await app.register(paperExchangeRoutes, {
    exchange,
    prefix: '/paper',
    rateLimit: false,
    control: true,
  });
  await app.register(paperFeedRoutes, {
    exchange,
    now: clock.now,
    tickMs: 20,
    prefix: '/paper',
    ...options,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    clock,
    pins,
    exchange,
    httpUrl: `${base}/paper`,
    wsUrl: `${base.replace(/^http/, 'ws')}/paper/ws`,
  };
}
