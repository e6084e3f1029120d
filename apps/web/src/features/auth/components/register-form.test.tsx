import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hardNavigate } from '@/lib/navigation';
import { calls, errorBody, stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { publicUser, renderApp } from '@/test/render-app';

vi.mock('@/lib/navigation', () => ({ hardNavigate: vi.fn() }));

async function openRegister(handler: (req: MockRequest) => MockReply, { fakeTimers = false } = {}) {
  const fetch = stubFetch(handler);
  // The clock still runs (so findBy* polls), but tests can jump it forward.
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const app = renderApp('/', fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  await app.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Login' }));
  const login = await screen.findByRole('dialog', { name: 'Login' });
  await app.user.click(within(login).getByRole('button', { name: 'Create an account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Register' });
  return { ...app, dialog, fetch };
}

async function fill(
  user: Awaited<ReturnType<typeof openRegister>>['user'],
  dialog: HTMLElement,
  values: { username: string; email: string; password: string; confirm: string },
) {
  const d = within(dialog);
  await user.type(d.getByLabelText('Username'), values.username);
  await user.type(d.getByLabelText('Email'), values.email);
  await user.type(d.getByLabelText('Password'), values.password);
  await user.type(d.getByLabelText('Confirm Password'), values.confirm);
  await user.click(d.getByRole('button', { name: 'Register' }));
}

const valid = {
  username: 'ada',
  email: 'ada@example.com',
  password: 'secret-12',
  confirm: 'secret-12',
};

describe('Register dialog', () => {
  it('shows every validation message at once, under its field, without calling the server', async () => {
    const { user, dialog, fetch } = await openRegister(() => ({ status: 500 }));
    await fill(user, dialog, {
      username: 'validator',
      email: 'not-an-email',
      password: '12345',
      confirm: '1234',
    });
    const d = within(dialog);
    expect(d.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(d.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(d.getByText('Passwords do not match')).toBeInTheDocument();
    expect(d.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says why a common password is refused, under the field, without calling the server', async () => {
    const { user, dialog, fetch } = await openRegister(() => ({ status: 500 }));
    await fill(user, dialog, { ...valid, password: 'password1', confirm: 'password1' });
    const message =
      'This password is among the most common ones, which attackers try first. Choose another.';
    expect(await within(dialog).findByText(message)).toBeVisible();
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(message);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a registered email, closes after 3 s and opens Login with that email after 3.5 s', async () => {
    const { user, dialog, fetch } = await openRegister(
      ({ path }) =>
        path === '/auth/check-email' ? { status: 200, body: { exists: true } } : { status: 500 },
      { fakeTimers: true },
    );
    await fill(user, dialog, valid);
    expect(await within(dialog).findByText('This email is already registered')).toBeVisible();
    expect(calls(fetch)).toEqual(['POST /api/auth/check-email']);

    await act(() => vi.advanceTimersByTimeAsync(2_800));
    expect(screen.getByRole('dialog', { name: 'Register' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(300)); // 3.1 s
    expect(screen.queryByRole('dialog', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Login' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(500)); // 3.6 s
    const login = screen.getByRole('dialog', { name: 'Login' });
    // The check never names the account; Login accepts the email instead of the username.
    expect(within(login).getByLabelText('Username')).toHaveValue('ada@example.com');
  });

  it('says so when the email check fails', async () => {
    const { user, dialog, fetch } = await openRegister(() => ({
      status: 429,
      body: errorBody('RATE_LIMITED', 'Too many requests'),
    }));
    await fill(user, dialog, valid);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error checking email availability',
    );
    expect(calls(fetch)).toEqual(['POST /api/auth/check-email']);
  });

  it('registers, confirms, and after 2 s goes to /bingo signed in', async () => {
    const { user, dialog, fetch } = await openRegister(
      ({ path, body }) => {
        if (path === '/auth/check-email') return { status: 200, body: { exists: false } };
        expect(body).toEqual({ username: 'ada', email: 'ada@example.com', password: 'secret-12' });
        return {
          status: 201,
          body: {
            token: 'jwt-2',
            expiresAt: '2099-01-01T00:00:00.000Z',
            user: publicUser({ username: 'ada' }),
            message: 'Registration successful! Please check your email to verify your account.',
          },
        };
      },
      { fakeTimers: true },
    );
    await fill(user, dialog, valid);
    expect(
      await within(dialog).findByText(
        'Registration successful! Please check your email to verify your account.',
      ),
    ).toBeVisible();
    // Signed in now, so the top bar's exchange badge also loads the connections.
    expect(calls(fetch).filter((call) => !call.endsWith('/users/exchanges'))).toEqual([
      'POST /api/auth/check-email',
      'POST /api/users/register',
    ]);
    expect(localStorage.getItem('token')).toBe('jwt-2');

    await act(() => vi.advanceTimersByTimeAsync(1_800));
    expect(hardNavigate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(hardNavigate).toHaveBeenCalledWith('/bingo');
  });

  it('shows the server message when registration fails', async () => {
    const { user, dialog } = await openRegister(({ path }) =>
      path === '/auth/check-email'
        ? { status: 200, body: { exists: false } }
        : { status: 409, body: errorBody('USERNAME_TAKEN', 'This username is already taken') },
    );
    await fill(user, dialog, valid);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This username is already taken',
    );
    expect(localStorage.getItem('token')).toBeNull();
  });
});
