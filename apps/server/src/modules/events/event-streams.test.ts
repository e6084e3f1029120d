import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Broadcast } from '../../lib/redis/broadcast.js';
import { RedisLink } from '../../lib/redis/redis-link.js';
import { EventStreams, HEARTBEAT_MS, STREAM_LIFETIME_MS } from './event-streams.js';
import { JournalEvents } from './journal-events.js';

/** What a stream wrote, on a response that is not a socket. */
class FakeResponse extends EventEmitter {
  chunks: string[] = [];
  headers: Record<string, unknown> = {};
  writableEnded = false;
  writeHead(_status: number, headers: Record<string, unknown>) {
    this.headers = headers;
  }
  write(chunk: string) {
    this.chunks.push(chunk);
  }
  end() {
    this.writableEnded = true;
    this.emit('close');
  }
}

function setup() {
  const events = new JournalEvents(new Broadcast(new RedisLink(undefined)));
  const streams = new EventStreams(events);
  const res = new FakeResponse();
  streams.open(res as unknown as ServerResponse, { userId: 'u1', sessionId: 's1' }, {});
  return { events, streams, res };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('EventStreams', () => {
  it('says ready, passes the trader’s changes, and a heartbeat comment every 25 s', async () => {
    const { events, res } = setup();
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.chunks).toEqual(['event: ready\ndata: {}\n\n']);
    await events.changed('u1', 'risk');
    await events.changed('u2', 'trades');
    expect(res.chunks.at(-1)).toBe('event: journal\ndata: {"kind":"risk"}\n\n');
    expect(res.chunks).toHaveLength(2);
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(res.chunks).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(res.chunks.at(-1)).toBe(': heartbeat\n\n');
  });

  it('ends after its lifetime, and stops listening once ended', () => {
    const { events, streams, res } = setup();
    expect(events.listeners('u1')).toBe(1);
    vi.advanceTimersByTime(STREAM_LIFETIME_MS);
    expect(res.writableEnded).toBe(true);
    expect(streams.size).toBe(0);
    expect(events.listeners('u1')).toBe(0);
  });

  it('endAll ends every stream; a closed client frees its place', () => {
    const { streams, res } = setup();
    const second = new FakeResponse();
    streams.open(second as unknown as ServerResponse, { userId: 'u1', sessionId: 's2' }, {});
    expect(streams.of({ userId: 'u1' })).toHaveLength(2);
    expect(streams.of({ sessionId: 's2' })).toHaveLength(1);
    second.emit('close');
    expect(streams.size).toBe(1);
    streams.endAll();
    expect(res.writableEnded).toBe(true);
    expect(streams.size).toBe(0);
  });
});
