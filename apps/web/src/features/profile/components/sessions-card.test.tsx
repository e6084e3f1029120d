import { screen, waitFor, within } from '@testing-library/react';
import type { UserSession } from '@tb/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, errorBody, never, type MockReply } from '@/test/fetch-mock';
import { readSession } from '@/lib/session';
import { openProfile } from './test-fixtures';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const minutesAgo = (n: number) => new Date(NOW - n * 60_000).toISOString();

const session = (over: Partial<UserSession>): UserSession => ({
  id: 's-this',
  device: 'Chrome on macOS',
  ipAddress: '203.0.113.7',
  createdAt: minutesAgo(120),
  lastSeenAt: minutesAgo(0),
  current: true,
  ...over,
});

const THIS = session({});
const PHONE = session({
  id: 's-phone',
  device: 'Safari on iOS',
  ipAddress: '198.51.100.23',
  lastSeenAt: minutesAgo(5),
  current: false,
});
const LAPTOP = session({
  id: 's-laptop',
  device: 'Firefox on Windows',
  ipAddress: null,
  lastSeenAt: minutesAgo(3 * 24 * 60),
  current: false,
});

const card = async () =>
  within((await screen.findByRole('heading', { name: 'Sessions' })).closest('section')!);
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
const listed = (data: UserSession[]) => ({ status: 200, body: { data } });

/** /profile with `sessions` answering GET /users/me/sessions and the sign-outs the test names. */
function open(sessions: () => MockReply, more: Record<string, () => MockReply> = {}) {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  return openProfile({ 'GET /users/me/sessions': sessions, ...more });
}

afterEach(() => vi.restoreAllMocks());

describe('Profile → Sessions', () => {
  it('lists each session: device, address, last seen (relative, the full time in a title)', async () => {
    open(() => listed([THIS, PHONE, LAPTOP]));
    const sessions = await card();
    const items = await sessions.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Chrome on macOS',
      'Safari on iOS',
      'Firefox on Windows',
    ]);
    const [current, phone, laptop] = items.map((item) => within(item));
    expect(current!.getByText('This device')).toBeVisible();
    expect(current!.getByText('203.0.113.7')).toBeVisible();
    expect(current!.getByText('Active now')).toBeVisible();
    expect(phone!.getByText('198.51.100.23')).toBeVisible();
    const seen = phone!.getByText('5 minutes ago');
    expect(seen.tagName).toBe('TIME');
    expect(seen).toHaveAttribute('dateTime', PHONE.lastSeenAt);
    expect(seen.getAttribute('title')).toMatch(/^10 Mar 2026, \d\d:55/);
    expect(phone!.queryByText('This device')).toBeNull();
    expect(laptop!.getByText('Unknown address')).toBeVisible();
    expect(laptop!.getByText('3 days ago')).toBeVisible();
  });

  it('offers "Sign out" on the other sessions only, each named for screen readers', async () => {
    open(() => listed([THIS, PHONE, LAPTOP]));
    const sessions = await card();
    await sessions.findByText('Safari on iOS');
    const buttons = sessions.getAllByRole('button', { name: /^Sign out Safari|^Sign out Firefox/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Sign out Safari on iOS (198.51.100.23)',
      'Sign out Firefox on Windows (unknown address)',
    ]);
    expect(sessions.queryByRole('button', { name: /Sign out Chrome/ })).toBeNull();
  });

  it('signs one session out and reads the list again', async () => {
    let data = [THIS, PHONE];
    const { user, fetch } = open(() => listed(data), {
      'DELETE /users/me/sessions/s-phone': () => {
        data = [THIS];
        return { status: 204 };
      },
    });
    const sessions = await card();
    await user.click(await sessions.findByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await toasts().findByText('Signed out Safari on iOS')).toBeVisible();
    await waitFor(() => expect(sessions.queryByText('Safari on iOS')).toBeNull());
    expect(calls(fetch)).toContain('DELETE /api/users/me/sessions/s-phone');
    expect(sessions.getByText('No other devices are signed in.')).toBeVisible();
  });

  it('asks before signing out every other device, and keeps this one', async () => {
    let data = [THIS, PHONE, LAPTOP];
    const { user, fetch } = open(() => listed(data), {
      'POST /users/me/sessions/revoke-others': () => {
        data = [THIS];
        return { status: 200, body: { revoked: 2 } };
      },
    });
    const sessions = await card();
    await user.click(await sessions.findByRole('button', { name: 'Sign out all other devices' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out other devices' });
    expect(dialog).toHaveTextContent('This device stays signed in.');
    // Cancel is where focus starts: Escape or Enter there changes nothing.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls(fetch)).not.toContain('POST /api/users/me/sessions/revoke-others');

    await user.click(sessions.getByRole('button', { name: 'Sign out all other devices' }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Sign out' }));
    expect(await toasts().findByText('Signed out 2 other devices')).toBeVisible();
    await waitFor(() => expect(sessions.queryByText('Firefox on Windows')).toBeNull());
    expect(calls(fetch)).toContain('POST /api/users/me/sessions/revoke-others');
    expect(sessions.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
    expect(readSession()).not.toBeNull();
  });

  it('says so when no other device is signed in', async () => {
    open(() => listed([THIS]));
    const sessions = await card();
    expect(await sessions.findByText('No other devices are signed in.')).toBeVisible();
    expect(sessions.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
  });

  it('shows a loading state, then an empty one when nothing is listed', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
    open(() => new Promise((resolve) => (answer = resolve)));
    const sessions = await card();
    expect(await sessions.findByText('Loading your sessions...')).toBeInTheDocument();
    answer(listed([]));
    expect(await sessions.findByText('No signed-in devices to show.')).toBeVisible();
  });

  it('shows the error with "Try again", which reads the list again', async () => {
    let fail = true;
    const { user } = open(() =>
      fail
        ? { status: 500, body: errorBody('INTERNAL_ERROR', 'Something went wrong') }
        : listed([THIS]),
    );
    const sessions = await card();
    expect(await sessions.findByText('Something went wrong')).toBeVisible();
    fail = false;
    await user.click(sessions.getByRole('button', { name: 'Try again' }));
    expect(await sessions.findByText('Chrome on macOS')).toBeVisible();
  });

  it('shows the server’s refusal of a sign-out', async () => {
    const { user } = open(() => listed([THIS, PHONE]), {
      'DELETE /users/me/sessions/s-phone': () => ({
        status: 404,
        body: errorBody('NOT_FOUND', 'Session not found'),
      }),
    });
    const sessions = await card();
    await user.click(await sessions.findByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await toasts().findByText('Session not found')).toBeVisible();
  });

  it('marks the button busy while its sign-out is under way', async () => {
    const { user } = open(() => listed([THIS, PHONE]), {
      'DELETE /users/me/sessions/s-phone': () => never(),
    });
    const sessions = await card();
    const button = await sessions.findByRole('button', { name: /^Sign out Safari on iOS/ });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
  });
});
