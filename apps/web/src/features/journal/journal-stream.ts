import { useSyncExternalStore } from 'react';
import { API_BASE } from '@/lib/api-client';
import { LIVE_REFRESH_MS } from './api';

/** What changed on the server: the trades, or the risk state. */
export type JournalChange = 'trades' | 'risk';

/**
 * How often a working bracket's trades and risk state are read while the server's push is
 * connected: only to catch what a lost event would miss (DESIGN.md section 9, issue 27).
 */
export const STREAM_FALLBACK_REFRESH_MS = 30_000;
/** The longest wait before opening the stream again after it dropped. */
export const STREAM_MAX_RETRY_MS = 30_000;

/** Waits before the `attempt`-th reconnection (0-based): 1, 2, 4 … 30 s. */
export function streamRetryDelay(attempt: number): number {
  return Math.min(1_000 * 2 ** attempt, STREAM_MAX_RETRY_MS);
}

/** The live trades' polling period: slow while the push is connected, else every 2 s. */
export function liveRefreshMs(streamConnected: boolean): number {
  return streamConnected ? STREAM_FALLBACK_REFRESH_MS : LIVE_REFRESH_MS;
}

export interface JournalStreamHandlers {
  /** The stream is open: from now on, changes arrive as events. */
  onReady: () => void;
  onChange: (kind: JournalChange) => void;
}

/**
 * GET /api/events (server-sent events), read with fetch so the bearer token stays in a header
 * (an EventSource could only put it in the URL). Resolves when the server ends the stream;
 * rejects when it cannot be opened or breaks (and when `signal` aborts it).
 */
export async function readJournalStream(
  token: string,
  signal: AbortSignal,
  handlers: JournalStreamHandlers,
): Promise<void> {
  const res = await fetch(`${API_BASE}/events`, {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
    credentials: 'same-origin',
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`The event stream answered ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      dispatch(buffer.slice(0, end), handlers);
      buffer = buffer.slice(end + 2);
    }
  }
}

/** One event block: `event: journal` + `data: {"kind":"trades"}`; comments are heartbeats. */
function dispatch(block: string, handlers: JournalStreamHandlers): void {
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (event === 'ready') handlers.onReady();
  if (event !== 'journal') return;
  try {
    const { kind } = JSON.parse(data) as { kind?: unknown };
    if (kind === 'trades' || kind === 'risk') handlers.onChange(kind);
  } catch {
    // Not ours to act on.
  }
}

let connected = false;
const listeners = new Set<() => void>();

/** Whether the journal's push is connected now (the dashboard's stream). */
export function setJournalStreamConnected(next: boolean): void {
  if (next === connected) return;
  connected = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => connected;

export function useJournalStreamConnected(): boolean {
  return useSyncExternalStore(subscribe, read, read);
}
