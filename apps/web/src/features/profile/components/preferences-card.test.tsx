import { screen, within } from '@testing-library/react';
import type { PublicUser } from '@tb/core';
import { describe, expect, it } from 'vitest';
import { authKeys } from '@/features/auth';
import { calls, errorBody, type MockRequest } from '@/test/fetch-mock';
import { publicUser } from '@/test/render-app';
import { openProfile } from './test-fixtures';

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('trading day time zone', () => {
  it('starts from the saved zone, saves a new one and updates the user', async () => {
    let sent: MockRequest['body'];
    const { user, queryClient } = openProfile({
      'GET /users/me': () => ({
        status: 200,
        body: publicUser({ username: 'ada', timeZone: 'America/New_York' }),
      }),
      'PUT /users/time-zone': ({ body }) => {
        sent = body;
        return { status: 200, body: publicUser({ username: 'ada', timeZone: 'Europe/Paris' }) };
      },
    });
    const input = await screen.findByLabelText('Time zone of your trading day');
    expect(input).toHaveValue('America/New_York');
    expect(input).toHaveAccessibleDescription(
      /stoploss counter .* takes effect from your next trading day/,
    );
    const save = screen.getByRole('button', { name: 'Save time zone' });
    expect(save).toBeDisabled();
    expect(
      document.querySelector(`datalist#${CSS.escape(input.getAttribute('list')!)}`),
    ).toContainHTML('<option value="Europe/Paris">');

    await user.clear(input);
    await user.type(input, 'Europe/Paris');
    await user.click(save);
    expect(await toasts().findByText('Trading day time zone set to Europe/Paris')).toBeVisible();
    expect(sent).toEqual({ timeZone: 'Europe/Paris' });
    expect(queryClient.getQueryData<PublicUser>(authKeys.me)?.timeZone).toBe('Europe/Paris');
    expect(input).toHaveAccessibleDescription(/Now: Europe\/Paris/);
  });

  it('refuses an unknown zone before calling the server', async () => {
    const { user, fetch } = openProfile();
    const input = await screen.findByLabelText('Time zone of your trading day');
    await user.clear(input);
    await user.type(input, 'Mars/Base');
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(input).toHaveAccessibleDescription(
      'Time zone must be an IANA name such as Europe/Paris',
    );
    expect(calls(fetch)).not.toContain('PUT /api/users/time-zone');
  });

  it("shows the server's refusal on the field", async () => {
    const { user } = openProfile({
      'PUT /users/time-zone': () => ({
        status: 400,
        body: errorBody('VALIDATION_ERROR', 'Unknown time zone', 'timeZone'),
      }),
    });
    const input = await screen.findByLabelText('Time zone of your trading day');
    await user.clear(input);
    await user.type(input, 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText('Unknown time zone')).toBeVisible();
    expect(input).toHaveAccessibleDescription('Unknown time zone');
  });
});

describe('leaderboard switch', () => {
  it('leaves and joins the leaderboard with the server answer', async () => {
    const sent: unknown[] = [];
    const { user, queryClient } = openProfile({
      'PUT /users/leaderboard': ({ body }) => {
        sent.push(body);
        const { showOnLeaderboard } = body as { showOnLeaderboard: boolean };
        return { status: 200, body: publicUser({ username: 'ada', showOnLeaderboard }) };
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Show me on the leaderboard' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/username, number of trades/);

    await user.click(toggle);
    // The switch shows the request at once, not only when the mutation's state arrives.
    expect(toggle).not.toBeChecked();
    expect(await toasts().findByText('You left the leaderboard')).toBeVisible();
    expect(toggle).not.toBeChecked();
    expect(queryClient.getQueryData<PublicUser>(authKeys.me)?.showOnLeaderboard).toBe(false);

    await user.click(toggle);
    expect(await toasts().findByText('You are on the leaderboard again')).toBeVisible();
    expect(toggle).toBeChecked();
    expect(sent).toEqual([{ showOnLeaderboard: false }, { showOnLeaderboard: true }]);
  });

  it('goes back to the saved state when the call fails', async () => {
    const { user } = openProfile({ 'PUT /users/leaderboard': () => ({ status: 500 }) });
    const toggle = await screen.findByRole('switch', { name: 'Show me on the leaderboard' });
    await user.click(toggle);
    expect(await toasts().findByText('Failed to update your leaderboard setting')).toBeVisible();
    expect(toggle).toBeChecked();
  });
});

describe('close my positions when the session ends', () => {
  it('starts off, says what it does, and saves on the server at once', async () => {
    let sent: MockRequest['body'];
    const { user } = openProfile({
      'GET /users/settings': () => ({
        status: 200,
        body: { liveTradingEnabled: true, flattenOnSessionEnd: false },
      }),
      'PUT /users/settings': ({ body }) => {
        sent = body;
        return { status: 200, body: { liveTradingEnabled: true, flattenOnSessionEnd: true } };
      },
    });
    const toggle = await screen.findByRole('switch', {
      name: 'Close my positions when the session ends',
    });
    await expect.poll(() => (toggle as HTMLInputElement).disabled).toBe(false);
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/closes your open positions .* at market/);
    await user.click(toggle);
    expect(sent).toEqual({ flattenOnSessionEnd: true });
    await expect.poll(() => (toggle as HTMLInputElement).checked).toBe(true);
  });
});
