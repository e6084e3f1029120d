import { contactTexts } from '@tb/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meQueryOptions } from '@/features/auth';
import { errorBody, never, stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';

async function openContact(reply: (req: MockRequest) => MockReply = () => ({ status: 500 })) {
  const fetch = stubFetch((req) => (req.path === '/contact' ? reply(req) : { status: 404 }));
  const app = renderApp('/');
  await app.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Contact' }));
  const dialog = await screen.findByRole('dialog', { name: 'Contact Us' });
  const d = within(dialog);
  const fill = async () => {
    await app.user.type(d.getByLabelText('Name'), 'Ada');
    await app.user.type(d.getByLabelText('Email'), 'Ada@Example.com');
    await app.user.type(d.getByLabelText('Message'), 'Hello there');
    await app.user.click(d.getByRole('button', { name: 'Send' }));
  };
  const posts = () => fetch.mock.calls.filter(([url]) => String(url) === '/api/contact');
  return { ...app, d, fetch, fill, posts };
}

describe('Contact Us', () => {
  it('validates every field before sending anything', async () => {
    const { user, d, posts } = await openContact();
    await user.click(d.getByRole('button', { name: 'Send' }));
    expect(d.getByText('Please enter your name')).toBeInTheDocument();
    expect(d.getByText('Please enter your email')).toBeInTheDocument();
    expect(d.getByText('Please enter a message')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('posts the message and says it was mailed when the server mailed it', async () => {
    let sent: unknown;
    const { d, fill } = await openContact((req) => {
      sent = req.body;
      return {
        status: 201,
        body: { id: 'm1', delivery: 'mailed', message: contactTexts.mailed },
      };
    });
    await fill();
    expect(await d.findByText(contactTexts.mailed)).toBeVisible();
    expect(sent).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Hello there' });
    expect(d.getByLabelText('Message')).toHaveValue('');
  });

  it('says the message was only saved when no mail went out', async () => {
    const { d, fill } = await openContact(() => ({
      status: 201,
      body: { id: 'm1', delivery: 'saved', message: contactTexts.saved },
    }));
    await fill();
    expect(await d.findByText(contactTexts.saved)).toBeVisible();
    expect(d.queryByText(/has been sent/)).not.toBeInTheDocument();
  });

  it('shows Sending... while the server works, and cannot send twice', async () => {
    const { d, fill, posts } = await openContact(() => never());
    await fill();
    const sending = await d.findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    expect(posts()).toHaveLength(1);
  });

  it('shows the rate limit with when to retry, and keeps the text', async () => {
    const limited = contactTexts.tooMany('42 minutes');
    const { d, fill } = await openContact(() => ({
      status: 429,
      body: errorBody('RATE_LIMITED', limited),
    }));
    await fill();
    expect(await d.findByRole('alert')).toHaveTextContent(limited);
    expect(d.getByLabelText('Name')).toHaveValue('Ada');
    expect(d.getByLabelText('Message')).toHaveValue('Hello there');
  });

  it('keeps the text and says so when the server cannot be reached', async () => {
    const { d, fill } = await openContact(() => Promise.reject(new TypeError('offline')));
    await fill();
    expect(await d.findByRole('alert')).toHaveTextContent(
      'Your message could not be sent. Please try again.',
    );
    expect(d.getByLabelText('Message')).toHaveValue('Hello there');
  });

  it('shows a field the server refused on that field', async () => {
    const { d, fill } = await openContact(() => ({
      status: 400,
      body: errorBody('VALIDATION_ERROR', 'Please enter a valid email address', 'email'),
    }));
    await fill();
    expect(await d.findByText('Please enter a valid email address')).toBeVisible();
    expect(d.getByLabelText('Email')).toHaveValue('Ada@Example.com');
  });

  it('starts with the name and address of a signed-in sender', async () => {
    signIn('ada');
    stubFetch((req) =>
      req.path === '/users/me'
        ? { status: 200, body: publicUser({ username: 'ada', email: 'ada@example.com' }) }
        : { status: 404 },
    );
    const app = renderApp('/');
    // What main.tsx does on start with a stored session (checkStoredSession).
    await app.queryClient.prefetchQuery(meQueryOptions());
    const banner = within(screen.getByRole('banner'));
    await app.user.click(banner.getByRole('button', { name: 'Contact' }));
    const d = within(await screen.findByRole('dialog', { name: 'Contact Us' }));
    await waitFor(() => expect(d.getByLabelText('Name')).toHaveValue('ada'));
    expect(d.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(d.getByLabelText('Message')).toHaveValue('');
  });

  it('Close closes it', async () => {
    const { user, d } = await openContact();
    await user.click(d.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Contact Us' })).not.toBeInTheDocument();
  });
});
