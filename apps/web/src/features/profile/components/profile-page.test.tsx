import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls } from '@/test/fetch-mock';
import { publicUser } from '@/test/render-app';
import { activeMonthly, openProfile, subscriptionResponse } from './test-fixtures';

describe('profile page', () => {
  it('shows the user, the Normal User badge and Email Verified', async () => {
    openProfile({
      'GET /users/me': () => ({
        status: 200,
        body: publicUser({ username: 'ada', email: 'ada@example.com' }),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    // The address in pieces it may wrap between (EmailText), read whole.
    expect(await screen.findByTitle('ada@example.com')).toHaveTextContent(/^ada@example\.com$/);
    expect(screen.getByText('Normal User')).toBeVisible();
    expect(screen.getByText('Email Verified')).toBeVisible();
    expect(await screen.findByText('You have no subscription.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/payment',
    );
  });

  it.each([
    ['an admin', { isAdmin: true, isPaidUser: false }, ['Admin User']],
    // Issue 26: an admin granted premium showed no Premium badge.
    ['a premium admin', { isAdmin: true, isPaidUser: true }, ['Admin User', 'Premium User']],
    ['a premium user', { isAdmin: false, isPaidUser: true }, ['Premium User']],
    ['a normal user', { isAdmin: false, isPaidUser: false }, ['Normal User']],
  ])('shows the role badges of %s', async (_name, flags, labels) => {
    openProfile({ 'GET /users/me': () => ({ status: 200, body: publicUser(flags) }) });
    const account = within(await screen.findByRole('region', { name: 'Account' }));
    expect(await account.findByText(labels[0]!)).toBeVisible();
    const roles = account.queryAllByText(/^(Admin|Premium|Normal) User$/);
    expect(roles.map((el) => el.textContent)).toEqual(labels);
  });

  it('shows the premium badge and the subscription', async () => {
    openProfile({
      'GET /users/me': () => ({
        status: 200,
        body: publicUser({ isPaidUser: true, subscription: activeMonthly }),
      }),
      'GET /subscription': () => ({
        status: 200,
        body: subscriptionResponse({ subscription: activeMonthly, isPaidUser: true }),
      }),
    });
    expect(await screen.findByText('Premium User')).toBeVisible();
    expect(await screen.findByText('Monthly')).toBeVisible();
    expect(screen.getByText('12')).toBeVisible();
  });

  it('says when premium was granted by the team without a plan', async () => {
    openProfile({
      'GET /users/me': () => ({ status: 200, body: publicUser({ isPaidUser: true }) }),
      'GET /subscription': () => ({
        status: 200,
        body: subscriptionResponse({ isPaidUser: true }),
      }),
    });
    expect(await screen.findByText('Premium granted by the team: no end date.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });

  it('offers to resend the verification mail when the email is not verified', async () => {
    const { user, fetch } = openProfile({
      'GET /users/me': () => ({ status: 200, body: publicUser({ isEmailVerified: false }) }),
      'POST /auth/resend-verification': () => ({ status: 200, body: { message: 'sent' } }),
    });
    expect(await screen.findByText('Email not verified')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText('A new verification email has been sent. Please check your inbox.'),
    ).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/auth/resend-verification');
  });

  it('shows an error with a retry when the user cannot be loaded', async () => {
    openProfile({ 'GET /users/me': () => ({ status: 500 }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load user information');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
