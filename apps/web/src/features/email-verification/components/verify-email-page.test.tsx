import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, errorBody, stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const TOKEN = 'verify-token-0123456789abcdef';

function openPage(handler: (req: MockRequest) => MockReply, path = `/verify-email/${TOKEN}`) {
  const fetch = stubFetch(handler);
  return { ...renderApp(path), fetch };
}

async function resend(user: ReturnType<typeof openPage>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
}

describe('verify email page', () => {
  it('shows loading, then the server message once verified', async () => {
    const { fetch } = openPage(() => ({
      status: 200,
      body: { message: 'Email verified successfully! You can now use all features.' },
    }));
    expect(await screen.findByText('Verifying your email...')).toBeInTheDocument();
    expect(
      await screen.findByText('Email verified successfully! You can now use all features.'),
    ).toBeVisible();
    expect(calls(fetch)).toEqual([`GET /api/auth/verify-email/${TOKEN}`]);
  });

  it('a link opened again once verified says so, with no resend form', async () => {
    openPage(() => ({ status: 200, body: { message: 'Your email is already verified.' } }));
    expect(await screen.findByText('Your email is already verified.')).toBeVisible();
    expect(screen.queryByText(/invalid or has expired/)).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Resend verification email' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
  });

  it('shows the failure and a resend form that confirms', async () => {
    const { user, fetch } = openPage(({ path }) =>
      path.startsWith('/auth/verify-email')
        ? {
            status: 400,
            body: errorBody('INVALID_TOKEN', 'This verification link is invalid or has expired.'),
          }
        : { status: 200, body: { message: 'ok' } },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link is invalid or has expired.',
    );
    await resend(user);
    expect(
      await screen.findByText('A new verification email has been sent. Please check your inbox.'),
    ).toBeVisible();
    expect(calls(fetch)).toContain('POST /api/auth/resend-verification');
  });

  it('falls back to the generic texts when the server says nothing', async () => {
    const { user } = openPage(() => ({ status: 503 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verification failed. Please try again.',
    );
    await resend(user);
    expect(
      await screen.findByText('Failed to resend verification email. Please try again later.'),
    ).toBeVisible();
  });

  it('says the link is invalid when it has no token', async () => {
    const { fetch } = openPage(() => ({ status: 500 }), '/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification link.');
    expect(fetch).not.toHaveBeenCalled();
  });
});
