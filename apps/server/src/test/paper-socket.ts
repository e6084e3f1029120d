import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

/**
 * /paper/ws on the server (a real listener on 127.0.0.1): Hyperliquid's WebSocket API on the
 * mounted paper exchange, beside its HTTP routes. The protocol itself is tested in
 * apps/paper-exchange (src/ws); here: it is mounted, it pushes what the control route pins,
 * and a user's fills snapshot comes from the app's database. Waits on messages, not on time.
 * Run inside a suite whose app has PAPER_CONTROL=true (modules/paper/paper.test.ts), so that
 * no test database is made for it alone.
 */

interface Message {
  channel: string;
  data?: unknown;
}

/** `adminToken`: an admin's session, which the control route asks for. */
export function paperSocketTests(appOf: () => FastifyInstance, adminToken: () => string) {
  describe('/paper/ws', () => {
    let socket: WebSocket | undefined;
    let base: string;
    const received: Message[] = [];
    let wake: (() => void) | undefined;

    /** The first message received that `match` accepts (waiting for it if need be). */
    async function find(match: (m: Message) => boolean): Promise<Message> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no such message in ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, deadline - Date.now());
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }

    const send = (message: unknown) => socket!.send(JSON.stringify(message));
    const post = (path: string, body: unknown) =>
      fetch(`${base}/paper${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken()}` },
        body: JSON.stringify(body),
      });

    beforeAll(async () => {
      base = await appOf().listen({ host: '127.0.0.1', port: 0 });
      const opened = new WebSocket(`${base.replace(/^http/, 'ws')}/paper/ws`);
      opened.on('message', (data: Buffer) => {
        received.push(JSON.parse(data.toString('utf8')) as Message);
        wake?.();
      });
      await new Promise((resolve, reject) => {
        opened.once('open', resolve);
        opened.once('error', reject);
      });
      socket = opened;
    });

    afterAll(async () => {
      const open = socket;
      if (!open || open.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        open.once('close', () => resolve());
        open.close();
      });
    });

    it('acknowledges a subscription and pushes the mids, again when a mark is pinned', async () => {
      send({ method: 'subscribe', subscription: { type: 'allMids' } });
      expect(await find((m) => m.channel === 'subscriptionResponse')).toEqual({
        channel: 'subscriptionResponse',
        data: { method: 'subscribe', subscription: { type: 'allMids' } },
      });
      await find((m) => m.channel === 'allMids');
      expect((await post('/control/mark', { coin: 'ETH', px: 1234 })).status).toBe(200);
      const pinned = await find(
        (m) =>
          m.channel === 'allMids' &&
          Math.abs(Number((m.data as { mids: Record<string, string> }).mids.ETH) - 1234) < 1,
      );
      expect(pinned.data).toMatchObject({ mids: { BTC: expect.any(String) } });
      expect((await post('/control/mark', { coin: 'ETH', px: null })).status).toBe(200);
    });

    it("gives a user's fills snapshot from the database, and pong to ping", async () => {
      const user = `0x${'cd'.repeat(20)}`;
      expect((await post('/faucet', { user })).status).toBe(200);
      send({ method: 'subscribe', subscription: { type: 'userFills', user } });
      expect(await find((m) => m.channel === 'userFills')).toEqual({
        channel: 'userFills',
        data: { user, fills: [], isSnapshot: true },
      });
      send({ method: 'ping' });
      expect(await find((m) => m.channel === 'pong')).toEqual({ channel: 'pong' });
    });

    it('leaves the HTTP routes answering while a connection is open', async () => {
      const res = await post('/info', { type: 'allMids' });
      expect(res.status).toBe(200);
    });
  });
}
