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

/**
 * How many ids before the last one seen a reconnect asks for again. Ids are given when a
 * message is stored but become visible when its transaction commits, so a message with a
 * smaller id can appear after a larger one was sent; asking a little further back (and
 * dropping the ids already seen) means such a message is not lost across a drop.
 */
export const RESUME_OVERLAP = 50;
/** Message ids a connection remembers having handed over (a replay sends some again). */
const REMEMBERED_IDS = 1000;

/** The Last-Event-ID of a reconnect: {@link RESUME_OVERLAP} ids before the last one seen. */
export function resumeId(lastId: string | null): string | null {
  return lastId === null ? null : String(Math.max(0, Number(lastId) - RESUME_OVERLAP));
}

/**
 * Hands one event block of GET /api/chat/stream to its handler; unknown or bad ones are
 * skipped, and so is a message whose id `seen` holds (it answers false for a new one, which
 * it then remembers).
 */
function dispatch(
  event: StreamEvent,
  handlers: ChatStreamHandlers,
  seen: (id: string) => boolean,
): string | null {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return null;
  }
  if (event.event === 'message') {
    const parsed = ChatStreamEventSchemas.message.safeParse(data);
    if (!parsed.success) return null;
    if (!seen(parsed.data.message.id)) handlers.onMessage(parsed.data.message);
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
 * a drop, opens the stream again from a little before it ({@link resumeId}) so the server
 * replays what was missed; messages already handed over are not handed over again. Returns the
 * function that closes it.
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
  const handed = new Set<string>();
  const seen = (id: string) => {
    if (handed.has(id)) return true;
    handed.add(id);
    if (handed.size > REMEMBERED_IDS) handed.delete(handed.values().next().value!);
    return false;
  };
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    const resumed = lastId !== null;
    void read('/chat/stream', {
      token,
      signal: controller.signal,
      lastEventId: resumeId(lastId),
      onOpen: () => {
        attempt = 0;
        handlers.onOpen(resumed);
      },
      onEvent: (event) => {
        lastId = maxId(lastId, dispatch(event, handlers, seen));
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
