import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api-error';
import { usePageVisible } from '@/lib/use-page-visible';
import { useSession } from '@/lib/use-session';
import { chatMessagesQueryOptions, loadEarlierMessages, markChatRead } from '../api';
import { clearChatUnread, showRoom } from '../lib/chat-cache';
import { compareIds } from '../lib/messages';

// The newest id each room was marked read up to, per session: sent once per new message.
const markedUpTo = new Map<string, string>();

/**
 * Marks the room read up to its newest message while it is on screen in a visible tab (POST
 * /api/chat/rooms/:room/read), and clears its badge.
 */
function useReadMark(room: string, newestId: string | undefined): void {
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  const visible = usePageVisible();
  useEffect(() => {
    if (!visible) return;
    const release = showRoom(room);
    clearChatUnread(client, room);
    return release;
  }, [client, room, visible]);
  useEffect(() => {
    if (!visible || !newestId) return;
    clearChatUnread(client, room);
    const key = `${token}:${room}`;
    const marked = markedUpTo.get(key);
    if (marked && compareIds(marked, newestId) >= 0) return;
    markedUpTo.set(key, newestId);
    markChatRead(room, newestId).catch(() => {
      // Tried again with the next message or the next visit.
      if (markedUpTo.get(key) === newestId) markedUpTo.delete(key);
    });
  }, [client, room, newestId, visible, token]);
}

interface Earlier {
  room: string | null;
  loading: boolean;
  error: string | null;
}
const IDLE: Earlier = { room: null, loading: false, error: null };

/** One room on screen: its messages (oldest first), "Load earlier", and its read mark. */
export function useChatRoom(room: string) {
  const client = useQueryClient();
  const query = useQuery(chatMessagesQueryOptions(room, client));
  // Keyed by room: another room starts with no "Load earlier" state.
  const [state, setEarlier] = useState<Earlier>(IDLE);
  const earlier = state.room === room ? state : IDLE;
  useReadMark(room, query.data?.messages.at(-1)?.id);

  const loadEarlier = () => {
    setEarlier({ room, loading: true, error: null });
    loadEarlierMessages(client, room).then(
      () => setEarlier(IDLE),
      (error: unknown) =>
        setEarlier({
          room,
          loading: false,
          error: errorMessage(error, 'Earlier messages could not be loaded'),
        }),
    );
  };
  return { query, loadEarlier, loadingEarlier: earlier.loading, earlierError: earlier.error };
}
