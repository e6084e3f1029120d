import { API_BASE } from './api-client';

/** One server-sent event: its name (`message` when unnamed), its data and its id, if sent. */
export interface StreamEvent {
  event: string;
  data: string;
  id: string | null;
}

export interface EventStreamOptions {
  token: string;
  signal: AbortSignal;
  /** Sent as `Last-Event-ID`: the server replays what came after it. */
  lastEventId?: string | null;
  /** The server accepted the stream: events follow. */
  onOpen?: () => void;
  onEvent: (event: StreamEvent) => void;
}

/** The longest wait before opening a stream again after it dropped. */
export const STREAM_MAX_RETRY_MS = 30_000;

/** Waits before the `attempt`-th reconnection (0-based): 1, 2, 4 … 30 s. */
export function streamRetryDelay(attempt: number): number {
  return Math.min(1_000 * 2 ** attempt, STREAM_MAX_RETRY_MS);
}

/**
 * A server-sent event stream under `/api` (`path`, e.g. '/events'), read with fetch so the
 * bearer token stays in a header (an EventSource could only put it in the URL). Resolves when
 * the server ends the stream; rejects when it cannot be opened or breaks (and when `signal`
 * aborts it). Comments (heartbeats) are skipped.
 */
export async function readEventStream(path: string, options: EventStreamOptions): Promise<void> {
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    Authorization: `Bearer ${options.token}`,
  };
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
  const res = await fetch(`${API_BASE}${path}`, {
    headers,
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (!res.ok || !res.body) throw new Error(`The event stream answered ${res.status}`);
  options.onOpen?.();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const event = parseEventBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (event) options.onEvent(event);
    }
  }
}

/**
 * One event block (`event: journal`, `id: 12`, `data: {...}` lines); data lines are joined by
 * newlines. A block of comments alone (`: ping`) is no event: null.
 */
export function parseEventBlock(block: string): StreamEvent | null {
  let event = 'message';
  const data: string[] = [];
  let id: string | null = null;
  let fields = 0;
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields += 1;
    if (name === 'event') event = value.trim();
    else if (name === 'data') data.push(value);
    else if (name === 'id') id = value.trim();
  }
  return fields === 0 ? null : { event, data: data.join('\n'), id };
}
