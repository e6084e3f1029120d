import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hardNavigate } from '@/lib/navigation';
import { errorBody, stubFetch } from '@/test/fetch-mock';
import { publicUser, renderApp } from '@/test/render-app';

vi.mock('@/lib/navigation', () => ({ hardNavigate: vi.fn() }));

/** Opens the dialog from the top bar, or through /login when a session is already stored. */
async function openLogin() {
  const signedIn = localStorage.getItem('token') !== null;
  const app = renderApp(signedIn ? '/login' : '/');
  if (!signedIn) {
    await app.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Login' }));
  }
  const dialog = await screen.findByRole('dialog', { name: 'Login' });
  return { ...app, dialog };
}

describe('Login dialog', () => {
  it('requires username and password before calling the server', async () => {
    const fetch = stubFetch(() => ({ status: 500 }));
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(within(dialog).getByText('Username is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows "Logging in..." while busy, then the server message, and clears any old session', async () => {
    localStorage.setItem('token', 'stale');
    localStorage.setItem('username', 'someone');
    let answer: (reply: { status: number; body?: unknown }) => void = () => {};
    stubFetch(({ path }) =>
      path === '/users/login'
        ? new Promise((resolve) => (answer = resolve))
        : { status: 401, body: errorBody('UNAUTHORIZED', 'Unauthorized') },
    );
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Username'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));

    const busy = within(dialog).getByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();

    answer({
      status: 401,
      body: errorBody('INVALID_CREDENTIALS', 'Invalid username or password'),
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Invalid username or password',
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('says "Login failed" when the server gives no message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Username'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('stores the session and goes to /bingo with a full page load on success', async () => {
    const fetch = stubFetch(({ path }) =>
      path === '/users/login'
        ? {
            status: 200,
            body: {
              token: 'jwt-1',
              expiresAt: '2099-01-01T00:00:00.000Z',
              user: publicUser({ username: 'ada' }),
            },
          }
        : { status: 404 },
    );
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Username'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));

    await vi.waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/bingo'));
    expect(fetch.mock.calls[0]![1]?.body).toBe('{"username":"ada","password":"secret1"}');
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(localStorage.getItem('username')).toBe('ada');
    expect(localStorage.getItem('tokenExpires')).toBe('2099-01-01T00:00:00.000Z');
    expect(screen.queryByRole('dialog', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('asks for the mailed code when the account needs a step-up, and keeps the device token', async () => {
    const step =
      'There were many failed sign-ins to this account, so signing in from a new device needs a code too.';
    const bodies: unknown[] = [];
    stubFetch(({ path, body }) => {
      if (path !== '/users/login') return { status: 404 };
      bodies.push(body);
      return (body as { code?: string }).code === '123456'
        ? {
            status: 200,
            body: {
              token: 'jwt-2',
              expiresAt: '2099-01-01T00:00:00.000Z',
              user: publicUser({ id: 'user-ada', username: 'ada' }),
              deviceToken: 'device-of-ada',
            },
          }
        : { status: 401, body: errorBody('STEP_UP_REQUIRED', step) };
    });
    const { user, dialog } = await openLogin();
    const d = within(dialog);
    await user.type(d.getByLabelText('Username'), 'ada');
    await user.type(d.getByLabelText('Password'), 'secret-12');
    await user.click(d.getByRole('button', { name: 'Login' }));
    expect(await d.findByRole('alert')).toHaveTextContent(step);
    const codeField = await d.findByLabelText('Code from the email');
    expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');

    // Sent without the code: refused on the field, nothing sent.
    await user.click(d.getByRole('button', { name: 'Login' }));
    expect(d.getByText('Enter the 6-digit code from the mail')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);

    await user.type(codeField, '123456');
    await user.click(d.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/bingo'));
    expect(bodies.at(-1)).toEqual({ username: 'ada', password: 'secret-12', code: '123456' });
    expect(JSON.parse(localStorage.getItem('deviceTokens')!)).toEqual([
      { userId: 'user-ada', token: 'device-of-ada' },
    ]);
  });

  it('sends the device tokens this browser keeps with a sign-in', async () => {
    localStorage.setItem('deviceTokens', JSON.stringify([{ userId: 'u1', token: 'tok-1' }]));
    const fetch = stubFetch(() => ({
      status: 401,
      body: errorBody('INVALID_CREDENTIALS', 'Invalid username or password'),
    }));
    const { user, dialog } = await openLogin();
    await user.type(within(dialog).getByLabelText('Username'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-12');
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await within(dialog).findByRole('alert');
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({
      username: 'ada',
      password: 'secret-12',
      deviceTokens: ['tok-1'],
    });
  });

  it('switches to Register and to Reset Password', async () => {
    stubFetch(() => ({ status: 404 }));
    const { user, dialog } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Login' })).not.toBeInTheDocument();
  });
});
