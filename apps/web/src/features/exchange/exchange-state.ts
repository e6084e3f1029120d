import { useSyncExternalStore } from 'react';

/**
 * The exchange state kept in the browser (SPEC.md section 3): whether live trading is on (a
 * copy of the user's server-side setting, kept equal by useLiveTradingSync), and which
 * connection is the current one. The connections themselves come from the server.
 * Writes notify subscribers, so the top bar and the dashboard follow a change at once (and
 * other tabs through the storage event).
 */
const LIVE_TRADING_KEY = 'liveTradingEnabled';
const CURRENT_EXCHANGE_KEY = 'currentExchange';
const KEYS: readonly string[] = [LIVE_TRADING_KEY, CURRENT_EXCHANGE_KEY];

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores the value; false when the browser refused it (storage full or blocked). */
function write(key: string, value: string | null): boolean {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return true;
  } catch {
    // Storage full or blocked: the value is not kept.
    return false;
  } finally {
    emit();
  }
}

export function readLiveTradingEnabled(): boolean {
  return read(LIVE_TRADING_KEY) === 'true';
}

export function writeLiveTradingEnabled(enabled: boolean): void {
  write(LIVE_TRADING_KEY, enabled ? 'true' : null);
}

/** The id of the connection private exchange calls use; null means the server's default. */
export function readCurrentExchange(): string | null {
  return read(CURRENT_EXCHANGE_KEY);
}

export function writeCurrentExchange(connectionId: string | null): void {
  write(CURRENT_EXCHANGE_KEY, connectionId);
}

/** Subscribe to changes in this tab and in others (storage event). */
export function subscribeExchangeState(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || KEYS.includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether live trading is on, re-rendering when it changes. */
export function useLiveTradingEnabled(): boolean {
  return useSyncExternalStore(subscribeExchangeState, readLiveTradingEnabled, () => false);
}

/** The stored current connection id, re-rendering when it changes. */
export function useCurrentExchangeId(): string | null {
  return useSyncExternalStore(subscribeExchangeState, readCurrentExchange, () => null);
}
