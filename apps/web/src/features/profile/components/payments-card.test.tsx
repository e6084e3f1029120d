import { screen, waitFor, within } from '@testing-library/react';
import type { Payment } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { calls, never } from '@/test/fetch-mock';
import { openProfile } from './test-fixtures';

const INVOICE = 'https://nowpayments.example/payment/?iid=1';

const payment = (over: Partial<Payment>): Payment => ({
  id: 'p1',
  plan: 'monthly',
  priceUsd: 9,
  state: 'waiting',
  invoiceUrl: INVOICE,
  payCurrency: null,
  payAmount: null,
  actuallyPaid: null,
  missing: null,
  createdAt: '2026-01-20T12:00:00.000Z',
  updatedAt: '2026-01-20T12:00:00.000Z',
  activatedAt: null,
  ...over,
});

const PAYMENTS = [
  payment({ id: 'p3', plan: 'annual', priceUsd: 60, createdAt: '2026-03-02T08:00:00.000Z' }),
  payment({
    id: 'p2',
    plan: 'quarterly',
    priceUsd: 20,
    state: 'partially_paid',
    invoiceUrl: 'https://nowpayments.example/payment/?iid=2',
    payCurrency: 'btc',
    payAmount: 0.0005,
    actuallyPaid: 0.00038,
    missing: 0.00012,
    createdAt: '2026-02-14T08:00:00.000Z',
  }),
  payment({
    id: 'p1',
    state: 'paid',
    invoiceUrl: null,
    activatedAt: '2026-01-20T12:30:00.000Z',
  }),
  payment({ id: 'p0', state: 'expired', createdAt: '2026-01-05T08:00:00.000Z' }),
];

const links = (checkout: boolean) => () => ({
  status: 200,
  body: { links: { monthly: null, quarterly: null, annual: null }, checkout },
});
const listed = (payments: Payment[]) => () => ({ status: 200, body: { payments } });
const card = async () => within(await screen.findByRole('region', { name: 'Payments' }));

describe('Profile → Payments', () => {
  it('lists each payment: date, plan, price, state, and a way back to an unfinished invoice', async () => {
    openProfile({ 'GET /payments': listed(PAYMENTS), 'GET /payment/links': links(true) });
    const items = await (await card()).findAllByRole('listitem');
    expect(items).toHaveLength(4);
    const [annual, quarterly, monthly, expired] = items.map((item) => within(item));

    expect(annual!.getByText('Annual')).toBeVisible();
    expect(annual!.getByText('$60')).toBeVisible();
    expect(annual!.getByText('2 Mar 2026')).toHaveAttribute('dateTime', PAYMENTS[0]!.createdAt);
    expect(annual!.getByText('Waiting for payment')).toBeVisible();
    expect(annual!.getByRole('link', { name: /^Continue payment/ })).toHaveAttribute(
      'href',
      INVOICE,
    );
    expect(annual!.getByRole('link', { name: /^Continue payment/ })).toHaveAccessibleName(
      'Continue payment: Annual, 2 Mar 2026',
    );

    expect(quarterly!.getByText('Partially paid')).toBeVisible();
    expect(
      quarterly!.getByText('0.00012 BTC more is needed: paid 0.00038 BTC of 0.0005 BTC.'),
    ).toBeVisible();
    expect(quarterly!.getByRole('link', { name: /^Continue payment/ })).toHaveAttribute(
      'href',
      'https://nowpayments.example/payment/?iid=2',
    );

    expect(monthly!.getByText('Paid')).toBeVisible();
    expect(monthly!.getByText('$9')).toBeVisible();
    expect(monthly!.queryByRole('link')).not.toBeInTheDocument();
    expect(expired!.getByText('Expired')).toBeVisible();
    expect(expired!.queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps the history when checkout is off', async () => {
    openProfile({ 'GET /payments': listed(PAYMENTS.slice(2)), 'GET /payment/links': links(false) });
    expect(await (await card()).findByText('Paid')).toBeVisible();
  });

  it('says "No payments yet" when checkout is on and there are none', async () => {
    openProfile({ 'GET /payment/links': links(true) });
    expect(await (await card()).findByText('No payments yet.')).toBeVisible();
  });

  it('is not there at all with checkout off and no payments', async () => {
    const { fetch } = openProfile();
    expect(await screen.findByText('You have no subscription.')).toBeVisible();
    await waitFor(() => expect(calls(fetch)).toContain('GET /api/payments'));
    await waitFor(() => expect(calls(fetch)).toContain('GET /api/payment/links'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Payments' })).not.toBeInTheDocument();
  });

  it('shows the loading state while the list loads (checkout on)', async () => {
    openProfile({ 'GET /payments': never, 'GET /payment/links': links(true) });
    expect((await card()).getByText('Loading your payments...')).toBeInTheDocument();
  });

  it('shows a failed list with a retry', async () => {
    let fail = true;
    const { user } = openProfile({
      'GET /payments': () => (fail ? { status: 500 } : listed(PAYMENTS.slice(2))()),
      'GET /payment/links': links(false),
    });
    const payments = await card();
    expect(await payments.findByRole('alert')).toHaveTextContent('Failed to load your payments');
    fail = false;
    await user.click(payments.getByRole('button', { name: 'Try again' }));
    expect(await payments.findByText('Paid')).toBeVisible();
  });
});
