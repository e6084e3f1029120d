import type { ChatMessage } from '@tb/core';
import type { DateTimeFormat } from '@/features/journal';
import { MessageAdmin } from './message-admin';
import { MessageText } from './message-text';
import { PlanCard } from './plan-card';

export interface MessageItemProps {
  message: ChatMessage;
  own: boolean;
  isAdmin: boolean;
  format: DateTimeFormat;
  /** The day (formatted) it is now: today's messages show the time alone. */
  today: string;
}

/** One message: author (yours marked), time, then the text, the plan card, or "Message removed". */
export function MessageItem({ message, own, isAdmin, format, today }: MessageItemProps) {
  const day = format.date(message.createdAt);
  const when = day === today ? format.time(message.createdAt) : format.dateTime(message.createdAt);
  return (
    <li className={own ? 'chat-msg is-own' : 'chat-msg'} data-message-id={message.id}>
      <div className="chat-msg__meta">
        <span className="chat-msg__author">{message.authorName}</span>
        {own ? <span className="chat-msg__you">You</span> : null}
        <time className="chat-msg__time" dateTime={message.createdAt}>
          {when}
        </time>
        {isAdmin ? <MessageAdmin message={message} /> : null}
      </div>
      {message.deleted ? (
        <p className="chat-msg__removed">Message removed</p>
      ) : (
        <>
          {message.plan ? <PlanCard plan={message.plan} /> : null}
          {message.text ? <MessageText text={message.text} /> : null}
        </>
      )}
    </li>
  );
}
