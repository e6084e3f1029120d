import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  /** Path after /api, e.g. "/users/me". */
  path: string;
  body: unknown;
  headers: Headers;
}

interface MockAnswer {
  status: number;
  body?: unknown;
  /** Headers beside Content-Type (e.g. an ETag). */
  headers?: Record<string, string>;
}

export type MockReply = MockAnswer | Promise<MockAnswer>;

/** Replaces global fetch (the network edge) with `handler`; returns the mock for assertions. */
export function stubFetch(handler: (req: MockRequest) => MockReply) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const signal = init.signal;
    const reply = handler({
      method: init.method ?? 'GET',
      path: url.replace(/^\/api/, ''),
      body,
      headers: new Headers(init.headers),
    });
    const {
      status,
      body: out,
      headers = {},
    } = await new Promise<MockAnswer>((resolve, reject) => {
      signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
      Promise.resolve(reply).then(resolve, reject);
    });
    return new Response(out === undefined ? null : JSON.stringify(out), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** A reply that never arrives (until the request is aborted). */
export function never(): Promise<{ status: number }> {
  return new Promise(() => {});
}

/** The requests the mock saw, as "METHOD /path". */
export function calls(mock: ReturnType<typeof stubFetch>): string[] {
  return mock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
}

export function errorBody(code: string, message: string, field?: string) {
  return { error: field ? { code, message, field } : { code, message } };
}
