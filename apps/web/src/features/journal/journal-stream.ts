import { useSyncExternalStore } from 'react';
import { readEventStream, type StreamEvent } from '@/lib/event-stream';
import { LIVE_REFRESH_MS } from './api';

/** What changed on the server: the trades, or the risk state. */
export type JournalChange = 'trades' | 'risk';

/**
 * How often a working bracket's trades and risk state are read while the server's push is
 * connected: only to catch what a lost event would miss (DESIGN.md section 9, issue 27).
 */
export const STREAM_FALLBACK_REFRESH_MS = 30_000;
export { STREAM_MAX_RETRY_MS, streamRetryDelay } from '@/lib/event-stream';

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
 * GET /api/events (server-sent events, lib/event-stream.ts). Resolves when the server ends the
 * stream; rejects when it cannot be opened or breaks (and when `signal` aborts it).
 */
export function readJournalStream(
  token: string,
  signal: AbortSignal,
  handlers: JournalStreamHandlers,
): Promise<void> {
  return readEventStream('/events', {
    token,
    signal,
    onEvent: (event) => dispatch(event, handlers),
  });
}

/** `event: ready`, then `event: journal` + `data: {"kind":"trades"}`. */
function dispatch({ event, data }: StreamEvent, handlers: JournalStreamHandlers): void {
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
