import { isChatRoomId } from '@tb/core';
import { useState } from 'react';
import { Spinner } from '@/components';
import { useChatAccess } from '../hooks/use-chat-access';
import { ChatLock } from './chat-lock';
import { ChatView } from './chat-view';
import './chat.css';

const ROOM_KEY = 'chatWidgetRoom';

function readRoom(): string {
  try {
    const room = localStorage.getItem(ROOM_KEY);
    return room && isChatRoomId(room) ? room : 'general';
  } catch {
    return 'general';
  }
}

/** The dashboard's compact chat, beside the other widgets; it remembers the room it showed. */
export function ChatWidget() {
  const access = useChatAccess();
  const [room, setRoom] = useState(readRoom);
  if (access.kind === 'loading') return <Spinner label="Loading the chat..." />;
  if (access.kind === 'locked') return <ChatLock openAtStart={false} />;
  return (
    <ChatView
      variant="panel"
      room={room}
      onRoomChange={(next) => {
        setRoom(next);
        try {
          localStorage.setItem(ROOM_KEY, next);
        } catch {
          // Private mode: the room is kept for this visit only.
        }
      }}
      myId={access.myId}
      isAdmin={access.isAdmin}
    />
  );
}
