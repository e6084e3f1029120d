import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authed, register } from '../../test/api.js';
import { describeEachDatabase } from '../../test/helper.js';
import { webhookReceiver } from '../../test/local-servers.js';
import { SignalsService } from './signals.service.js';

const DISCORD = 'https://discord.com/api/webhooks/123456789012345678/SeCrEt-ToKeN_abc';
let receiver: Awaited<ReturnType<typeof webhookReceiver>> | undefined;
afterAll(() => receiver?.close());

type Message = { username: string; embeds: Array<{ title: string; description?: string }> };
const titles = (body: unknown) => (body as Message).embeds.map((e) => e.title);

describeEachDatabase(
  'Discord signals',
  (ctx) => {
    beforeEach(() => {
      receiver!.received.length = 0;
      receiver!.state.status = 204;
    });
    const put = (token: string, body: object) =>
      authed(ctx.app, token, 'PUT', '/api/signals/settings', body);
    /** A user whose signals go to the local receiver, at `path` so tests tell them apart. */
    const subscriber = async (path: string, types?: object) => {
      const user = await register(ctx.app);
      const res = await put(user.token, {
        webhookUrl: receiver!.url(path),
        active: true,
        ...(types && { types }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return user;
    };
    const messagesTo = (path: string) => receiver!.received.filter((r) => r.path === path);
    const waitForPath = async (path: string, count = 1) => {
      const until = Date.now() + 30_000;
      while (messagesTo(path).length < count) {
        if (Date.now() > until) throw new Error(`no signal reached ${path}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messagesTo(path);
    };

    describe('settings', () => {
      it('starts inactive without a webhook', async () => {
        const user = await register(ctx.app);
        const res = await authed(ctx.app, user.token, 'GET', '/api/signals/settings');
        expect(res.json()).toEqual({
          hasWebhook: false,
          maskedWebhookUrl: null,
          active: false,
          types: { positions: true, orders: true, cancels: true },
        });
      });

      it.each([
        ['another host', 'https://evil.example/api/webhooks/1/x'],
        ['plain http Discord', 'http://discord.com/api/webhooks/1/x'],
        ['a loopback port not allowed', 'http://127.0.0.1:1/hook'],
      ])('refuses %s', async (_scenario, webhookUrl) => {
        const user = await register(ctx.app);
        const res = await put(user.token, { webhookUrl, active: true });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual({
          code: 'VALIDATION_ERROR',
          field: 'webhookUrl',
          message: 'Invalid Discord webhook URL format',
        });
      });

      it('activates with a webhook and shows it only masked', async () => {
        const user = await register(ctx.app);
        const saved = await put(user.token, {
          webhookUrl: DISCORD,
          active: true,
          types: { positions: false, orders: true, cancels: true },
        });
        expect(saved.json()).toEqual({
          message: 'Discord signals activated and configuration saved',
          settings: {
            hasWebhook: true,
            maskedWebhookUrl: 'https://discord.com/api/webhooks/123456789012345678/****',
            active: true,
            types: { positions: false, orders: true, cancels: true },
          },
        });
        const read = await authed(ctx.app, user.token, 'GET', '/api/signals/settings');
        expect(read.json()).toEqual(saved.json().settings);
        expect(saved.body + read.body).not.toContain('SeCrEt');

        // Absent keeps the stored URL; active false keeps it too.
        const paused = await put(user.token, { active: false });
        expect(paused.json().message).toBe(
          'Discord webhook configuration saved (signals inactive)',
        );
        expect(paused.json().settings).toMatchObject({ hasWebhook: true, active: false });
        // null removes it, and without a webhook nothing can be active.
        const removed = await put(user.token, { webhookUrl: null, active: true });
        expect(removed.json()).toMatchObject({
          message: 'Discord webhook configuration saved (signals inactive)',
          settings: { hasWebhook: false, maskedWebhookUrl: null, active: false },
        });
      });
    });

    describe('test signals', () => {
      it('needs a saved webhook', async () => {
        const user = await register(ctx.app);
        const res = await authed(ctx.app, user.token, 'POST', '/api/signals/test');
        expect(res.statusCode).toBe(400);
      });

      it('sends the positions and orders tables (empty with notes), then throttles', async () => {
        const user = await subscriber('/test-empty');
        // The throttle counts on the app's clock: fixed, the second signal comes 0 s after the
        // first however long the first took.
        ctx.clock.set(ctx.clock.now());
        const res = await authed(ctx.app, user.token, 'POST', '/api/signals/test');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
          message: 'Test signals sent successfully!',
          notes: [
            'No open positions to send. Sending empty positions table.',
            'No open orders to send. Sending empty orders table.',
          ],
        });
        const [sent] = messagesTo('/test-empty');
        expect(titles(sent!.body)).toEqual(['📊 Open positions', '📋 Open orders']);
        expect((sent!.body as Message).username).toBe('Trading Bingo');

        const again = await authed(ctx.app, user.token, 'POST', '/api/signals/test');
        expect(again.statusCode).toBe(429);
        expect(again.json().error.code).toBe('RATE_LIMITED');
        expect(again.json().error.message).toMatch(/Try again in 5 s\.$/);
        expect(messagesTo('/test-empty')).toHaveLength(1);
      });

      it('answers 502 with the reason when the webhook refuses', async () => {
        const user = await subscriber('/test-refused');
        receiver!.state.status = 404;
        const res = await authed(ctx.app, user.token, 'POST', '/api/signals/test');
        expect(res.statusCode).toBe(502);
        expect(res.json().error).toEqual({
          code: 'WEBHOOK_ERROR',
          message: 'Failed to send test signals: the webhook answered 404',
        });
      });

      it('sends the open positions of a paper account, active or not', async () => {
        const user = await register(ctx.app);
        await put(user.token, { webhookUrl: receiver!.url('/test-positions'), active: false });
        await authed(ctx.app, user.token, 'POST', '/api/users/exchanges', {
          exchangeId: 'hyperliquid',
          network: 'paper',
        });
        const placed = await authed(ctx.app, user.token, 'POST', '/api/exchange/order', {
          symbol: 'BTC',
          side: 'buy',
          size: 0.001,
          orderType: 'market',
        });
        expect(placed.statusCode).toBe(201);
        const res = await authed(ctx.app, user.token, 'POST', '/api/signals/test');
        expect(res.json().notes).toEqual(['No open orders to send. Sending empty orders table.']);
        const [sent] = await waitForPath('/test-positions');
        expect((sent!.body as Message).embeds[0]!.description).toContain('BTC-USD');
        expect(messagesTo('/test-positions')).toHaveLength(1);
      });
    });

    describe('event signals from the exchange proxy', () => {
      const connectPaper = (token: string) =>
        authed(ctx.app, token, 'POST', '/api/users/exchanges', {
          exchangeId: 'hyperliquid',
          network: 'paper',
        });

      it('reports a filled order with the positions table, without delaying the order', async () => {
        const user = await subscriber('/event-fill');
        await connectPaper(user.token);
        receiver!.state.status = 500;
        const placed = await authed(ctx.app, user.token, 'POST', '/api/exchange/order', {
          symbol: 'BTC',
          side: 'buy',
          size: 0.001,
          orderType: 'market',
        });
        expect(placed.statusCode).toBe(201);
        const [message] = await waitForPath('/event-fill');
        expect(titles(message!.body)).toEqual([
          '🟢 Order placed: BUY BTC-USD',
          '📊 Open positions',
        ]);
      });

      it('reports a cancel, and leaves out disabled types', async () => {
        const user = await subscriber('/event-cancel', {
          positions: true,
          orders: false,
          cancels: true,
        });
        await connectPaper(user.token);
        const price = (
          await ctx.app.inject({ method: 'GET', url: '/api/exchange/price/BTC' })
        ).json().price as number;
        const placed = await authed(ctx.app, user.token, 'POST', '/api/exchange/order', {
          symbol: 'BTC',
          side: 'buy',
          size: 0.001,
          price: Math.floor(price * 0.9),
        });
        expect(placed.statusCode).toBe(201);
        const cancelled = await authed(
          ctx.app,
          user.token,
          'DELETE',
          `/api/exchange/order/${placed.json().data.id}?symbol=BTC`,
        );
        expect(cancelled.statusCode).toBe(200);
        const [message] = await waitForPath('/event-cancel');
        expect(titles(message!.body)).toEqual(['⚪ Order cancelled: BTC']);
        expect(messagesTo('/event-cancel')).toHaveLength(1);
      });

      it('sends nothing while signals are inactive', async () => {
        const user = await subscriber('/event-inactive');
        await put(user.token, { active: false });
        await connectPaper(user.token);
        // Every event signal's delivery, to wait for it to end instead of for a while.
        const deliveries = vi.spyOn(
          SignalsService.prototype as unknown as { deliver: () => Promise<void> },
          'deliver',
        );
        try {
          const placed = await authed(ctx.app, user.token, 'POST', '/api/exchange/order', {
            symbol: 'BTC',
            side: 'buy',
            size: 0.001,
            orderType: 'market',
          });
          expect(placed.statusCode, placed.body).toBe(201);
          expect(deliveries).toHaveBeenCalledTimes(1);
          await Promise.allSettled(deliveries.mock.results.map((result) => result.value));
        } finally {
          deliveries.mockRestore();
        }
        expect(messagesTo('/event-inactive')).toEqual([]);
      });
    });

    it('never logs the webhook URL', () => {
      const logs = ctx.logs.join('\n');
      expect(logs).not.toContain('SeCrEt');
      expect(logs).not.toContain('/event-fill');
    });
  },
  {
    captureLogs: true,
    env: async () => {
      receiver ??= await webhookReceiver();
      return { SIGNAL_TEST_ORIGINS: receiver.origin };
    },
  },
);
