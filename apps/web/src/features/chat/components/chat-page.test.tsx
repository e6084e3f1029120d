import { screen, waitFor, within } from '@testing-library/react';
import { premiumLockTexts } from '@tb/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, type MockRequest } from '@/test/fetch-mock';
import { publicUser, renderApp, signIn } from '@/test/render-app';
import { chatMessage, chatRooms } from '../test/fixtures';
import { fakeChatNetwork } from '../test/fake-chat';
import { resumeId } from '../lib/chat-connection';
import { chatLockTexts } from './chat-lock';

const me = (overrides: Record<string, unknown> = {}) =>
  publicUser({ id: 'u1', username: 'trader1', isPaidUser: true, ...overrides });

/** A premium trader's server: General holds two messages (one theirs), BTC none. */
function premiumServer(
  overrides: {
    post?: (req: MockRequest) => { status: number; body?: unknown };
    user?: Record<string, unknown>;
  } = {},
) {
  signIn('trader1');
  const general = [
    chatMessage('1', { authorName: 'ada', authorId: 'u2', text: 'gm' }),
    chatMessage('2', { authorName: 'trader1', authorId: 'u1', text: 'long BTC here' }),
  ];
  return fakeChatNetwork((req) => {
    if (req.path === '/users/me') return { status: 200, body: me(overrides.user) };
    if (req.path === '/chat/rooms') return { status: 200, body: chatRooms() };
    if (req.method === 'POST' && req.path === '/chat/rooms/general/messages') {
      return overrides.post?.(req) ?? { status: 500 };
    }
    if (req.path === '/chat/rooms/general/messages') {
      return { status: 200, body: { messages: general, hasMore: false } };
    }
    if (req.path === '/chat/rooms/btc/messages') {
      return { status: 200, body: { messages: [], hasMore: false } };
    }
    if (req.path.endsWith('/read')) return { status: 204 };
    return { status: 404, body: errorBody('NOT_FOUND', 'Not found') };
  });
}

const messageList = () => screen.getByRole('log');

afterEach(() => localStorage.clear());

describe('/chat, locked', () => {
  it('a visitor sees the premium lock and nothing of the chat is asked for', async () => {
    const net = fakeChatNetwork(() => ({ status: 404 }));
    renderApp('/chat');
    const lock = await screen.findByRole('dialog', { name: premiumLockTexts.title });
    expect(lock).toHaveTextContent(chatLockTexts.message);
    expect(screen.getByRole('button', { name: chatLockTexts.unlock })).toBeInTheDocument();
    expect(net.json.mock.calls.some(([url]) => String(url).includes('/chat'))).toBe(false);
    expect(net.streams).toHaveLength(0);
  });

  it('a free trader sees the premium lock, and no stream is opened', async () => {
    signIn('free1');
    const net = fakeChatNetwork((req) =>
      req.path === '/users/me' ? { status: 200, body: me({ isPaidUser: false }) } : { status: 404 },
    );
    renderApp('/chat');
    expect(await screen.findByRole('dialog', { name: premiumLockTexts.title })).toBeInTheDocument();
    expect(screen.queryByRole('log')).not.toBeInTheDocument();
    expect(net.streams).toHaveLength(0);
  });
});

describe('/chat, premium', () => {
  it('shows the rooms and the messages, newest last, the trader’s own marked, and marks the room read', async () => {
    const net = premiumServer();
    renderApp('/chat');
    await screen.findByText('long BTC here');
    const items = within(messageList()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('gm'),
      expect.stringContaining('long BTC here'),
    ]);
    expect(within(items[1]!).getByText('You')).toBeInTheDocument();
    expect(within(items[0]!).queryByText('You')).not.toBeInTheDocument();
    const rooms = screen.getByRole('navigation', { name: 'Chat rooms' });
    expect(within(rooms).getByRole('button', { name: 'General' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await waitFor(() =>
      expect(
        net.json.mock.calls.find(([url]) => String(url) === '/api/chat/rooms/general/read')?.[1]
          ?.body,
      ).toBe(JSON.stringify({ lastReadId: '2' })),
    );
  });

  it('pushed messages appear live, once each; other rooms count them unread; removals show as removed', async () => {
    const net = premiumServer();
    renderApp('/chat');
    await screen.findByText('long BTC here');
    await waitFor(() => expect(net.streams).toHaveLength(1));
    const stream = net.stream();
    stream.send('message', { message: chatMessage('3', { text: 'new one' }) }, '3');
    stream.send('message', { message: chatMessage('3', { text: 'new one' }) }, '3');
    stream.send('message', { message: chatMessage('4', { room: 'btc', text: 'btc talk' }) }, '4');
    stream.send('message', { message: chatMessage('5', { room: 'btc', text: 'more btc' }) }, '5');
    expect(await screen.findByText('new one')).toBeInTheDocument();
    expect(screen.getAllByText('new one')).toHaveLength(1);
    const rooms = screen.getByRole('navigation', { name: 'Chat rooms' });
    await waitFor(() =>
      expect(within(rooms).getByRole('button', { name: /BTC/ })).toHaveTextContent('2 unread'),
    );
    stream.send('deleted', { id: '1', room: 'general' });
    await waitFor(() => expect(screen.queryByText('gm')).not.toBeInTheDocument());
    expect(screen.getByText('Message removed')).toBeInTheDocument();
  });

  it('after a drop the stream reconnects from before the last id, and the replay does not double', async () => {
    const net = premiumServer();
    renderApp('/chat');
    await screen.findByText('long BTC here');
    await waitFor(() => expect(net.streams).toHaveLength(1));
    net.stream().send('message', { message: chatMessage('3', { text: 'before the drop' }) }, '3');
    await screen.findByText('before the drop');
    net.stream().drop();
    expect(await screen.findByText('Connecting...')).toBeInTheDocument();
    await waitFor(() => expect(net.streams).toHaveLength(2), { timeout: 3_000 });
    // From a little before the last id (a message stored earlier may have committed later).
    expect(net.stream().headers.get('Last-Event-ID')).toBe(resumeId('3'));
    net.stream().send('message', { message: chatMessage('3', { text: 'before the drop' }) }, '3');
    net.stream().send('message', { message: chatMessage('4', { text: 'after the drop' }) }, '4');
    await screen.findByText('after the drop');
    expect(screen.getAllByText('before the drop')).toHaveLength(1);
  });

  it('Enter sends, Shift+Enter adds a line; a refusal shows the server’s sentence', async () => {
    const posted: unknown[] = [];
    premiumServer({
      post: (req) => {
        posted.push(req.body);
        if (posted.length === 2) {
          return {
            status: 429,
            body: errorBody('RATE_LIMITED', 'Slow down: 5 messages in 10 seconds at most'),
          };
        }
        return {
          status: 201,
          body: {
            message: chatMessage('9', {
              authorId: 'u1',
              authorName: 'trader1',
              text: 'line one\nline two',
            }),
          },
        };
      },
    });
    const { user } = renderApp('/chat');
    const box = await screen.findByRole('textbox', { name: 'Message to General' });
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(posted).toEqual([{ text: 'line one\nline two' }]);
    expect(within(messageList()).getAllByRole('listitem')).toHaveLength(3);

    await user.type(box, 'again{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Slow down: 5 messages in 10 seconds at most',
    );
    expect(box).toHaveValue('again');
  });

  it('while muted the composer is disabled and says until when', async () => {
    signIn('trader1');
    fakeChatNetwork((req) => {
      if (req.path === '/users/me') return { status: 200, body: me() };
      if (req.path === '/chat/rooms') {
        return { status: 200, body: chatRooms({ muted: { until: '2999-01-01T10:30:00.000Z' } }) };
      }
      if (req.path.endsWith('/messages'))
        return { status: 200, body: { messages: [], hasMore: false } };
      return { status: 204 };
    });
    renderApp('/chat');
    const box = await screen.findByRole('textbox', { name: 'Message to General' });
    expect(box).toBeDisabled();
    expect(screen.getByText(/You are muted until 1 Jan 2999, 10:30/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});

describe('/chat, paging and visibility', () => {
  it('another room starts with an empty draft, and the room on screen shows no badge', async () => {
    const net = premiumServer();
    const { user } = renderApp('/chat');
    await user.type(await screen.findByRole('textbox', { name: 'Message to General' }), 'draft');
    await waitFor(() => expect(net.streams).toHaveLength(1));
    net
      .stream()
      .send('message', { message: chatMessage('4', { room: 'btc', text: 'btc talk' }) }, '4');
    const rooms = screen.getByRole('navigation', { name: 'Chat rooms' });
    await waitFor(() =>
      expect(within(rooms).getByRole('button', { name: /BTC/ })).toHaveTextContent('1 unread'),
    );
    await user.click(within(rooms).getByRole('button', { name: /BTC/ }));
    expect(await screen.findByRole('textbox', { name: 'Message to BTC' })).toHaveValue('');
    expect(within(rooms).getByRole('button', { name: 'BTC' })).not.toHaveTextContent('unread');
    expect(screen.getByTestId('location')).toHaveTextContent('/chat?room=btc');
  });

  it('"Load earlier" puts the older page on top and goes once there are no more', async () => {
    signIn('trader1');
    const net = fakeChatNetwork((req) => {
      if (req.path === '/users/me') return { status: 200, body: me() };
      if (req.path === '/chat/rooms') return { status: 200, body: chatRooms() };
      if (req.path === '/chat/rooms/general/messages?before=10') {
        return {
          status: 200,
          body: { messages: [chatMessage('9', { text: 'older' })], hasMore: false },
        };
      }
      if (req.path === '/chat/rooms/general/messages') {
        return {
          status: 200,
          body: { messages: [chatMessage('10', { text: 'newest' })], hasMore: true },
        };
      }
      return { status: 204 };
    });
    const { user } = renderApp('/chat');
    await screen.findByText('newest');
    await user.click(screen.getByRole('button', { name: 'Load earlier' }));
    await screen.findByText('older');
    const texts = within(messageList())
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts).toEqual([expect.stringContaining('older'), expect.stringContaining('newest')]);
    expect(screen.queryByRole('button', { name: 'Load earlier' })).not.toBeInTheDocument();
    expect(net.json.mock.calls.map(([url]) => String(url))).toContain(
      '/api/chat/rooms/general/messages?before=10',
    );
  });

  it('a hidden tab lets the stream go and opens it again when shown', async () => {
    const net = premiumServer();
    renderApp('/chat');
    await screen.findByText('long BTC here');
    await waitFor(() => expect(net.streams).toHaveLength(1));
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(screen.getByText('Connecting...')).toBeInTheDocument());
    state.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(net.streams).toHaveLength(2));
    net.stream().send('message', { message: chatMessage('3', { text: 'back again' }) }, '3');
    expect(await screen.findByText('back again')).toBeInTheDocument();
    state.mockRestore();
  });
});

describe('/chat, admin', () => {
  it('opens for an admin without a plan, who moderates it (the server lets admins in)', async () => {
    const net = premiumServer({ user: { isPaidUser: false, isAdmin: true } });
    renderApp('/chat');
    await screen.findByText('long BTC here');
    expect(screen.queryByRole('dialog', { name: premiumLockTexts.title })).toBeNull();
    await waitFor(() => expect(net.streams).toHaveLength(1));
  });
});
