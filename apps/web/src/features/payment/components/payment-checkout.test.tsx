import { screen, waitFor } from '@testing-library/react';
import { subscriptionMessages } from '@tb/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, errorBody, type MockReply } from '@/test/fetch-mock';
import { hardNavigate } from '@/lib/navigation';
import { INVOICE_URL, linksAnswer, openPayment, paymentFixture, plan } from './test-fixtures';

vi.mock('@/lib/navigation', () => ({ hardNavigate: vi.fn() }));

beforeEach(() => vi.mocked(hardNavigate).mockClear());

const checkoutOn = { 'GET /payment/links': () => ({ status: 200, body: linksAnswer(true) }) };
const ada = { username: 'ada' };
const PROVIDER_DOWN = 'The payment provider did not answer. Nothing was charged; please try again.';

describe('payment page: NOWPayments checkout', () => {
  it('creates an invoice for the chosen plan, busy meanwhile, then goes to the invoice', async () => {
    let answer: (reply: MockReply) => void = () => {};
    const { user, fetch } = openPayment(
      {
        ...checkoutOn,
        'POST /payments': () => new Promise((resolve) => (answer = resolve)),
      },
      ada,
    );
    const quarterly = await plan('Quarterly');
    const pay = await quarterly.findByRole('button', { name: /^Pay with crypto/ });
    expect(pay).toHaveAccessibleName('Pay with crypto for the Quarterly plan');
    await user.click(pay);
    const busy = quarterly.getByRole('button', { name: /^Creating invoice/ });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ plan: 'quarterly' });
    expect(new Headers(post?.[1]?.headers).get('Authorization')).toBe('Bearer test-token');

    answer({ status: 201, body: { payment: paymentFixture() } });
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith(INVOICE_URL));
    // The browser is leaving: the button stays busy rather than inviting a second invoice.
    expect(quarterly.getByRole('button', { name: /^Creating invoice/ })).toBeDisabled();
  });

  it('offers the button on every plan, links or not, and no static link', async () => {
    openPayment(checkoutOn, ada);
    for (const name of ['Monthly', 'Quarterly', 'Annual']) {
      const card = await plan(name);
      expect(await card.findByRole('button', { name: /^Pay with crypto/ })).toBeEnabled();
      expect(card.queryByRole('link', { name: /Pay with crypto/ })).not.toBeInTheDocument();
      expect(card.queryByText(subscriptionMessages.paymentNotConfigured)).not.toBeInTheDocument();
    }
  });

  it('says the plan activates by itself, not through a payment note', async () => {
    openPayment(checkoutOn, ada);
    expect(await screen.findByText(/premium starts by itself/)).toBeVisible();
    expect(screen.queryByText(/payment note/)).not.toBeInTheDocument();
  });

  it('signed out: opens the login dialog instead of creating an invoice', async () => {
    const { user, fetch } = openPayment(checkoutOn);
    const monthly = await plan('Monthly');
    await user.click(await monthly.findByRole('button', { name: /^Pay with crypto/ }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(calls(fetch)).not.toContain('POST /api/payments');
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('shows the server’s message where the button is when the provider fails', async () => {
    const { user } = openPayment(
      {
        ...checkoutOn,
        'POST /payments': () => ({
          status: 502,
          body: errorBody('PAYMENT_PROVIDER_ERROR', PROVIDER_DOWN),
        }),
      },
      ada,
    );
    const annual = await plan('Annual');
    await user.click(await annual.findByRole('button', { name: /^Pay with crypto/ }));
    expect(await annual.findByRole('alert')).toHaveTextContent(PROVIDER_DOWN);
    expect(annual.getByRole('button', { name: /^Pay with crypto/ })).toBeEnabled();
    expect(hardNavigate).not.toHaveBeenCalled();
    // No notification on top of the message in the card.
    expect(screen.getAllByText(PROVIDER_DOWN)).toHaveLength(1);
  });

  it('signed out meanwhile (401): asks to log in again', async () => {
    const { user } = openPayment(
      {
        ...checkoutOn,
        'POST /payments': () => ({
          status: 401,
          body: errorBody('UNAUTHORIZED', 'Your session has ended'),
        }),
      },
      ada,
    );
    const monthly = await plan('Monthly');
    await user.click(await monthly.findByRole('button', { name: /^Pay with crypto/ }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('never sends the browser to an invoice address that is not a web page', async () => {
    const { user } = openPayment(
      {
        ...checkoutOn,
        'POST /payments': () => ({
          status: 201,
          body: { payment: paymentFixture({ invoiceUrl: 'javascript:alert(1)' }) },
        }),
      },
      ada,
    );
    const monthly = await plan('Monthly');
    await user.click(await monthly.findByRole('button', { name: /^Pay with crypto/ }));
    expect(await monthly.findByRole('alert')).toHaveTextContent(
      'The payment provider gave no invoice page. Nothing was charged; please try again.',
    );
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('checkout off: the static links stay', async () => {
    openPayment({}, ada);
    const monthly = await plan('Monthly');
    expect(await monthly.findByRole('link', { name: /^Pay with crypto/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(monthly.queryByRole('button', { name: /^Pay with crypto/ })).not.toBeInTheDocument();
    expect(await screen.findByText(/payment note/)).toBeVisible();
  });
});
