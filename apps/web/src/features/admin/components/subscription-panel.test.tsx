import type { SubscriptionResponse } from '@tb/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, errorBody, type MockRequest } from '@/test/fetch-mock';
import { bob, manage, openAdmin, subscriptionOf } from '../test-fixtures';

const extended: SubscriptionResponse = subscriptionOf(bob, {
  subscription: {
    ...bob.subscription,
    plan: 'quarterly',
    endDate: '2026-06-01T00:00:00.000Z',
    remainingDays: 102,
  },
});

/** Bob's subscription as the server keeps it: each change is what the next read returns. */
function subscriptionServer() {
  let current = subscriptionOf(bob);
  const bodies: { path: string; body: unknown }[] = [];
  const change = (next: SubscriptionResponse) => (req: MockRequest) => {
    bodies.push({ path: req.path, body: req.body });
    current = next;
    return { status: 200, body: next };
  };
  const routes = {
    'GET /users/u-bob/subscription': () => ({ status: 200, body: current }),
    'POST /users/u-bob/subscription/add': change(extended),
    'POST /users/u-bob/subscription/set-date': change(
      subscriptionOf(bob, {
        subscription: {
          ...bob.subscription,
          endDate: '2026-12-31T00:00:00.000Z',
          remainingDays: 300,
        },
      }),
    ),
    'POST /users/u-bob/subscription/cancel': change(
      subscriptionOf(bob, {
        subscription: { ...bob.subscription, active: false },
        message: 'Subscription cancelled successfully',
      }),
    ),
    'POST /users/u-alice/subscription/set-date': (req: MockRequest) => {
      bodies.push({ path: req.path, body: req.body });
      return {
        status: 409,
        body: errorBody('CONFLICT', 'This user has no subscription yet: add a plan first'),
      };
    },
  };
  return { routes, bodies };
}

async function openSubscription(username: string) {
  const server = subscriptionServer();
  const view = await openAdmin(server.routes);
  const actions = await manage(view.user, username);
  await view.user.click(within(actions).getByRole('button', { name: 'Manage subscription' }));
  const dialog = await screen.findByRole('dialog', { name: `Subscription of ${username}` });
  await within(dialog).findByRole('combobox', { name: 'Plan' });
  return { ...view, ...server, dialog };
}

const fact = (dialog: HTMLElement, term: string) =>
  within(dialog).getByText(term, { selector: 'dt' }).nextSibling;

describe('manage subscription', () => {
  it('shows the plan, status, end date and remaining days', async () => {
    const { dialog, fetch } = await openSubscription('bob');
    expect(calls(fetch)).toContain('GET /api/users/u-bob/subscription');
    expect(fact(dialog, 'Plan')).toHaveTextContent('Monthly');
    expect(fact(dialog, 'Status')).toHaveTextContent('Active');
    expect(fact(dialog, 'End date')).toHaveTextContent('3 Mar 2026');
    expect(fact(dialog, 'Remaining')).toHaveTextContent('12 days left');
  });

  it('adds the chosen plan', async () => {
    const { dialog, user, bodies } = await openSubscription('bob');
    const plan = within(dialog).getByRole('combobox', { name: 'Plan' });
    expect(
      within(plan)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Quick (10 days)', 'Monthly (30 days)', 'Quarterly (90 days)', 'Annual (365 days)']);
    await user.selectOptions(plan, 'quarterly');
    await user.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await screen.findByText('Quarterly plan added')).toBeVisible();
    expect(bodies).toEqual([
      { path: '/users/u-bob/subscription/add', body: { plan: 'quarterly' } },
    ]);
    await waitFor(() => expect(fact(dialog, 'End date')).toHaveTextContent('1 Jun 2026'));
    expect(within(dialog).getByLabelText('End date')).toHaveValue('2026-06-01');
    expect(within(dialog).getByRole('button', { name: 'Add plan' })).toHaveFocus();
  });

  it('sets the end date typed in', async () => {
    const { dialog, user, bodies } = await openSubscription('bob');
    const date = within(dialog).getByLabelText('End date');
    expect(date).toHaveValue('2026-03-03');
    fireEvent.change(date, { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Set end date' }));
    expect(date).toHaveAccessibleDescription('Choose an end date');
    expect(bodies).toEqual([]);

    fireEvent.change(date, { target: { value: '2026-12-31' } });
    await user.click(within(dialog).getByRole('button', { name: 'Set end date' }));
    expect(await screen.findByText('Subscription end date updated')).toBeVisible();
    await waitFor(() => expect(fact(dialog, 'End date')).toHaveTextContent('31 Dec 2026'));
    expect(bodies).toEqual([
      { path: '/users/u-bob/subscription/set-date', body: { endDate: '2026-12-31' } },
    ]);
  });

  it("shows the server's refusal to set a date without a subscription", async () => {
    const { dialog, user } = await openSubscription('alice');
    fireEvent.change(within(dialog).getByLabelText('End date'), {
      target: { value: '2026-12-31' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Set end date' }));
    expect(
      await screen.findByText('This user has no subscription yet: add a plan first'),
    ).toBeVisible();
  });

  it('cancels only after the confirmation', async () => {
    const { dialog, user, bodies } = await openSubscription('bob');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel subscription' });
    expect(confirm).toHaveTextContent(
      'Cancel the subscription of bob? They keep premium access until 3 Mar 2026.',
    );
    expect(bodies).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Subscription cancelled successfully')).toBeVisible();
    expect(bodies).toEqual([{ path: '/users/u-bob/subscription/cancel', body: undefined }]);
    await waitFor(() =>
      expect(fact(dialog, 'Status')).toHaveTextContent('Cancelled, access until the end date'),
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel subscription' })).toBeDisabled();
  });

  it('has nothing to cancel without an active subscription', async () => {
    const { dialog } = await openSubscription('alice');
    expect(fact(dialog, 'Plan')).toHaveTextContent('None');
    expect(within(dialog).getByRole('button', { name: 'Cancel subscription' })).toBeDisabled();
  });

  it("a failed load shows the server's message, Try again and Back", async () => {
    let fail = true;
    const { user } = await openAdmin({
      'GET /users/u-bob/subscription': () =>
        fail
          ? { status: 500, body: errorBody('INTERNAL_ERROR', 'Subscriptions are resting') }
          : { status: 200, body: subscriptionOf(bob) },
    });
    const actions = await manage(user, 'bob');
    await user.click(within(actions).getByRole('button', { name: 'Manage subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscription of bob' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Subscriptions are resting');
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeVisible();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fact(dialog, 'Plan')).toHaveTextContent('Monthly'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // One Back, in the cancel row, once the subscription is there.
    expect(within(dialog).getAllByRole('button', { name: 'Back' })).toHaveLength(1);
  });
});
