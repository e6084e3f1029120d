import { CHAT_TEXT_MAX_LENGTH } from '@tb/core';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components';
import { useDateTimeFormat } from '@/features/journal';
import { errorMessage } from '@/lib/api-error';
import { usePostMessage } from '../hooks/use-post-message';

/** The counter shows from this many characters on. */
export const COUNTER_FROM = CHAT_TEXT_MAX_LENGTH - 200;

export interface ComposerProps {
  room: string;
  roomName: string;
  /** The caller's mute end (ISO), while muted. */
  mutedUntil: string | null;
}

/**
 * Writes to a room: Enter sends, Shift+Enter starts a new line; a counter near the limit; the
 * server's sentence when it refuses (too fast, muted). Disabled while muted, saying until when.
 */
export function Composer({ room, roomName, mutedUntil }: ComposerProps) {
  const [text, setText] = useState('');
  const post = usePostMessage();
  const format = useDateTimeFormat();
  const id = useId();
  const trimmed = text.trim();
  const tooLong = trimmed.length > CHAT_TEXT_MAX_LENGTH;
  const muted = mutedUntil !== null;

  const send = () => {
    if (!trimmed || tooLong || muted || post.isPending) return;
    post.mutate({ room, body: { text: trimmed } }, { onSuccess: () => setText('') });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const note = muted
    ? `You are muted until ${format.dateTime(mutedUntil)}`
    : post.isError
      ? errorMessage(post.error, 'Your message could not be sent')
      : null;
  return (
    <form className="chat-composer" onSubmit={submit} aria-label={`Write to ${roomName}`}>
      <label htmlFor={id} className="visually-hidden">
        Message to {roomName}
      </label>
      <textarea
        id={id}
        className="chat-composer__input"
        rows={2}
        value={text}
        placeholder={muted ? 'You are muted' : `Message ${roomName}`}
        disabled={muted}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-note ${id}-count`}
        onChange={(event) => {
          setText(event.target.value);
          if (post.isError) post.reset();
        }}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer__bar">
        <p id={`${id}-note`} className="chat-composer__note" role={note ? 'alert' : undefined}>
          {note ?? (
            <span className="chat-composer__hint">Enter sends, Shift+Enter adds a line</span>
          )}
        </p>
        <span
          id={`${id}-count`}
          className={tooLong ? 'chat-composer__count is-over' : 'chat-composer__count'}
          aria-live="polite"
        >
          {text.length >= COUNTER_FROM ? `${trimmed.length} / ${CHAT_TEXT_MAX_LENGTH}` : ''}
        </span>
        <Button type="submit" disabled={!trimmed || tooLong || muted} busy={post.isPending}>
          Send
        </Button>
      </div>
    </form>
  );
}
