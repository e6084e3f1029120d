import { screen, within } from '@testing-library/react';
import type { PublicUser } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { authKeys } from '@/features/auth';
import { calls, errorBody } from '@/test/fetch-mock';
import { publicUser } from '@/test/render-app';
import { activeMonthly, openProfile, subscriptionResponse } from './test-fixtures';

const card = async () =>
  within((await screen.findByRole('heading', { name: 'Subscription' })).closest('section')!);
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
const fact = (scope: ReturnType<typeof within>, term: string) =>
  scope.getByText(term, { selector: 'dt' }).nextElementSibling;

const premiumUser = () =>
  publicUser({ username: 'ada', isPaidUser: true, subscription: activeMonthly });
const active = () => subscriptionResponse({ subscription: activeMonthly, isPaidUser: true });

describe('subscription card', () => {
  it('shows status, plan, end date and the remaining days the server counted', async () => {
    openProfile({
      'GET /users/me': () => ({ status: 200, body: premiumUser() }),
      'GET /subscription': () => ({ status: 200, body: active() }),
    });
    const sub = await card();
    expect(await sub.findByText('Active')).toBeVisible();
    expect(fact(sub, 'Plan')).toHaveTextContent('Monthly');
    expect(fact(sub, 'End date')).toHaveTextContent('1 Feb 2026');
    expect(fact(sub, 'Remaining days')).toHaveTextContent('12');
    expect(sub.queryByRole('link', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });

  it('cancels after confirmation: POST, notification, then cancelled with the same end date', async () => {
    const cancelled = { ...activeMonthly, active: false };
    let done = false;
    const { user, fetch, queryClient } = openProfile({
      'GET /users/me': () => ({
        status: 200,
        body: done ? { ...premiumUser(), subscription: cancelled } : premiumUser(),
      }),
      'GET /subscription': () => ({ status: 200, body: active() }),
      'POST /subscription/cancel': () => {
        done = true;
        return {
          status: 200,
          body: {
            ...active(),
            subscription: cancelled,
            message: 'Subscription cancelled successfully',
          },
        };
      },
    });
    const sub = await card();
    await user.click(await sub.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(
      dialog.getByText(
        'Cancel your subscription? You keep premium access until the end of the period you paid for.',
      ),
    ).toBeVisible();
    expect(calls(fetch)).not.toContain('POST /api/subscription/cancel');
    await user.click(dialog.getByRole('button', { name: 'Cancel subscription' }));

    expect(await toasts().findByText('Subscription cancelled successfully')).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/subscription/cancel');
    expect(await sub.findByText('Cancelled — access until 1 Feb 2026')).toBeVisible();
    expect(fact(sub, 'End date')).toHaveTextContent('1 Feb 2026');
    expect(fact(sub, 'Remaining days')).toHaveTextContent('12');
    expect(sub.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    const me = queryClient.getQueryData<PublicUser>(authKeys.me);
    expect(me?.subscription.active).toBe(false);
    expect(me?.isPaidUser).toBe(true);
  });

  it('keeps the subscription when the dialog is dismissed', async () => {
    const { user, fetch } = openProfile({
      'GET /users/me': () => ({ status: 200, body: premiumUser() }),
      'GET /subscription': () => ({ status: 200, body: active() }),
    });
    const sub = await card();
    await user.click(await sub.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Keep subscription' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls(fetch)).not.toContain('POST /api/subscription/cancel');
    expect(sub.getByText('Active')).toBeVisible();
  });

  it('says so when cancelling fails and stays active', async () => {
    const { user } = openProfile({
      'GET /users/me': () => ({ status: 200, body: premiumUser() }),
      'GET /subscription': () => ({ status: 200, body: active() }),
      'POST /subscription/cancel': () => ({ status: 500 }),
    });
    const sub = await card();
    await user.click(await sub.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancel subscription',
      }),
    );
    expect(await toasts().findByText('Failed to cancel subscription')).toBeVisible();
    expect(sub.getByText('Active')).toBeVisible();
  });

  it('starts the free 3-day plan and becomes premium', async () => {
    let premium = false;
    const trial = {
      active: true,
      plan: 'free' as const,
      startDate: '2026-01-20T12:00:00.000Z',
      endDate: '2026-01-23T12:00:00.000Z',
      remainingDays: 3,
    };
    const { user, fetch } = openProfile({
      'GET /users/me': () => ({
        status: 200,
        body: premium
          ? publicUser({ username: 'ada', isPaidUser: true, subscription: trial })
          : publicUser({ username: 'ada' }),
      }),
      'POST /subscription/free-trial': () => {
        premium = true;
        return {
          status: 201,
          body: subscriptionResponse({
            subscription: trial,
            isPaidUser: true,
            freeTrial: { available: false, nextClaimAt: '2026-02-19T12:00:00.000Z' },
            message: 'Your free 3-day premium plan is active. Enjoy!',
          }),
        };
      },
    });
    const sub = await card();
    expect(await sub.findByText('You have no subscription.')).toBeVisible();
    expect(sub.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/payment',
    );
    await user.click(sub.getByRole('button', { name: 'Start free 3-day plan' }));

    expect(
      await toasts().findByText('Your free 3-day premium plan is active. Enjoy!'),
    ).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/subscription/free-trial');
    expect(fact(sub, 'Plan')).toHaveTextContent('Free (3 days)');
    expect(fact(sub, 'Remaining days')).toHaveTextContent('3');
    expect(await screen.findByText('Premium User')).toBeVisible();
    expect(sub.queryByRole('button', { name: 'Start free 3-day plan' })).not.toBeInTheDocument();
  });

  it('shows when the free plan can be claimed again instead of the button', async () => {
    openProfile({
      'GET /subscription': () => ({
        status: 200,
        body: subscriptionResponse({
          freeTrial: { available: false, nextClaimAt: '2026-02-19T12:00:00.000Z' },
        }),
      }),
    });
    const sub = await card();
    expect(
      await sub.findByText('The free 3-day plan is available again on 19 Feb 2026.'),
    ).toBeVisible();
    expect(sub.queryByRole('button', { name: 'Start free 3-day plan' })).not.toBeInTheDocument();
  });

  it('shows the server refusal of the free plan', async () => {
    const { user } = openProfile({
      'POST /subscription/free-trial': () => ({
        status: 409,
        body: errorBody('CONFLICT', 'You already have premium access'),
      }),
    });
    const sub = await card();
    await user.click(await sub.findByRole('button', { name: 'Start free 3-day plan' }));
    expect(await toasts().findByText('You already have premium access')).toBeVisible();
  });

  it('shows the load error with a retry that works', async () => {
    let fail = true;
    const { user } = openProfile({
      'GET /subscription': () =>
        fail ? { status: 500 } : { status: 200, body: subscriptionResponse() },
    });
    const sub = await card();
    expect(await sub.findByRole('alert')).toHaveTextContent(
      'Failed to load subscription information',
    );
    fail = false;
    await user.click(sub.getByRole('button', { name: 'Try again' }));
    expect(await sub.findByText('You have no subscription.')).toBeVisible();
  });
});
