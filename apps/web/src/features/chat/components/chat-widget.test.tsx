import { screen, within } from '@testing-library/react';
import { premiumLockTexts } from '@tb/core';
import { afterEach, describe, expect, it } from 'vitest';
import { publicUser, signIn } from '@/test/render-app';
import { renderWithProviders } from '@/test/render-with-providers';
import { chatRooms } from '../test/fixtures';
import { fakeChatNetwork } from '../test/fake-chat';
import { chatLockTexts } from './chat-lock';
import { ChatWidget } from './chat-widget';

afterEach(() => localStorage.clear());

function server(isPaidUser: boolean) {
  signIn('trader1');
  return fakeChatNetwork((req) => {
    if (req.path === '/users/me') return { status: 200, body: publicUser({ isPaidUser }) };
    if (req.path === '/chat/rooms') return { status: 200, body: chatRooms() };
    if (req.path.endsWith('/messages'))
      return { status: 200, body: { messages: [], hasMore: false } };
    return { status: 204 };
  });
}

describe('ChatWidget', () => {
  it('a free trader sees the lock’s note; its button opens the premium lock', async () => {
    const net = server(false);
    const { user } = renderWithProviders(<ChatWidget />);
    await user.click(await screen.findByRole('button', { name: chatLockTexts.unlock }));
    expect(await screen.findByRole('dialog', { name: premiumLockTexts.title })).toBeInTheDocument();
    expect(net.streams).toHaveLength(0);
  });

  it('a premium trader chats in it, and it comes back to the room last shown', async () => {
    server(true);
    const { user, unmount } = renderWithProviders(<ChatWidget />);
    const rooms = await screen.findByRole('navigation', { name: 'Chat rooms' });
    await user.click(within(rooms).getByRole('button', { name: 'BTC' }));
    expect(await screen.findByRole('textbox', { name: 'Message to BTC' })).toBeEnabled();
    unmount();
    renderWithProviders(<ChatWidget />);
    expect(await screen.findByRole('textbox', { name: 'Message to BTC' })).toBeInTheDocument();
  });
});
