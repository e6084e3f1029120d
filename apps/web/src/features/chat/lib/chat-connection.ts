import {
  ChatStreamEventSchemas,
  type ChatMessage,
  type ChatStreamDeletedEvent,
  type ChatStreamMutedEvent,
} from '@tb/core';
import {
  readEventStream,
  streamRetryDelay,
  type EventStreamOptions,
  type StreamEvent,
} from '@/lib/event-stream';
import { maxId } from './messages';

export interface ChatStreamHandlers {
  /**
   * The stream is open. `resumed`: it replays from the last id seen; otherwise (the first
   * connection, or no message seen yet) what was sent before it opened must be read again.
   */
  onOpen: (resumed: boolean) => void;
  /** The stream dropped; it is opened again after 1, 2, 4 … 30 s. */
  onDrop: () => void;
  onMessage: (message: ChatMessage) => void;
  onDeleted: (event: ChatStreamDeletedEvent) => void;
  onMuted: (event: ChatStreamMutedEvent) => void;
  /** An admin lifted the caller's mute. */
  onUnmuted: () => void;
}

export interface ChatConnectionDeps {
  read?: (path: string, options: EventStreamOptions) => Promise<void>;
  setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
}

/** Hands one event block of GET /api/chat/stream to its handler; unknown or bad ones are skipped. */
function dispatch(event: StreamEvent, handlers: ChatStreamHandlers): string | null {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return null;
  }
  if (event.event === 'message') {
    const parsed = ChatStreamEventSchemas.message.safeParse(data);
    if (!parsed.success) return null;
    handlers.onMessage(parsed.data.message);
    return event.id ?? parsed.data.message.id;
  }
  if (event.event === 'deleted') {
    const parsed = ChatStreamEventSchemas.deleted.safeParse(data);
    if (parsed.success) handlers.onDeleted(parsed.data);
  } else if (event.event === 'muted') {
    const parsed = ChatStreamEventSchemas.muted.safeParse(data);
    if (parsed.success) handlers.onMuted(parsed.data);
  } else if (event.event === 'unmuted') {
    handlers.onUnmuted();
  }
  return null;
}

/**
 * Follows GET /api/chat/stream until closed: keeps the id of the last message seen and, after
 * a drop, opens the stream again with it as Last-Event-ID so the server replays what was
 * missed (the cache de-duplicates by id). Returns the function that closes it.
 */
export function openChatStream(
  token: string,
  handlers: ChatStreamHandlers,
  deps: ChatConnectionDeps = {},
): () => void {
  const read = deps.read ?? readEventStream;
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer));
  const controller = new AbortController();
  let lastId: string | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    const resumeFrom = lastId;
    void read('/chat/stream', {
      token,
      signal: controller.signal,
      lastEventId: resumeFrom,
      onOpen: () => {
        attempt = 0;
        handlers.onOpen(resumeFrom !== null);
      },
      onEvent: (event) => {
        lastId = maxId(lastId, dispatch(event, handlers));
      },
    })
      .catch(() => undefined)
      .finally(() => {
        if (controller.signal.aborted) return;
        handlers.onDrop();
        timer = setTimer(connect, streamRetryDelay(attempt++));
      });
  };
  connect();
  return () => {
    controller.abort();
    if (timer !== undefined) clearTimer(timer);
  };
}
