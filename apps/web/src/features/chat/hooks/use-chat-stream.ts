import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { meQueryOptions } from '@/features/auth';
import { usePageVisible } from '@/lib/use-page-visible';
import { useSession } from '@/lib/use-session';
import { chatKeys } from '../api';
import { addChatMessage, isRoomOnScreen, removeChatMessage, setChatMuted } from '../lib/chat-cache';
import { openChatStream } from '../lib/chat-connection';

/**
 * The chat's push while a chat view is on screen (the /chat page or the dashboard's panel):
 * new messages, removals and mutes go into the cache as they come; unread counts grow for
 * rooms not on screen. After a drop the stream is opened again and replays what was missed.
 * A hidden tab lets its stream go (the server allows 5 per trader, and a browser 6
 * connections per site over HTTP/1.1) and reads the rooms again when shown. Returns whether
 * it is connected. Use once per page, and only for premium traders.
 */
export function useChatStream(enabled: boolean): boolean {
  const token = useSession()?.token ?? null;
  const client = useQueryClient();
  const [connected, setConnected] = useState(false);
  const visible = usePageVisible();
  const active = enabled && visible;

  useEffect(() => {
    if (!token || !active) return;
    const close = openChatStream(token, {
      onOpen: (resumed) => {
        setConnected(true);
        // Counts may have moved while no stream was open; a first stream also reads the
        // shown rooms again (what came between their first read and the stream is not pushed).
        void client.invalidateQueries({ queryKey: resumed ? chatKeys.rooms : chatKeys.all });
      },
      onDrop: () => setConnected(false),
      onMessage: (message) => {
        const me = client.getQueryData(meQueryOptions().queryKey);
        addChatMessage(client, message, {
          countUnread: message.authorId !== me?.id && !isRoomOnScreen(message.room),
        });
      },
      onDeleted: (event) => removeChatMessage(client, event),
      onMuted: (event) => setChatMuted(client, event.until),
      onUnmuted: () => setChatMuted(client, null),
    });
    return () => {
      close();
      setConnected(false);
    };
  }, [token, active, client]);
  return connected;
}
