import type { ChatMessage } from '@tb/core';
import type { Broadcast } from '../../lib/redis/broadcast.js';

/** What every instance's chat streams hear. */
export type ChatEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'deleted'; id: string; room: string }
  | { type: 'muted'; userId: string; until: string }
  | { type: 'unmuted'; userId: string };

type Listener = (event: ChatEvent) => void;

/** The broadcast channel of the chat (Redis pub/sub between instances). */
export const CHAT_CHANNEL = 'chat:events';

function parseEvent(raw: string): ChatEvent | null {
  try {
    const value = JSON.parse(raw) as Partial<Record<string, unknown>> & { type?: unknown };
    switch (value.type) {
      case 'message':
        return typeof value.message === 'object' && value.message !== null
          ? { type: 'message', message: value.message as ChatMessage }
          : null;
      case 'deleted':
        return typeof value.id === 'string' && typeof value.room === 'string'
          ? { type: 'deleted', id: value.id, room: value.room }
          : null;
      case 'muted':
        return typeof value.userId === 'string' && typeof value.until === 'string'
          ? { type: 'muted', userId: value.userId, until: value.until }
          : null;
      case 'unmuted':
        return typeof value.userId === 'string' ? { type: 'unmuted', userId: value.userId } : null;
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/**
 * The chat's fan-out: what one instance stores (a message, a delete, a mute) is published on
 * the app's Broadcast, so every instance's open streams hear it within a second; the
 * publishing instance's own listeners hear it at once. After Redis came back from a loss, the
 * resync listeners run: streams read what they may have missed from the database.
 */
export class ChatFeed {
  readonly #listeners = new Set<Listener>();
  readonly #resyncs = new Set<() => void>();

  constructor(private readonly broadcast: Broadcast) {
    broadcast.subscribe(CHAT_CHANNEL, (raw) => {
      const event = parseEvent(raw);
      if (event) for (const listener of [...this.#listeners]) listener(event);
    });
    broadcast.onResync(() => {
      for (const resync of [...this.#resyncs]) resync();
    });
  }

  /** Sends `event` to every instance; never rejects. */
  async publish(event: ChatEvent): Promise<void> {
    await this.broadcast.publish(CHAT_CHANNEL, JSON.stringify(event));
  }

  /** Calls `listener` with every event and `resync` after a loss of Redis; answers how to stop. */
  listen(listener: Listener, resync?: () => void): () => void {
    this.#listeners.add(listener);
    if (resync) this.#resyncs.add(resync);
    return () => {
      this.#listeners.delete(listener);
      if (resync) this.#resyncs.delete(resync);
    };
  }

  get size(): number {
    return this.#listeners.size;
  }
}
