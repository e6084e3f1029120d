import type { ChatRoomSummary } from '@tb/core';

export interface RoomListProps {
  rooms: readonly ChatRoomSummary[];
  current: string;
  onSelect: (roomId: string) => void;
}

/** The rooms, each with its unread count; a column on wide screens, a scrolling row on phones. */
export function RoomList({ rooms, current, onSelect }: RoomListProps) {
  return (
    <nav className="chat-rooms" aria-label="Chat rooms">
      <ul className="chat-rooms__list">
        {rooms.map((room) => (
          <li key={room.id}>
            <button
              type="button"
              className={room.id === current ? 'chat-rooms__room is-current' : 'chat-rooms__room'}
              aria-current={room.id === current ? 'page' : undefined}
              onClick={() => onSelect(room.id)}
            >
              <span className="chat-rooms__name">{room.name}</span>
              {/* The room on screen is being read: no badge, even while its read mark is on its way. */}
              {room.unread > 0 && room.id !== current ? (
                <span className="chat-rooms__unread">
                  {room.unread > 99 ? '99+' : room.unread}
                  <span className="visually-hidden"> unread</span>
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
