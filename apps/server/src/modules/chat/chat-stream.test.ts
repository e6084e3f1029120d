import type { ChatMessage } from '@tb/core';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Broadcast } from '../../lib/redis/broadcast.js';
import { ChatFeed } from './chat-feed.js';
import { chatStreamFeed } from './chat-stream.js';

const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
const who = { userId: 'u1', sessionId: 's1' };

const message = (id: number): ChatMessage => ({
  id: String(id),
  room: 'general',
  authorName: 'ann',
  authorId: 'u2',
  kind: 'text',
  text: `m${id}`,
  plan: null,
  createdAt: '2026-07-10T12:00:00.000Z',
  deleted: false,
});

/** A replay the test answers when it wants, and what the stream wrote. */
function setup(afterId: number | null) {
  // The Broadcast of one instance without Redis, whose reconnection the test can play.
  const handlers: Array<(raw: string) => void> = [];
  const resyncs: Array<() => void> = [];
  const broadcast = {
    subscribe: (_channel: string, handler: (raw: string) => void) => handlers.push(handler),
    onResync: (resync: () => void) => resyncs.push(resync),
    publish: async (_channel: string, raw: string) => {
      for (const handler of handlers) handler(raw);
    },
  };
  const feed = new ChatFeed(broadcast as unknown as Broadcast);
  const redisBack = () => {
    for (const resync of resyncs) resync();
  };
  const replays: Array<{ after: number; resolve: (messages: ChatMessage[]) => void }> = [];
  const replay = (after: number) =>
    new Promise<ChatMessage[]>((resolve) => replays.push({ after, resolve }));
  const chunks: string[] = [];
  const stop = chatStreamFeed(feed, replay, afterId, log)(who, (chunk) => chunks.push(chunk));
  const ids = () =>
    chunks
      .filter((chunk) => chunk.includes('event: message'))
      .map((chunk) => /^id: (\d+)$/m.exec(chunk)![1]);
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { feed, replays, chunks, ids, stop, flush, redisBack };
}

describe('chatStreamFeed', () => {
  it('without a start, passes live messages with their id as the event id', async () => {
    const { feed, replays, chunks, ids } = setup(null);
    expect(replays).toHaveLength(0);
    await feed.publish({ type: 'message', message: message(7) });
    expect(ids()).toEqual(['7']);
    expect(chunks[0]).toBe(
      `id: 7\nevent: message\ndata: ${JSON.stringify({ message: message(7) })}\n\n`,
    );
  });

  it('replays after the start, holds live ones back meanwhile, and sends each id once', async () => {
    const { feed, replays, ids, flush } = setup(4);
    expect(replays.map((r) => r.after)).toEqual([4]);
    // Stored during the replay's read: 6 is in the replay too, 8 only live.
    await feed.publish({ type: 'message', message: message(6) });
    await feed.publish({ type: 'message', message: message(8) });
    expect(ids()).toEqual([]);
    replays[0]!.resolve([message(5), message(6)]);
    await flush();
    expect(ids()).toEqual(['5', '6', '8']);
    await feed.publish({ type: 'message', message: message(8) });
    await feed.publish({ type: 'message', message: message(9) });
    expect(ids()).toEqual(['5', '6', '8', '9']);
  });

  it('sends deletes to all, a mute only to the muted user, and stops', async () => {
    const { feed, chunks, stop } = setup(null);
    await feed.publish({ type: 'deleted', id: '3', room: 'btc' });
    await feed.publish({
      type: 'muted',
      userId: 'someone-else',
      until: '2026-07-10T13:00:00.000Z',
    });
    await feed.publish({ type: 'muted', userId: 'u1', until: '2026-07-10T13:00:00.000Z' });
    await feed.publish({ type: 'unmuted', userId: 'u1' });
    expect(chunks).toEqual([
      'event: deleted\ndata: {"id":"3","room":"btc"}\n\n',
      'event: muted\ndata: {"until":"2026-07-10T13:00:00.000Z"}\n\n',
      'event: unmuted\ndata: {}\n\n',
    ]);
    stop();
    expect(feed.size).toBe(0);
    await feed.publish({ type: 'message', message: message(1) });
    expect(chunks).toHaveLength(3);
  });

  it('after a loss of Redis, reads again from just before the oldest id it sent', async () => {
    const { feed, replays, ids, flush, redisBack } = setup(null);
    await feed.publish({ type: 'message', message: message(10) });
    await feed.publish({ type: 'message', message: message(12) });
    redisBack();
    expect(replays.map((r) => r.after)).toEqual([9]);
    replays[0]!.resolve([message(10), message(11), message(12), message(13)]);
    await flush();
    expect(ids()).toEqual(['10', '12', '11', '13']);
  });

  it('after a loss of Redis with nothing sent and no start, has nothing to read again', () => {
    const { replays, redisBack } = setup(null);
    redisBack();
    expect(replays).toHaveLength(0);
  });
});
