import { symbolBase } from '@tb/core';

/**
 * The coin of `symbol` among `coins` (meta's universe names), matched case-insensitively and
 * returned with meta's case: 'btc', 'BTC-USD', 'BTC/USD', 'BTCUSDT' → 'BTC'; 'KPEPE' → 'kPEPE'.
 * The symbol as typed is tried before its base, so a coin whose name ends like a quote
 * ('AUSD') still resolves. `null` when no coin matches.
 */
export function resolveCoin(coins: Iterable<string>, symbol: string): string | null {
  const text = typeof symbol === 'string' ? symbol.trim() : '';
  const wanted = [text, symbolBase(text)].flatMap((s) => (s ? [s.toUpperCase()] : []));
  const byUpper = new Map<string, string>();
  for (const coin of coins) byUpper.set(coin.toUpperCase(), coin);
  for (const w of wanted) {
    const coin = byUpper.get(w);
    if (coin) return coin;
  }
  return null;
}
