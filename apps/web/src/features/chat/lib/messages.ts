import type { ChatMessage, ChatMessagesResponse } from '@tb/core';

/** Orders message ids (decimal strings of the database sequence) as numbers: '9' < '10'. */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** The larger of two ids; null when both are missing. */
export function maxId(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return compareIds(a, b) >= 0 ? a : b;
}

/** One message as the newer of two copies says, a removal sticking (it never comes back). */
function mergeCopies(kept: ChatMessage, next: ChatMessage): ChatMessage {
  if (kept.deleted && !next.deleted) return kept;
  return next;
}

/**
 * `current` with `incoming` merged in, oldest first, each id once: the same message from the
 * history, the stream's replay and the post's own answer never shows twice.
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of [...current, ...incoming]) {
    const kept = byId.get(message.id);
    byId.set(message.id, kept ? mergeCopies(kept, message) : message);
  }
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

/** A room's messages on screen: oldest first, and whether older ones are on the server. */
export type RoomMessages = ChatMessagesResponse;

/**
 * The newest page of a room read again, merged with what was on screen. When the page does not
 * reach back to what was shown (more came meanwhile than a page holds), the older ones are let
 * go, so no gap hides in the middle of the list.
 */
export function mergeLatestPage(kept: RoomMessages | undefined, page: RoomMessages): RoomMessages {
  if (!kept || kept.messages.length === 0) return page;
  const newestKept = kept.messages.at(-1)!.id;
  const oldestPage = page.messages[0]?.id;
  const gap = page.hasMore && oldestPage !== undefined && compareIds(oldestPage, newestKept) > 0;
  if (gap) return page;
  return { messages: mergeMessages(kept.messages, page.messages), hasMore: kept.hasMore };
}

/** An older page put before what is shown ("Load earlier"). */
export function mergeEarlierPage(kept: RoomMessages | undefined, page: RoomMessages): RoomMessages {
  return {
    messages: mergeMessages(kept?.messages ?? [], page.messages),
    hasMore: page.hasMore,
  };
}

/** A message as removed by an admin: its text and plan gone, its place kept. */
export function markDeleted(messages: readonly ChatMessage[], id: string): ChatMessage[] {
  return messages.map((message) =>
    message.id === id ? { ...message, deleted: true, text: '', plan: null } : message,
  );
}
