import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaperExchange, PaperReply } from '@tb/paper-exchange';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { paperRoutes } from './paper.routes.js';

const OK: PaperReply = { status: 200, body: { ok: true } };

/** How long a wait below may take before the test fails: generous, for a loaded machine. */
const WAIT_MS = 20_000;

/** A paper exchange whose /info answers wait for the test when it holds them. */
class SlowExchange implements PaperExchange {
  readonly calls: string[] = [];
  #held: Array<() => void> = [];
  /** Whether the next /info calls (but a 'probe') wait until `answerHeld`. */
  holding = true;
  async info(body: unknown): Promise<PaperReply> {
    const { tag } = body as { tag: string };
    this.calls.push(tag);
    if (this.holding && tag !== 'probe') {
      await new Promise<void>((resolve) => this.#held.push(resolve));
    }
    return OK;
  }
  answerHeld(): void {
    this.holding = false;
    for (const answer of this.#held.splice(0)) answer();
  }
  exchange = async (): Promise<PaperReply> => OK;
  faucet = async (): Promise<PaperReply> => OK;
  pinMark = async (): Promise<PaperReply> => OK;
}

/** Resolves when `check` holds, polling every few ms; fails after WAIT_MS. */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + WAIT_MS;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A real HTTP request over a real socket (inject cannot abort from the client side), from the
 * test's own address, or as the client `from` (X-Forwarded-For: the server trusts it here).
 */
function post(
  origin: string,
  tag: string,
  from?: string,
): { client: ClientRequest; answer: Promise<number> } {
  const client = httpRequest(`${origin}/paper/info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from && { 'x-forwarded-for': from }) },
    agent: false,
  });
  const answer = new Promise<number>((resolve, reject) => {
    client.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    client.on('error', reject);
  });
  client.end(JSON.stringify({ tag }));
  return { client, answer };
}

/** `answer`, or a failure after `ms` instead of hanging the suite. */
function within<T>(answer: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    answer,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer to ${what}`)), ms)),
  ]);
}

describe('the paper exchange turns of a client whose request is abandoned', () => {
  let app: FastifyInstance;
  let exchange: SlowExchange;
  let seen: number;
  let closed: number;

  async function start(): Promise<string> {
    exchange = new SlowExchange();
    seen = 0;
    closed = 0;
    app = Fastify({ forceCloseConnections: true, trustProxy: true });
    app.addHook('onRequest', async (_request, reply) => {
      seen += 1;
      reply.raw.once('close', () => (closed += 1));
    });
    await app.register(paperRoutes, {
      prefix: '/paper',
      exchange,
      rateLimitScale: 1,
      now: () => new Date(),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  afterEach(() => app.close());

  it('gives the turn on when a request waiting for it is aborted', async () => {
    const origin = await start();
    const first = post(origin, 'A');
    await until(() => exchange.calls.length === 1, 'A at the exchange');
    const second = post(origin, 'B');
    second.answer.catch(() => undefined);
    await until(() => seen === 2, 'B at the server');
    // B now waits for A's turn; its client goes away.
    second.client.destroy();
    await until(() => closed === 1, 'B gone at the server');
    exchange.answerHeld();
    expect(await within(first.answer, WAIT_MS, 'A')).toBe(200);

    const third = post(origin, 'C');
    expect(await within(third.answer, WAIT_MS, 'C')).toBe(200);
    // B's client had gone: its work was never started.
    expect(exchange.calls).toEqual(['A', 'C']);
  });

  it('keeps the turn of a request aborted while worked on until its work is done', async () => {
    const origin = await start();
    const first = post(origin, 'A');
    first.answer.catch(() => undefined);
    await until(() => exchange.calls.length === 1, 'A at the exchange');
    first.client.destroy();
    await until(() => closed === 1, 'A gone at the server');

    const second = post(origin, 'B');
    await until(() => seen === 2, 'B at the server');
    // Another client's request, sent after B reached the server, goes all the way through:
    // had B been let in, it would be at the exchange by then.
    expect(await within(post(origin, 'probe', '203.0.113.7').answer, WAIT_MS, 'probe')).toBe(200);
    // A's client is gone but its work still runs: B waits (one request at a time per client).
    expect(exchange.calls).toEqual(['A', 'probe']);
    exchange.answerHeld();
    expect(await within(second.answer, WAIT_MS, 'B')).toBe(200);
    expect(exchange.calls).toEqual(['A', 'probe', 'B']);
    expect(await within(post(origin, 'C').answer, WAIT_MS, 'C')).toBe(200);
  });
});
