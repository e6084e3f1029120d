import type { ChatMessage } from '@tb/core';
import type { FastifyBaseLogger } from 'fastify';
import { sseEvent, type StreamFeed } from '../events/event-streams.js';
import type { ChatEvent, ChatFeed } from './chat-feed.js';

/** Ids a stream remembers having sent, to send none twice (replay against live). */
const REMEMBERED_IDS = 1000;

/**
 * One chat stream's feed: `message` events (with the message id as the event id), `deleted`
 * to everyone, `muted` / `unmuted` to the muted user only. With `afterId` (Last-Event-ID or
 * ?after=) it first replays the live messages stored after it, while holding back what
 * arrives meanwhile; then the held-back ones go out, each id at most once. After a loss of
 * Redis it reads the database again from the oldest id it remembers, so nothing is lost and
 * nothing doubled.
 */
export function chatStreamFeed(
  feed: ChatFeed,
  replay: (afterId: number) => Promise<ChatMessage[]>,
  afterId: number | null,
  log: FastifyBaseLogger,
): StreamFeed {
  return (who, write) => {
    const sent = new Set<string>();
    let held: ChatEvent[] | null = null;
    const remember = (id: string) => {
      sent.add(id);
      if (sent.size > REMEMBERED_IDS) sent.delete(sent.values().next().value!);
    };
    const deliver = (event: ChatEvent) => {
      switch (event.type) {
        case 'message':
          if (sent.has(event.message.id)) return;
          remember(event.message.id);
          write(sseEvent('message', { message: event.message }, event.message.id));
          return;
        case 'deleted':
          write(sseEvent('deleted', { id: event.id, room: event.room }));
          return;
        case 'muted':
          if (event.userId === who.userId) write(sseEvent('muted', { until: event.until }));
          return;
        case 'unmuted':
          if (event.userId === who.userId) write(sseEvent('unmuted', {}));
      }
    };
    const catchUp = (after: number) => {
      held ??= [];
      replay(after)
        .then(
          (messages) => {
            for (const message of messages) deliver({ type: 'message', message });
          },
          (err: unknown) => log.warn({ err }, 'chat: could not replay messages to a stream'),
        )
        .finally(() => {
          const waiting = held ?? [];
          held = null;
          for (const event of waiting) deliver(event);
        });
    };
    // Where to read again from after a loss: just before the oldest id sent (one may have
    // been stored late), else the replay's start; a stream with neither has nothing to compare.
    const resync = () => {
      const first = sent.values().next();
      const from = first.done ? afterId : Number(first.value) - 1;
      if (from !== null) catchUp(from);
    };
    const stop = feed.listen((event) => (held ? held.push(event) : deliver(event)), resync);
    if (afterId !== null) catchUp(afterId);
    return stop;
  };
}
