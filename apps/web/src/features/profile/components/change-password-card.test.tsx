import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, errorBody, type MockRequest } from '@/test/fetch-mock';
import { openProfile } from './test-fixtures';

const form = async () => within(await screen.findByRole('form', { name: 'Change password' }));
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

async function fill(
  user: ReturnType<typeof openProfile>['user'],
  values: { current?: string; next?: string; confirm?: string },
) {
  const f = await form();
  if (values.current) await user.type(f.getByLabelText('Current password'), values.current);
  if (values.next) await user.type(f.getByLabelText('New password'), values.next);
  if (values.confirm) await user.type(f.getByLabelText('Confirm new password'), values.confirm);
  await user.click(f.getByRole('button', { name: 'Change password' }));
  return f;
}

describe('change password', () => {
  it('checks the fields before calling the server', async () => {
    const { user, fetch } = openProfile();
    let f = await fill(user, {});
    expect(f.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is required',
    );
    expect(f.getByLabelText('Current password')).toHaveFocus();
    expect(f.getByLabelText('New password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters long',
    );

    f = await fill(user, { current: 'old-secret', next: 'new-secret', confirm: 'new-secrex' });
    expect(f.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    expect(calls(fetch)).not.toContain('PUT /api/users/password');
  });

  it('shows a wrong current password on that field, without a notification', async () => {
    const { user } = openProfile({
      'PUT /users/password': () => ({
        status: 400,
        body: errorBody('VALIDATION_ERROR', 'Current password is incorrect', 'currentPassword'),
      }),
    });
    const f = await fill(user, { current: 'wrong-one', next: 'new-secret', confirm: 'new-secret' });
    expect(await f.findByText('Current password is incorrect')).toBeVisible();
    expect(f.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is incorrect',
    );
    expect(f.getByLabelText('Current password')).toHaveFocus();
    expect(f.getByLabelText('New password')).toHaveValue('new-secret');
    expect(toasts().queryByText('Current password is incorrect')).not.toBeInTheDocument();
  });

  it('sends current and new password, shows the server message and clears the form', async () => {
    let sent: MockRequest['body'];
    const { user } = openProfile({
      'PUT /users/password': ({ body }) => {
        sent = body;
        return {
          status: 200,
          body: { message: 'Password changed. Other sessions were signed out.' },
        };
      },
    });
    const f = await fill(user, {
      current: 'old-secret',
      next: 'new-secret',
      confirm: 'new-secret',
    });
    expect(
      await toasts().findByText('Password changed. Other sessions were signed out.'),
    ).toBeVisible();
    expect(sent).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret' });
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(f.getByLabelText(label)).toHaveValue('');
    }
  });

  it('notifies other failures (too many tries) with the server message', async () => {
    const { user } = openProfile({
      'PUT /users/password': () => ({
        status: 429,
        body: errorBody('RATE_LIMITED', 'Too many attempts. Try again in 15 minutes.'),
      }),
    });
    await fill(user, { current: 'old-secret', next: 'new-secret', confirm: 'new-secret' });
    expect(await toasts().findByText('Too many attempts. Try again in 15 minutes.')).toBeVisible();
  });
});
