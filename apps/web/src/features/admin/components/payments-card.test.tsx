import { screen, within } from '@testing-library/react';
import { PAYMENT_STATE_LABELS, PaymentStateSchema } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { calls } from '@/test/fetch-mock';
import { openAdmin, payments, type Routes } from '../test-fixtures';

const listed: Routes = {
  'GET /admin/payments': () => ({ status: 200, body: { payments } }),
};

const table = () => screen.findByRole('table', { name: 'Payments, newest first' });
const card = async () =>
  within((await screen.findByRole('heading', { name: 'Payments' })).closest('section')!);

describe('admin payments', () => {
  it('lists user, plan, amount in USD and in the paid coin, state, created and activated', async () => {
    const { fetch } = await openAdmin(listed);
    const list = await table();
    expect(calls(fetch)).toContain('GET /api/admin/payments?limit=50');
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [partial, paid, waiting] = rows.map((row) => within(row));

    expect(partial!.getByRole('rowheader')).toHaveTextContent('bob');
    expect(partial!.getByText('Monthly')).toBeVisible();
    expect(partial!.getByText('$9')).toBeVisible();
    expect(partial!.getByText('0.004 ETH')).toBeVisible();
    expect(partial!.getByText('received 0.003 ETH')).toBeVisible();
    expect(partial!.getByText('Partially paid')).toBeVisible();
    expect(partial!.getByText('2 Mar 2026, 08:00 UTC')).toBeVisible();
    expect(partial!.getByText('Not activated')).toBeVisible();

    expect(paid!.getByRole('rowheader')).toHaveTextContent('alice');
    expect(paid!.getByText('Quarterly')).toBeVisible();
    expect(paid!.getByText('$20')).toBeVisible();
    expect(paid!.getByText('0.0005 BTC')).toBeVisible();
    expect(paid!.queryByText(/^received/)).not.toBeInTheDocument();
    expect(paid!.getByText('Paid')).toBeVisible();
    expect(paid!.getByText('NOWPayments id 5524759814')).toBeVisible();
    expect(paid!.getByText('1 Mar 2026, 10:00 UTC')).toBeVisible();
    expect(paid!.getByText('1 Mar 2026, 10:20 UTC')).toBeVisible();

    expect(waiting!.getByRole('rowheader')).toHaveTextContent('Deleted user');
    expect(waiting!.getByText('$60')).toBeVisible();
    expect(waiting!.getByText('Coin not chosen yet')).toBeVisible();
    expect(waiting!.getByText('Waiting for payment')).toBeVisible();
  });

  it('filters by state on the server, with All and every state to choose from', async () => {
    const { user, fetch } = await openAdmin({
      'GET /admin/payments': (req) => {
        const state = new URLSearchParams(req.path.split('?')[1]).get('state');
        const chosen = state ? payments.filter((p) => p.state === state) : payments;
        return { status: 200, body: { payments: chosen } };
      },
    });
    await table();
    const filter = (await card()).getByRole('combobox', { name: 'Payment state' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All states', ...PaymentStateSchema.options.map((s) => PAYMENT_STATE_LABELS[s])]);

    await user.selectOptions(filter, 'Partially paid');
    expect(calls(fetch)).toContain('GET /api/admin/payments?state=partially_paid&limit=50');
    const list = await table();
    await within(list).findByText('bob');
    expect(within(list).getAllByRole('row')).toHaveLength(2);

    await user.selectOptions(filter, 'Expired');
    expect(await (await card()).findByText('No payments are expired')).toBeVisible();

    await user.selectOptions(filter, 'All states');
    expect(within(await table()).getAllByRole('row')).toHaveLength(4);
  });

  it('says when there are no payments yet', async () => {
    await openAdmin({ 'GET /admin/payments': () => ({ status: 200, body: { payments: [] } }) });
    expect(await (await card()).findByText('No payments yet')).toBeVisible();
  });

  it('shows a failed list with a retry', async () => {
    let fail = true;
    const { user } = await openAdmin({
      'GET /admin/payments': () =>
        fail ? { status: 500 } : { status: 200, body: { payments: payments.slice(1, 2) } },
    });
    const section = await card();
    expect(await section.findByRole('alert')).toHaveTextContent('Failed to load the payments');
    fail = false;
    await user.click(section.getByRole('button', { name: 'Try again' }));
    expect(await within(await table()).findByText('alice')).toBeVisible();
  });
});
