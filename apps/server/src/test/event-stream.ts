/** One server-sent event as a test reads it; a comment line is `{ event: 'comment' }`. */
export interface ReadEvent {
  event: string;
  data: unknown;
  /** The `id:` line, when the event had one. */
  id?: string;
}

/**
 * GET /api/events over real HTTP (app.inject waits for the end of a response; a stream has
 * none), read as it arrives. `until` waits for what the test expects, failing if the stream
 * ends first; the test's own timeout bounds it.
 */
export async function openEventStream(
  baseUrl: string,
  token?: string,
  opts: { path?: string; headers?: Record<string, string> } = {},
) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}${opts.path ?? '/api/events'}`, {
    // As a browser asks: the stream must still go out uncompressed (compression buffers).
    headers: {
      'accept-encoding': 'gzip, br',
      ...(token && { authorization: `Bearer ${token}` }),
      ...opts.headers,
    },
    signal: controller.signal,
  });
  const events: ReadEvent[] = [];
  let ended = false;
  const waiters: Array<() => void> = [];
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  void (async () => {
    if (!res.ok || !res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          events.push(parseBlock(buffer.slice(0, i)));
          buffer = buffer.slice(i + 2);
        }
        wake();
      }
    } catch {
      // Aborted by the test.
    } finally {
      ended = true;
      wake();
    }
  })();
  const until = (holds: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (holds()) resolve();
        else if (ended) reject(new Error(`the stream ended before ${what}`));
        else waiters.push(check);
      };
      check();
    });
  const journal = () => events.filter((e) => e.event === 'journal').map((e) => e.data);
  return {
    res,
    events,
    /** The `journal` events' data so far. */
    journal,
    until,
    /** Waits until `n` journal events arrived. */
    journalEvents: (n: number) => until(() => journal().length >= n, `${n} journal events`),
    ended: () => until(() => ended, 'its end'),
    close: () => controller.abort(),
  };
}

function parseBlock(block: string): ReadEvent {
  if (block.startsWith(':')) return { event: 'comment', data: block.slice(1).trim() };
  let event = 'message';
  let data = '';
  let id: string | undefined;
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
    else if (line.startsWith('id: ')) id = line.slice(4);
  }
  return {
    event,
    data: data ? (JSON.parse(data) as unknown) : null,
    ...(id !== undefined && { id }),
  };
}
