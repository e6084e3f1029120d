import type { ChatMessage, ChatRoomsResponse } from '@tb/core';

/** A chat message for tests (id as given, in General by 'ada' unless overridden). */
export function chatMessage(id: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    room: 'general',
    authorName: 'ada',
    authorId: 'u2',
    kind: 'text',
    text: `message ${id}`,
    plan: null,
    createdAt: '2026-11-29T12:00:00.000Z',
    deleted: false,
    ...overrides,
  };
}

/** GET /api/chat/rooms: General and BTC, nothing unread, not muted. */
export function chatRooms(overrides: Partial<ChatRoomsResponse> = {}): ChatRoomsResponse {
  return {
    rooms: [
      { id: 'general', name: 'General', unread: 0, lastMessageAt: null },
      { id: 'btc', name: 'BTC', unread: 0, lastMessageAt: null },
    ],
    muted: null,
    ...overrides,
  };
}
