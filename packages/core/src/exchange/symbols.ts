/** Quote currency appended to order symbols without one (SPEC.md section 5). */
export const DEFAULT_QUOTE = 'USD';
/** Default chart symbol and exchange prefix (SPEC.md section 1). */
export const DEFAULT_CHART_SYMBOL = 'BTCUSD';
export const DEFAULT_CHART_EXCHANGE = 'COINBASE';
/** Default trading pair of a saved trade (SPEC.md section 9). */
export const DEFAULT_TRADING_PAIR = 'BTCUSDT';

const ORDER_SYMBOL = /^[A-Za-z0-9]{1,20}(-[A-Za-z0-9]{1,10})?$/;
const QUOTE_SUFFIXES = ['USDT', 'USDC', 'PERP', 'USD'] as const;

/**
 * The symbol an order is sent with: trimmed, and 'BTC' becomes 'BTC-USD' (a symbol without
 * '-' gets '-USD' appended). Case is kept (Hyperliquid has coins like 'kPEPE'). `null` when
 * empty or not of the form COIN or COIN-QUOTE (letters and digits).
 */
export function normalizeOrderSymbol(symbol: string): string | null {
  const text = typeof symbol === 'string' ? symbol.trim() : '';
  if (!ORDER_SYMBOL.test(text)) return null;
  return text.includes('-') ? text : `${text}-${DEFAULT_QUOTE}`;
}

/**
 * The base coin of a symbol in any of the shapes the app meets: 'BTC-USD', 'BTC/USD',
 * 'BTCUSDT', 'BTC-PERP', 'COINBASE:BTCUSD' → 'BTC'. `null` when nothing is left.
 */
export function symbolBase(symbol: string): string | null {
  let text = typeof symbol === 'string' ? symbol.trim() : '';
  text = text.slice(text.lastIndexOf(':') + 1);
  const [head = ''] = text.split(/[-/]/);
  let base = head;
  if (head === text) {
    const suffix = QUOTE_SUFFIXES.find(
      (q) => head.toUpperCase().endsWith(q) && head.length > q.length,
    );
    if (suffix) base = head.slice(0, -suffix.length);
  }
  return /^[A-Za-z0-9]{1,20}$/.test(base) ? base : null;
}

/**
 * The symbol of a price lookup (GET /api/exchange/price/:symbol): reduced to its base plus
 * '-USD' (SPEC.md section 7), e.g. 'BTC/USD' → 'BTC-USD'. `null` for an unusable symbol.
 */
export function priceSymbol(symbol: string): string | null {
  const base = symbolBase(symbol);
  return base === null ? null : `${base}-${DEFAULT_QUOTE}`;
}

/** The chart widget's symbol: 'COINBASE:BTCUSD' from symbol and exchange prefix. */
export function chartSymbol(
  symbol: string = DEFAULT_CHART_SYMBOL,
  exchange: string = DEFAULT_CHART_EXCHANGE,
): string {
  const clean = symbol.trim().toUpperCase() || DEFAULT_CHART_SYMBOL;
  return clean.includes(':')
    ? clean
    : `${exchange.trim().toUpperCase() || DEFAULT_CHART_EXCHANGE}:${clean}`;
}
