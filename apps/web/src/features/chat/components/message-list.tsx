import type { ChatMessage } from '@tb/core';
import { useLayoutEffect, useRef } from 'react';
import { Alert, Button } from '@/components';
import { useDateTimeFormat } from '@/features/journal';
import { useNow } from '@/lib/use-now';
import { MessageItem } from './message-item';

export interface MessageListProps {
  roomName: string;
  messages: readonly ChatMessage[];
  hasMore: boolean;
  myId: string;
  isAdmin: boolean;
  onLoadEarlier: () => void;
  loadingEarlier: boolean;
  earlierError: string | null;
}

/** How close to the bottom (px) the reader must be for a new message to scroll into view. */
const STICK_PX = 80;

/**
 * A room's messages, newest at the bottom, with "Load earlier" on top. A new message scrolls
 * into view when the reader was at the bottom; loading earlier ones keeps the reader's place.
 */
export function MessageList(props: MessageListProps) {
  const { messages, myId, isAdmin } = props;
  const format = useDateTimeFormat();
  const today = format.date(useNow(60_000));
  const box = useRef<HTMLDivElement>(null);
  const seen = useRef<{ first?: string; last?: string; height: number; atBottom: boolean }>({
    height: 0,
    atBottom: true,
  });

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = seen.current;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    if (before.last === undefined || (last !== before.last && before.atBottom)) {
      el.scrollTop = el.scrollHeight;
    } else if (first !== before.first && last === before.last) {
      // Earlier messages went on top: keep what the reader looked at where it was.
      el.scrollTop += el.scrollHeight - before.height;
    }
    seen.current = { first, last, height: el.scrollHeight, atBottom: before.atBottom };
  }, [messages]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    seen.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
  };

  return (
    <div
      className="chat-log"
      ref={box}
      onScroll={onScroll}
      tabIndex={0}
      aria-label={`Messages in ${props.roomName}`}
      role="region"
    >
      {props.hasMore ? (
        <div className="chat-log__earlier">
          <Button variant="ghost" busy={props.loadingEarlier} onClick={props.onLoadEarlier}>
            Load earlier
          </Button>
          {props.earlierError ? <Alert tone="error">{props.earlierError}</Alert> : null}
        </div>
      ) : null}
      {messages.length === 0 ? (
        <p className="chat-log__empty">No messages in {props.roomName} yet. Say hello!</p>
      ) : (
        // The log announces new messages; the list inside keeps its list semantics.
        <div role="log" aria-live="polite" aria-relevant="additions">
          <ol className="chat-log__list">
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                own={message.authorId === myId}
                isAdmin={isAdmin}
                format={format}
                today={today}
              />
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
