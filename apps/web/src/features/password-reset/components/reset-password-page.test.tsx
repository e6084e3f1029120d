import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls, errorBody, stubFetch, type MockReply } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const TOKEN = 'a-reset-token-from-the-mail-0123456789';

async function openPage(reply: MockReply, path = `/reset-password/${TOKEN}`, fakeTimers = false) {
  const fetch = stubFetch(() => reply);
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const app = renderApp(path, fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
  return { ...app, fetch };
}

async function submit(
  user: Awaited<ReturnType<typeof openPage>>['user'],
  password: string,
  confirm: string,
) {
  if (password) await user.type(screen.getByLabelText('New Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('reset password page', () => {
  it('needs at least 6 characters and a matching confirmation', async () => {
    const { user, fetch } = await openPage({ status: 500 });
    await submit(user, '12345', '1234');
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says "Invalid reset token" without a token', async () => {
    const { user, fetch } = await openPage({ status: 500 }, '/reset-password');
    await submit(user, 'new-pass-1', 'new-pass-1');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid reset token');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('resets, confirms and after 2 s goes Home with the Login dialog open', async () => {
    const { user, fetch } = await openPage(
      { status: 200, body: { message: 'Password reset successful! Redirecting to login...' } },
      undefined,
      true,
    );
    await submit(user, 'new-pass-1', 'new-pass-1');
    expect(
      await screen.findByText('Password reset successful! Redirecting to login...'),
    ).toBeVisible();
    expect(calls(fetch)).toEqual([`POST /api/users/reset-password/${TOKEN}`]);
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({
      password: 'new-pass-1',
    });

    await act(() => vi.advanceTimersByTimeAsync(1_800));
    expect(screen.getByTestId('location')).toHaveTextContent(`/reset-password/${TOKEN}`);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeVisible();
  });

  it('shows the server message on failure', async () => {
    const { user } = await openPage({
      status: 400,
      body: errorBody('INVALID_TOKEN', 'This reset link is invalid or has expired.'),
    });
    await submit(user, 'new-pass-1', 'new-pass-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired.',
    );
  });

  it('falls back to "Failed to reset password"', async () => {
    const { user } = await openPage({ status: 503 });
    await submit(user, 'new-pass-1', 'new-pass-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password');
  });
});
