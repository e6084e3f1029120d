import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '@/components';
import { useNow } from '@/lib/use-now';
import { chatRoomsQueryOptions } from '../api';
import { useChatRoom } from '../hooks/use-chat-room';
import { useChatStream } from '../hooks/use-chat-stream';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { RoomList } from './room-list';

export interface ChatViewProps {
  room: string;
  onRoomChange: (room: string) => void;
  myId: string;
  isAdmin: boolean;
  /** 'page': /chat; 'panel': the dashboard's compact chat widget. */
  variant: 'page' | 'panel';
}

function RoomView({
  room,
  roomName,
  myId,
  isAdmin,
}: {
  room: string;
  roomName: string;
  myId: string;
  isAdmin: boolean;
}) {
  const { query, loadEarlier, loadingEarlier, earlierError } = useChatRoom(room);
  return (
    <QueryStatus
      query={query}
      loading={`Loading ${roomName}...`}
      error="Messages could not be loaded"
    >
      {(data) => (
        <MessageList
          roomName={roomName}
          messages={data.messages}
          hasMore={data.hasMore}
          myId={myId}
          isAdmin={isAdmin}
          onLoadEarlier={loadEarlier}
          loadingEarlier={loadingEarlier}
          earlierError={earlierError}
        />
      )}
    </QueryStatus>
  );
}

/**
 * The chat for a premium trader: rooms with unread counts, the chosen room's messages and the
 * composer, kept live by the stream. Use once per page.
 */
export function ChatView({ room, onRoomChange, myId, isAdmin, variant }: ChatViewProps) {
  const rooms = useQuery(chatRoomsQueryOptions());
  const connected = useChatStream(true);
  const now = useNow(15_000);
  return (
    <div className={`chat chat--${variant}`}>
      <QueryStatus query={rooms} loading="Loading the chat..." error="The chat could not be loaded">
        {(data) => {
          const current = data.rooms.find((r) => r.id === room) ?? data.rooms[0];
          if (!current) return <p>No chat rooms.</p>;
          const until = data.muted?.until ?? null;
          const mutedUntil = until !== null && Date.parse(until) > now ? until : null;
          return (
            <>
              <RoomList rooms={data.rooms} current={current.id} onSelect={onRoomChange} />
              <section className="chat__room" aria-label={`${current.name} room`}>
                <header className="chat__head">
                  <h2 className="chat__title">{current.name}</h2>
                  <span className="chat__status" role="status">
                    {connected ? '' : 'Connecting...'}
                  </span>
                </header>
                {/* Keyed by room: another room starts at its bottom, with an empty draft. */}
                <RoomView
                  key={`log-${current.id}`}
                  room={current.id}
                  roomName={current.name}
                  myId={myId}
                  isAdmin={isAdmin}
                />
                <Composer
                  key={`composer-${current.id}`}
                  room={current.id}
                  roomName={current.name}
                  mutedUntil={mutedUntil}
                />
              </section>
            </>
          );
        }}
      </QueryStatus>
    </div>
  );
}
