import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  ChatMessage,
  ChatMessageResponse,
  ChatMessagesResponse,
  ChatMuteRequest,
  ChatMuteResponse,
  ChatPlan,
  ChatRoomsResponse,
} from '@tb/core';
import { apiRequest } from '@/lib/api-client';
import { mergeEarlierPage, mergeLatestPage, type RoomMessages } from './lib/messages';

export const chatKeys = {
  all: ['chat'] as const,
  rooms: ['chat', 'rooms'] as const,
  messages: (room: string) => ['chat', 'messages', room] as const,
};

const roomPath = (room: string) => `/chat/rooms/${encodeURIComponent(room)}`;

/** GET /api/chat/rooms: the rooms with their unread counts, and the caller's mute. */
export const chatRoomsQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.rooms,
    queryFn: ({ signal }) => apiRequest<ChatRoomsResponse>('/chat/rooms', { signal }),
    // The stream keeps it current; it is read again when the stream (re)connects.
    staleTime: Infinity,
  });

/**
 * GET /api/chat/rooms/:room/messages: the newest page, merged with what is on screen (older
 * pages loaded with "Load earlier" and messages the stream brought stay).
 */
export const chatMessagesQueryOptions = (room: string, client: QueryClient) =>
  queryOptions({
    queryKey: chatKeys.messages(room),
    queryFn: async ({ signal }) => {
      const page = await apiRequest<ChatMessagesResponse>(`${roomPath(room)}/messages`, {
        signal,
      });
      return mergeLatestPage(client.getQueryData<RoomMessages>(chatKeys.messages(room)), page);
    },
    staleTime: Infinity,
  });

/** "Load earlier": the page before the oldest message shown, put in front of it. */
export async function loadEarlierMessages(client: QueryClient, room: string): Promise<void> {
  const kept = client.getQueryData<RoomMessages>(chatKeys.messages(room));
  const oldest = kept?.messages[0]?.id;
  const query = oldest ? `?before=${encodeURIComponent(oldest)}` : '';
  const page = await apiRequest<ChatMessagesResponse>(`${roomPath(room)}/messages${query}`);
  client.setQueryData<RoomMessages>(chatKeys.messages(room), (now) => mergeEarlierPage(now, page));
}

/** What a post carries: a text, or a trade plan with an optional comment. */
export type ChatPost = { text: string } | { plan: ChatPlan; text?: string };

/** POST /api/chat/rooms/:room/messages → the stored message. */
export async function postChatMessage(room: string, body: ChatPost): Promise<ChatMessage> {
  const answer = await apiRequest<ChatMessageResponse>(`${roomPath(room)}/messages`, {
    method: 'POST',
    body,
  });
  return answer.message;
}

/** POST /api/chat/rooms/:room/read: everything up to `lastReadId` was seen. */
export function markChatRead(room: string, lastReadId: string): Promise<void> {
  return apiRequest<void>(`${roomPath(room)}/read`, { method: 'POST', body: { lastReadId } });
}

/** DELETE /api/admin/chat/messages/:id (admins). */
export function deleteChatMessage(id: string): Promise<void> {
  return apiRequest<void>(`/admin/chat/messages/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

/** POST /api/admin/chat/mutes (admins). */
export function muteChatUser(request: ChatMuteRequest): Promise<ChatMuteResponse> {
  return apiRequest<ChatMuteResponse>('/admin/chat/mutes', { method: 'POST', body: request });
}
