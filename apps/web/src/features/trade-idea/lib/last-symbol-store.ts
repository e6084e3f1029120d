import { useSyncExternalStore } from 'react';
import { readStored, TRADE_IDEA_KEYS, writeStored } from './trade-idea-storage';

/**
 * The trading pair of the trade idea, shared with the chart in the same tab (the storage event
 * only reaches other tabs). Stored as typed, or as the exchange's symbol when picked from the
 * market list ('kPEPE-USD' keeps its case).
 */
const listeners = new Set<() => void>();

export function writeLastSymbol(symbol: string): void {
  writeStored(TRADE_IDEA_KEYS.lastSymbol, symbol);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TRADE_IDEA_KEYS.lastSymbol) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const read = () => readStored(TRADE_IDEA_KEYS.lastSymbol)?.trim() || null;

/** The trade idea's pair, or null when none was chosen; re-renders when it changes. */
export function useLastSymbol(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
