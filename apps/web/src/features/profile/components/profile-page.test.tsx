import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, stubFetch, type MockReply } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';

function openProfile(me: MockReply, other: MockReply = { status: 500 }) {
  signIn('ada');
  const fetch = stubFetch(({ path }) => (path === '/users/me' ? me : other));
  return { ...renderApp('/profile'), fetch };
}

describe('profile page', () => {
  it('shows the user, the Normal User badge and Email Verified', async () => {
    openProfile({ status: 200, body: publicUser({ username: 'ada', email: 'ada@example.com' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(await screen.findByText('ada@example.com')).toBeVisible();
    expect(screen.getByText('Normal User')).toBeVisible();
    expect(screen.getByText('Email Verified')).toBeVisible();
    expect(screen.getByText('You have no subscription.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/payment',
    );
  });

  it('prefers the admin badge, then premium', async () => {
    openProfile({ status: 200, body: publicUser({ isAdmin: true, isPaidUser: true }) });
    expect(await screen.findByText('Admin User')).toBeVisible();
    expect(screen.queryByText('Premium User')).not.toBeInTheDocument();
  });

  it('shows the premium badge and the subscription', async () => {
    openProfile({
      status: 200,
      body: publicUser({
        isPaidUser: true,
        subscription: {
          active: true,
          plan: 'monthly',
          startDate: '2026-01-01T00:00:00.000Z',
          endDate: '2026-02-01T00:00:00.000Z',
          remainingDays: 12,
        },
      }),
    });
    expect(await screen.findByText('Premium User')).toBeVisible();
    expect(screen.getByText('Monthly')).toBeVisible();
    expect(screen.getByText('12')).toBeVisible();
  });

  it('offers to resend the verification mail when the email is not verified', async () => {
    const { user, fetch } = openProfile(
      { status: 200, body: publicUser({ isEmailVerified: false }) },
      { status: 200, body: { message: 'sent' } },
    );
    expect(await screen.findByText('Email not verified')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText('A new verification email has been sent. Please check your inbox.'),
    ).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/auth/resend-verification');
  });

  it('shows an error with a retry when the user cannot be loaded', async () => {
    openProfile({ status: 500 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load user information');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
