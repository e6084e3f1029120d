import { isChatRoomId } from '@tb/core';
import { useSearchParams } from 'react-router';
import { Page, Spinner } from '@/components';
import { useChatAccess } from '../hooks/use-chat-access';
import { ChatLock } from './chat-lock';
import { ChatView } from './chat-view';
import './chat.css';

const lead = 'Talk trades with premium traders: General, and a room per coin.';

/** /chat?room=btc: the chat for premium traders, the premium lock for everyone else. */
export function ChatPage() {
  const access = useChatAccess();
  const [params, setParams] = useSearchParams();
  const asked = params.get('room') ?? 'general';
  const room = isChatRoomId(asked) ? asked : 'general';
  return (
    <Page title="Chat" lead={lead}>
      {access.kind === 'loading' ? <Spinner label="Loading the chat..." /> : null}
      {access.kind === 'locked' ? <ChatLock openAtStart /> : null}
      {access.kind === 'open' ? (
        <ChatView
          variant="page"
          room={room}
          onRoomChange={(next) => setParams(next === 'general' ? {} : { room: next })}
          myId={access.myId}
          isAdmin={access.isAdmin}
        />
      ) : null}
    </Page>
  );
}
