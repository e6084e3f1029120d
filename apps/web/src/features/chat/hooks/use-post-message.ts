import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { chatKeys, postChatMessage, type ChatPost } from '../api';
import { addChatMessage } from '../lib/chat-cache';

/**
 * Posts to a room; the stored message goes on screen at once (the stream's copy of it is the
 * same id and does not double). A refusal for a mute reads the rooms again, which say until when.
 */
export function usePostMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ room, body }: { room: string; body: ChatPost }) => postChatMessage(room, body),
    onSuccess: (message) => addChatMessage(client, message, { countUnread: false }),
    onError: (error) => {
      if (isApiError(error) && error.code === 'CHAT_MUTED') {
        void client.invalidateQueries({ queryKey: chatKeys.rooms });
      }
    },
  });
}
