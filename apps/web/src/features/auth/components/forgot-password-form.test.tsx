import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { calls, errorBody, stubFetch, type MockReply } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

async function openReset(reply: MockReply, { fakeTimers = false } = {}) {
  const fetch = stubFetch(() => reply);
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const app = renderApp('/login', fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const login = await screen.findByRole('dialog', { name: 'Login' });
  await app.user.click(within(login).getByRole('button', { name: 'Forgot password?' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
  return { ...app, dialog, fetch };
}

describe('Reset Password dialog', () => {
  it('asks for the email first', async () => {
    const { user, dialog, fetch } = await openReset({ status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Please enter your email')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('confirms the link was sent and closes after 3 s', async () => {
    const { user, dialog, fetch } = await openReset(
      { status: 200, body: { message: 'Password reset link has been sent to your email' } },
      { fakeTimers: true },
    );
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText('Password reset link has been sent to your email'),
    ).toBeVisible();
    expect(calls(fetch)).toEqual(['POST /api/users/reset-password-request']);
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(screen.queryByRole('dialog', { name: 'Reset Password' })).not.toBeInTheDocument();
  });

  it('shows the server message, or "Failed to send reset link"', async () => {
    const { user, dialog } = await openReset({
      status: 429,
      body: errorBody('RATE_LIMITED', 'Too many attempts, try again later'),
    });
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many attempts, try again later',
    );
  });

  it('falls back to "Failed to send reset link"', async () => {
    const { user, dialog } = await openReset({ status: 500, body: 'oops' });
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to send reset link');
  });
});
