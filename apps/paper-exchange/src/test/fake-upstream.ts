import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MarketLog } from '../market/source.js';

/**
 * A stand-in for Hyperliquid mainnet's POST /info on 127.0.0.1 (port 0): it answers allMids,
 * l2Book and candleSnapshot from what the test sets, counts requests by type, and can answer
 * 500 or stop listening. Tests never reach the real upstream.
 */
export class FakeUpstream {
  mids: Record<string, string> = {};
  books: Record<string, { levels: [unknown[], unknown[]]; time: number }> = {};
  /** Candles answered for any coin and interval, filtered to the request's range. */
  candles: Record<string, unknown>[] = [];
  /** While set, every request is answered with this HTTP status and no body. */
  failWith: number | undefined;
  readonly requests: Record<string, unknown>[] = [];
  #server: Server | undefined;
  url = '';

  count(type?: string): number {
    return this.requests.filter((r) => type === undefined || r.type === type).length;
  }

  async start(): Promise<this> {
    this.#server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(text || '{}') as Record<string, unknown>;
        this.requests.push(body);
        if (req.url !== '/info' || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        if (this.failWith !== undefined) {
          res.writeHead(this.failWith).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(this.#answer(body)));
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  /** Stops listening: requests then fail to connect. */
  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  #answer(body: Record<string, unknown>): unknown {
    switch (body.type) {
      case 'allMids':
        return this.mids;
      case 'l2Book': {
        const book = this.books[body.coin as string];
        return book ? { coin: body.coin, ...book } : null;
      }
      case 'candleSnapshot': {
        const req = body.req as { coin: string; startTime: number; endTime: number };
        return this.candles
          .filter((c) => c.s === req.coin)
          .filter((c) => (c.t as number) >= req.startTime && (c.t as number) <= req.endTime);
      }
      default:
        return null;
    }
  }
}

/** A MarketLog that keeps its lines (`info <message>`, `warn <message>`). */
export function recordingLog() {
  const lines: string[] = [];
  const log: MarketLog = {
    info: (_details, message) => void lines.push(`info ${message}`),
    warn: (_details, message) => void lines.push(`warn ${message}`),
  };
  return { lines, log };
}
