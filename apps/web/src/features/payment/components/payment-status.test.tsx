import { act, screen, waitFor, within } from '@testing-library/react';
import type { Payment } from '@tb/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, errorBody } from '@/test/fetch-mock';
import { publicUser } from '@/test/render-app';
import { PAYMENT_POLL_MS } from '../api';
import { INVOICE_URL, noSubscription, openPayment, paymentFixture, plan } from './test-fixtures';

const ada = { username: 'ada' };
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** /payment?payment=p1 (and `extra` query), the server answering `current()` for it. */
function returnFromProvider(current: () => Payment, extra = '', premium = () => false) {
  const view = openPayment(
    {
      'GET /payments/p1': () => ({ status: 200, body: { payment: current() } }),
      'GET /users/me': () => ({
        status: 200,
        body: publicUser({ username: 'ada', isPaidUser: premium() }),
      }),
      'GET /subscription': () => ({
        status: 200,
        body: noSubscription({ isPaidUser: premium() }),
      }),
    },
    ada,
    `/payment?payment=p1${extra}`,
    { advanceTimers: (ms) => vi.advanceTimersByTime(ms) },
  );
  const reads = () => calls(view.fetch).filter((c) => c === 'GET /api/payments/p1').length;
  return { ...view, reads };
}

const panel = async () => within(await screen.findByRole('region', { name: 'Your payment' }));

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('payment page: the payment the trader comes back with', () => {
  it('shows plan, price and state in a polite live region, with the invoice to go back to', async () => {
    returnFromProvider(() => paymentFixture());
    const region = await screen.findByRole('region', { name: 'Your payment' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    const status = within(region);
    expect(await status.findByText('Waiting for payment')).toBeVisible();
    expect(status.getByText(/Quarterly plan/)).toBeVisible();
    expect(status.getByText('$20')).toBeVisible();
    expect(status.getByRole('link', { name: 'Continue payment' })).toHaveAttribute(
      'href',
      INVOICE_URL,
    );
  });

  it('reads the state every 5 s until it is paid, then shows Premium at once and stops', async () => {
    let payment = paymentFixture();
    let premium = false;
    const { reads, fetch } = returnFromProvider(
      () => payment,
      '',
      () => premium,
    );
    const status = await panel();
    await status.findByText('Waiting for payment');
    expect(reads()).toBe(1);

    payment = paymentFixture({ state: 'confirming', payCurrency: 'btc' });
    await wait(PAYMENT_POLL_MS);
    expect(await status.findByText('Confirming')).toBeVisible();
    expect(reads()).toBe(2);
    expect(status.queryByRole('link', { name: 'Continue payment' })).not.toBeInTheDocument();

    const meBefore = calls(fetch).filter((c) => c === 'GET /api/users/me').length;
    payment = paymentFixture({
      state: 'paid',
      invoiceUrl: null,
      activatedAt: '2026-01-20T12:20:00.000Z',
    });
    premium = true;
    await wait(PAYMENT_POLL_MS);
    expect(await status.findByText('Paid')).toBeVisible();
    expect(status.getByText(/Premium is active/)).toBeVisible();
    expect(status.getByRole('link', { name: 'See it on your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    // The user and the subscription are read again: the page knows the trader is premium.
    await waitFor(() =>
      expect(calls(fetch).filter((c) => c === 'GET /api/users/me').length).toBeGreaterThan(
        meBefore,
      ),
    );
    expect(await (await plan('Free')).findByText('You already have premium')).toBeVisible();

    const final = reads();
    await wait(3 * PAYMENT_POLL_MS);
    expect(reads()).toBe(final);
  });

  it('partially paid: says how much is missing, links to the invoice and keeps reading', async () => {
    const { reads } = returnFromProvider(() =>
      paymentFixture({
        state: 'partially_paid',
        payCurrency: 'btc',
        payAmount: 0.0005,
        actuallyPaid: 0.00038,
        missing: 0.00012,
      }),
    );
    const status = await panel();
    expect(await status.findByText('Partially paid')).toBeVisible();
    expect(
      status.getByText('0.00012 BTC more is needed: paid 0.00038 BTC of 0.0005 BTC.'),
    ).toBeVisible();
    expect(status.getByRole('link', { name: 'Continue payment' })).toHaveAttribute(
      'href',
      INVOICE_URL,
    );
    const before = reads();
    await wait(PAYMENT_POLL_MS);
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('cancelled on the provider’s page: says nothing was charged while it waits', async () => {
    returnFromProvider(() => paymentFixture(), '&cancelled=1');
    const status = await panel();
    expect(
      await status.findByText('You cancelled the payment. Nothing was charged.'),
    ).toBeVisible();
  });

  it('cancelled, but the payment arrived after all: the state wins', async () => {
    returnFromProvider(() => paymentFixture({ state: 'confirming' }), '&cancelled=1');
    const status = await panel();
    expect(await status.findByText('Confirming')).toBeVisible();
    expect(status.queryByText(/You cancelled the payment/)).not.toBeInTheDocument();
  });

  it.each([
    ['expired', 'Expired', /invoice expired before a payment arrived/],
    ['failed', 'Failed', /payment failed/],
    ['refunded', 'Refunded', /refunded/],
  ] as const)('%s: says so and stops reading', async (state, label, words) => {
    const { reads } = returnFromProvider(() => paymentFixture({ state, invoiceUrl: null }));
    const status = await panel();
    expect(await status.findByText(label)).toBeVisible();
    expect(status.getByText(words)).toBeVisible();
    expect(status.queryByRole('link', { name: 'Continue payment' })).not.toBeInTheDocument();
    await wait(2 * PAYMENT_POLL_MS);
    expect(reads()).toBe(1);
  });

  it('shows the server’s refusal (someone else’s payment) with a retry', async () => {
    openPayment(
      {
        'GET /payments/p1': () => ({
          status: 404,
          body: errorBody('NOT_FOUND', 'Payment not found'),
        }),
      },
      ada,
      '/payment?payment=p1',
    );
    const status = await panel();
    expect(await status.findByRole('alert')).toHaveTextContent('Payment not found');
    expect(status.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('signed out: asks to log in to see the payment, without asking the server', async () => {
    const { user, fetch } = openPayment({}, undefined, '/payment?payment=p1');
    const status = await panel();
    await user.click(status.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(calls(fetch)).not.toContain('GET /api/payments/p1');
  });

  it('without ?payment there is no status panel', async () => {
    openPayment({}, ada);
    await plan('Monthly');
    expect(screen.queryByRole('region', { name: 'Your payment' })).not.toBeInTheDocument();
  });
});
