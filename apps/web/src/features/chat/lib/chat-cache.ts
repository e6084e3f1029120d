import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatRoomsResponse } from '@tb/core';
import { chatKeys } from '../api';
import { markDeleted, mergeMessages, type RoomMessages } from './messages';

/**
 * What the stream and the composer change in the query cache: a room's messages (merged by id,
 * so a message never doubles), the rooms' unread counts and the caller's mute.
 */
export function addChatMessage(
  client: QueryClient,
  message: ChatMessage,
  options: { countUnread: boolean },
): void {
  const key = chatKeys.messages(message.room);
  // A room never opened keeps no partial list: it reads its newest page when opened.
  if (client.getQueryData<RoomMessages>(key)) {
    client.setQueryData<RoomMessages>(key, (kept) =>
      kept ? { ...kept, messages: mergeMessages(kept.messages, [message]) } : kept,
    );
  }
  client.setQueryData<ChatRoomsResponse>(chatKeys.rooms, (rooms) =>
    rooms
      ? {
          ...rooms,
          rooms: rooms.rooms.map((room) =>
            room.id === message.room
              ? {
                  ...room,
                  unread: room.unread + (options.countUnread ? 1 : 0),
                  lastMessageAt: message.createdAt,
                }
              : room,
          ),
        }
      : rooms,
  );
}

/** An admin removed a message: it reads "Message removed" where it was. */
export function removeChatMessage(client: QueryClient, event: { id: string; room: string }): void {
  client.setQueryData<RoomMessages>(chatKeys.messages(event.room), (kept) =>
    kept ? { ...kept, messages: markDeleted(kept.messages, event.id) } : kept,
  );
}

/** The caller was muted until `until` (ISO), or (null) the mute was lifted. */
export function setChatMuted(client: QueryClient, until: string | null): void {
  client.setQueryData<ChatRoomsResponse>(chatKeys.rooms, (rooms) =>
    rooms ? { ...rooms, muted: until === null ? null : { until } } : rooms,
  );
}

/** The room was read: its badge goes. */
export function clearChatUnread(client: QueryClient, roomId: string): void {
  client.setQueryData<ChatRoomsResponse>(chatKeys.rooms, (rooms) =>
    rooms
      ? { ...rooms, rooms: rooms.rooms.map((r) => (r.id === roomId ? { ...r, unread: 0 } : r)) }
      : rooms,
  );
}

const roomsOnScreen = new Map<string, number>();

/** A room shown to the reader (a tab in view): its new messages are read, not counted unread. */
export function showRoom(roomId: string): () => void {
  roomsOnScreen.set(roomId, (roomsOnScreen.get(roomId) ?? 0) + 1);
  return () => {
    const left = (roomsOnScreen.get(roomId) ?? 1) - 1;
    if (left > 0) roomsOnScreen.set(roomId, left);
    else roomsOnScreen.delete(roomId);
  };
}

/** Whether the room is shown now (and the tab is in view). */
export function isRoomOnScreen(roomId: string): boolean {
  return roomsOnScreen.has(roomId) && document.visibilityState !== 'hidden';
}
