import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { paymentEvents, payments } from '../../db/schema/index.js';
import { auditEntriesFor, authed, insertSubscription, register, roles } from '../../test/api.js';
import { FakeNowPayments, type FakeInvoice } from '../../test/fake-nowpayments.js';
import { describeEachDatabase } from '../../test/helper.js';

const DAY = 86_400_000;

/**
 * Issue 30: "Pay" makes a NOWPayments invoice for the trader and plan, and the provider's
 * signed IPNs activate the plan, once, whatever the order and number of deliveries. The fake
 * provider on loopback answers `POST /v1/invoice` and signs IPNs as NOWPayments documents.
 */
const provider = new FakeNowPayments('np-api-key-0123456789', 'np-ipn-secret-0123456789');

describeEachDatabase(
  'payments through NOWPayments',
  (ctx) => {
    let admin: Awaited<ReturnType<typeof register>>;
    beforeAll(async () => {
      ({ admin } = await roles(ctx.app, ctx.database));
    });

    const pay = (token: string, plan: string) =>
      authed(ctx.app, token, 'POST', '/api/payments', { plan });
    const deliver = (ipn: { body: object; headers: Record<string, string> }) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/nowpayments',
        payload: ipn.body,
        headers: ipn.headers,
      });
    const subscriptionOf = async (token: string) =>
      (await authed(ctx.app, token, 'GET', '/api/subscription')).json();
    const invoiceOf = (paymentId: string) =>
      provider.invoices.find((i) => i.order_id === paymentId) as FakeInvoice;
    /** A trader who opened an invoice for `plan`: the trader, the payment and the invoice. */
    async function opened(plan = 'quarterly') {
      const trader = await register(ctx.app);
      const res = await pay(trader.token, plan);
      expect(res.statusCode, res.body).toBe(201);
      const payment = res.json().payment;
      return { trader, payment, invoice: invoiceOf(payment.id) };
    }

    it('makes an invoice for the trader and plan, and sends the trader to its page', async () => {
      ctx.clock.set('2026-11-29T12:00:00Z');
      const { payment, invoice } = await opened('quarterly');
      expect(payment).toMatchObject({
        plan: 'quarterly',
        priceUsd: 20,
        state: 'waiting',
        invoiceUrl: invoice.invoice_url,
        activatedAt: null,
      });
      expect(invoice).toMatchObject({
        price_amount: 20,
        price_currency: 'usd',
        order_id: payment.id,
        ipn_callback_url: 'http://app.test/api/payments/nowpayments',
        success_url: `http://app.test/payment?payment=${payment.id}`,
        cancel_url: `http://app.test/payment?payment=${payment.id}&cancelled=1`,
      });
      expect(invoice.order_description).toMatch(/^Trading Bingo Quarterly plan \(90 days\) for /);
      const links = await ctx.app.inject({ method: 'GET', url: '/api/payment/links' });
      expect(links.json().checkout).toBe(true);
    });

    it('a finished payment makes the trader premium with that plan for its days, once', async () => {
      ctx.clock.set('2026-11-29T12:00:00Z');
      const { trader, payment, invoice } = await opened('quarterly');
      expect((await subscriptionOf(trader.token)).isPaidUser).toBe(false);
      const finished = provider.ipn(invoice, 'finished');
      const res = await deliver(finished);
      expect(res.statusCode, res.body).toBe(200);
      const sub = await subscriptionOf(trader.token);
      expect(sub.isPaidUser).toBe(true);
      expect(sub.subscription).toMatchObject({ plan: 'quarterly', active: true });
      expect(Date.parse(sub.subscription.endDate)).toBe(
        Date.parse('2026-11-29T12:00:00Z') + 90 * DAY,
      );
      const seen = (
        await authed(ctx.app, trader.token, 'GET', `/api/payments/${payment.id}`)
      ).json();
      expect(seen.payment).toMatchObject({ state: 'paid', invoiceUrl: null, payCurrency: 'btc' });
      const audit = (await auditEntriesFor(ctx.database, trader.id)).filter(
        (e) => e.action === 'payment.activated',
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]!.details).toMatchObject({ plan: 'quarterly', paymentId: payment.id });
      const receipt = (await ctx.mailer.settled()).filter(
        (m) => m.to === trader.email && m.subject === 'Receipt: Trading Bingo Quarterly plan',
      );
      expect(receipt).toHaveLength(1);
      // A replay changes nothing: the end date stays.
      const again = await deliver(finished);
      expect(again.json()).toEqual({ ok: true, message: 'Already applied' });
      const after = await subscriptionOf(trader.token);
      expect(after.subscription.endDate).toBe(sub.subscription.endDate);
      expect(
        (await ctx.mailer.settled()).filter(
          (m) => m.to === trader.email && /Receipt/.test(m.subject),
        ),
      ).toHaveLength(1);
    });

    it.each([
      [
        'a wrong signature',
        (i: FakeInvoice) => provider.ipn(i, 'finished', {}, 'not-the-secret-000'),
      ],
      [
        'a body changed after signing',
        (i: FakeInvoice) => {
          const ipn = provider.ipn(i, 'finished', { price_amount: 1 });
          return { ...ipn, body: { ...ipn.body, price_amount: 20 } };
        },
      ],
      ['no signature', (i: FakeInvoice) => ({ ...provider.ipn(i, 'finished'), headers: {} })],
    ])('refuses %s with 401 and changes nothing', async (_name, build) => {
      const { trader, payment, invoice } = await opened('monthly');
      const res = await deliver(build(invoice));
      expect(res.statusCode).toBe(401);
      expect((await subscriptionOf(trader.token)).isPaidUser).toBe(false);
      const [row] = await ctx.database.db
        .select()
        .from(payments)
        .where(eq(payments.id, payment.id));
      expect(row).toMatchObject({ state: 'waiting', activatedAt: null });
      const events = await ctx.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, payment.id));
      expect(events).toEqual([]);
    });

    it('a partial payment says what is missing and activates nothing; the rest completes it', async () => {
      const { trader, payment, invoice } = await opened('annual');
      const asked = Number((60 / 91_500).toFixed(8));
      const part = await deliver(
        provider.ipn(invoice, 'partially_paid', { actually_paid: Number((asked / 2).toFixed(8)) }),
      );
      expect(part.statusCode).toBe(200);
      const seen = (
        await authed(ctx.app, trader.token, 'GET', `/api/payments/${payment.id}`)
      ).json();
      expect(seen.payment).toMatchObject({ state: 'partially_paid', payCurrency: 'btc' });
      expect(seen.payment.missing).toBeCloseTo(asked / 2, 8);
      expect(seen.payment.invoiceUrl).toBe(invoice.invoice_url);
      expect((await subscriptionOf(trader.token)).isPaidUser).toBe(false);
      expect((await deliver(provider.ipn(invoice, 'finished'))).statusCode).toBe(200);
      expect((await subscriptionOf(trader.token)).subscription.plan).toBe('annual');
    });

    it.each([
      ['a price below the invoice', { price_amount: 5 }],
      ['another price currency', { price_currency: 'eur' }],
      ['less arrived than asked', { actually_paid: 0.0001, pay_amount: 0.0002 }],
    ])('a "finished" IPN with %s activates nothing', async (_name, change) => {
      const { trader, payment, invoice } = await opened('quarterly');
      expect((await deliver(provider.ipn(invoice, 'finished', change))).statusCode).toBe(200);
      expect((await subscriptionOf(trader.token)).isPaidUser).toBe(false);
      const seen = (
        await authed(ctx.app, trader.token, 'GET', `/api/payments/${payment.id}`)
      ).json();
      expect(seen.payment).toMatchObject({ state: 'partially_paid', activatedAt: null });
    });

    it('an IPN for an order the app does not know changes nothing (404)', async () => {
      const { invoice } = await opened('monthly');
      const before = await ctx.database.db.select().from(payments);
      for (const orderId of ['5f0c1d1e-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await deliver(provider.ipn({ ...invoice, order_id: orderId }, 'finished'));
        expect(res.statusCode).toBe(404);
      }
      expect(await ctx.database.db.select().from(payments)).toEqual(before);
    });

    it('IPNs delivered at once activate once', async () => {
      ctx.clock.set('2026-11-29T12:00:00Z');
      const { trader, invoice } = await opened('monthly');
      const answers = await Promise.all([
        deliver(provider.ipn(invoice, 'finished')),
        deliver(provider.ipn(invoice, 'finished')),
        deliver(provider.ipn(invoice, 'confirmed')),
        deliver(provider.ipn(invoice, 'finished')),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const sub = await subscriptionOf(trader.token);
      expect(Date.parse(sub.subscription.endDate)).toBe(
        Date.parse('2026-11-29T12:00:00Z') + 30 * DAY,
      );
      const audit = (await auditEntriesFor(ctx.database, trader.id)).filter(
        (e) => e.action === 'payment.activated',
      );
      expect(audit).toHaveLength(1);
    });

    it('extends a running plan from its end date, and a refund later takes nothing back', async () => {
      ctx.clock.set('2026-11-29T12:00:00Z');
      const { trader, invoice } = await opened('quarterly');
      const runningUntil = new Date('2026-12-20T00:00:00Z');
      await insertSubscription(ctx.database, {
        userId: trader.id,
        plan: 'monthly',
        startDate: new Date('2026-11-20T00:00:00Z'),
        endDate: runningUntil,
      });
      await deliver(provider.ipn(invoice, 'finished'));
      const sub = await subscriptionOf(trader.token);
      expect(Date.parse(sub.subscription.endDate)).toBe(runningUntil.getTime() + 90 * DAY);
      await deliver(provider.ipn(invoice, 'refunded'));
      const after = await subscriptionOf(trader.token);
      expect(after.subscription.endDate).toBe(sub.subscription.endDate);
      const list = (await authed(ctx.app, trader.token, 'GET', '/api/payments')).json();
      expect(list.payments[0]).toMatchObject({ state: 'refunded' });
    });

    it('keeps traders to their own payments, and lists all of them, filtered, to admins', async () => {
      const { payment } = await opened('monthly');
      const other = await register(ctx.app);
      const peek = await authed(ctx.app, other.token, 'GET', `/api/payments/${payment.id}`);
      expect(peek.statusCode).toBe(404);
      expect((await authed(ctx.app, other.token, 'GET', '/api/payments')).json()).toEqual({
        payments: [],
      });
      expect((await authed(ctx.app, other.token, 'GET', '/api/admin/payments')).statusCode).toBe(
        403,
      );
      const all = await authed(ctx.app, admin.token, 'GET', '/api/admin/payments?state=waiting');
      expect(all.statusCode).toBe(200);
      const mine = all.json().payments.find((p: { id: string }) => p.id === payment.id);
      expect(mine).toMatchObject({ state: 'waiting', user: { username: expect.any(String) } });
      expect(all.json().payments.every((p: { state: string }) => p.state === 'waiting')).toBe(true);
    });

    it('answers 502 and keeps no payment when the provider does not make the invoice', async () => {
      const trader = await register(ctx.app);
      provider.down = true;
      try {
        const res = await pay(trader.token, 'monthly');
        expect(res.statusCode).toBe(502);
        expect(res.json().error).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
      } finally {
        provider.down = false;
      }
      const rows = await ctx.database.db
        .select()
        .from(payments)
        .where(eq(payments.userId, trader.id));
      expect(rows).toEqual([]);
    });

    it('refuses a plan not on sale, and a caller who is not signed in', async () => {
      const trader = await register(ctx.app);
      const quick = await pay(trader.token, 'quick');
      expect(quick.statusCode).toBe(400);
      expect(quick.json().error.message).toBe('Plan must be monthly, quarterly or annual');
      const anon = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments',
        payload: { plan: 'monthly' },
      });
      expect(anon.statusCode).toBe(401);
    });
  },
  {
    env: async () => {
      if (!provider.url) await provider.start();
      return {
        NOWPAYMENTS_API_KEY: provider.apiKey,
        NOWPAYMENTS_IPN_SECRET: provider.ipnSecret,
        NOWPAYMENTS_API_URL: provider.url,
      };
    },
  },
);
