import { vi } from 'vitest';
import { stubFetch, type MockReply, type MockRequest } from '@/test/fetch-mock';

/**
 * The network for chat tests: GET /api/chat/stream answered by streams the test writes events
 * to and drops; every other request goes to `handler` (stubFetch's mock, for assertions).
 */
export function fakeChatNetwork(handler: (req: MockRequest) => MockReply) {
  const json = stubFetch(handler);
  const streams: Array<{
    headers: Headers;
    send: (event: string, data: unknown, id?: string) => void;
    drop: () => void;
  }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!String(input).startsWith('/api/chat/stream')) return json(input, init);
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const encoder = new TextEncoder();
    init.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
    streams.push({
      headers: new Headers(init.headers),
      send: (event, data, id) =>
        controller.enqueue(
          encoder.encode(
            `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
          ),
        ),
      drop: () => controller.error(new Error('network')),
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { json, streams, stream: () => streams.at(-1)! };
}
