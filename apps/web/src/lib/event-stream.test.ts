import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  parseEventBlock,
  readEventStream,
  streamRetryDelay,
  type StreamEvent,
} from './event-stream';

describe('parseEventBlock', () => {
  it.each([
    [
      'a named event with an id',
      'event: message\nid: 12\ndata: {"a":1}',
      { event: 'message', id: '12', data: '{"a":1}' },
    ],
    ['an unnamed event', 'data: hi', { event: 'message', id: null, data: 'hi' }],
    ['data on two lines', 'data: one\ndata: two', { event: 'message', id: null, data: 'one\ntwo' }],
    ['no space after the colon', 'event:ready\ndata:{}', { event: 'ready', id: null, data: '{}' }],
  ])('%s', (_scenario, block, expected) => {
    expect(parseEventBlock(block)).toEqual(expected);
  });

  it('a heartbeat (comments only) is no event', () => {
    expect(parseEventBlock(': ping')).toBeNull();
  });
});

describe('streamRetryDelay', () => {
  it('doubles from 1 s up to 30 s', () => {
    expect([0, 1, 2, 4, 5, 10].map(streamRetryDelay)).toEqual([
      1_000, 2_000, 4_000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('readEventStream', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token and Last-Event-ID, and hands over events split across chunks', async () => {
    const chunks = [
      'id: 1\nevent: message\nda',
      'ta: {"x":1}\r\n\r\n: ping\n\n',
      'id: 2\ndata: y\n\n',
    ];
    const fetch = vi.fn(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
              controller.close();
            },
          }),
        ),
    );
    vi.stubGlobal('fetch', fetch);
    const events: StreamEvent[] = [];
    await readEventStream('/chat/stream', {
      token: 't1',
      signal: new AbortController().signal,
      lastEventId: '7',
      onEvent: (event) => events.push(event),
    });
    expect(fetch).toHaveBeenCalledWith(
      '/api/chat/stream',
      expect.objectContaining({
        headers: { Accept: 'text/event-stream', Authorization: 'Bearer t1', 'Last-Event-ID': '7' },
      }),
    );
    expect(events).toEqual([
      { event: 'message', id: '1', data: '{"x":1}' },
      { event: 'message', id: '2', data: 'y' },
    ]);
  });

  it('rejects when the server refuses the stream', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 403 })),
    );
    await expect(
      readEventStream('/chat/stream', {
        token: 't1',
        signal: new AbortController().signal,
        onEvent: () => undefined,
      }),
    ).rejects.toThrow('The event stream answered 403');
  });
});
