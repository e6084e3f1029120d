/**
 * The exchange state kept in the browser (SPEC.md section 3): whether live trading is on, and
 * which connection is the current one. The connections themselves come from the server.
 */
const LIVE_TRADING_KEY = 'liveTradingEnabled';
const CURRENT_EXCHANGE_KEY = 'currentExchange';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the value lasts for this page only.
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
