import { roundTo } from './round.js';
import { symbolBase } from '../exchange/symbols.js';

/** Significant figures of a Hyperliquid price (HYPERLIQUID.md, tick rules). */
export const PRICE_SIGNIFICANT_FIGURES = 5;
/** Most decimals a perp price can have: 6 − szDecimals on Hyperliquid, 6 when unknown. */
export const MAX_PRICE_DECIMALS = 6;

export interface PriceFormatOptions {
  /**
   * The market's size decimals (Hyperliquid's `szDecimals`, the markets' `sizeDecimals`). When
   * known, the price is shown as the exchange would take it: 5 significant figures and at most
   * 6 − szDecimals decimals, integers always whole.
   */
  szDecimals?: number | undefined;
}

/** Decimal places of a number as JavaScript prints it: 4409.7 → 1, 1e-7 → 7, 195 → 0. */
export function decimalsOf(value: number): number {
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** Decimals that keep `PRICE_SIGNIFICANT_FIGURES` figures: 4409.7 → 1, 0.1932 → 5. */
function significantDecimals(value: number): number {
  const exponent = Number(Math.abs(value).toExponential().split('e')[1]);
  return Math.max(0, PRICE_SIGNIFICANT_FIGURES - 1 - exponent);
}

/**
 * The price a market shows: with `szDecimals`, rounded half away from zero to 5 significant
 * figures and at most 6 − szDecimals decimals (an integer stays whole, as Hyperliquid allows);
 * without, the price as it was given when it has at most 6 decimals (what the trader typed),
 * else 5 significant figures with at most 6 decimals (a computed average).
 */
export function roundPrice(value: number, options: PriceFormatOptions = {}): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return value;
  const { szDecimals } = options;
  if (szDecimals === undefined || !Number.isInteger(szDecimals) || szDecimals < 0) {
    if (decimalsOf(value) <= MAX_PRICE_DECIMALS) return value;
    return roundTo(value, Math.min(significantDecimals(value), MAX_PRICE_DECIMALS));
  }
  const maxDecimals = Math.max(0, MAX_PRICE_DECIMALS - szDecimals);
  return roundTo(value, Math.min(significantDecimals(value), maxDecimals));
}

const priceFormats = new Map<number, Intl.NumberFormat>();

function formatOf(decimals: number): Intl.NumberFormat {
  let format = priceFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    priceFormats.set(decimals, format);
  }
  return format;
}

/**
 * A price at its market's precision (see {@link roundPrice}), with thousands separators and no
 * padding zeros: DOGE 0.1932 → '0.1932', SOL 195 → '195', ETH 4409.7 → '4,409.7', BTC (szDecimals
 * 5) 64250.4 → '64,250'. '—' when not finite. Sizes and dollar amounts are not prices: they keep
 * SPEC.md's display decimals (formatAmount, formatUsd).
 *
 * @param value price in dollars per unit of the coin.
 */
export function formatPrice(value: number, options: PriceFormatOptions = {}): string {
  if (!Number.isFinite(value)) return '—';
  const rounded = roundPrice(value, options);
  if (rounded === 0) return '0';
  return formatOf(decimalsOf(rounded)).format(rounded);
}

/** A price of `symbol` ('ETH-USD', 'DOGEUSDT', 'ETH') at that market's precision. */
export type PriceText = (value: number, symbol: string) => string;

/**
 * The price formatter of a market list (GET /api/exchange/markets): each symbol's price at its
 * market's szDecimals, found by base coin in any of the app's symbol shapes; a symbol the list
 * does not hold gets formatPrice's rule for an unknown market.
 */
export function marketPriceText(
  markets: readonly { base: string; sizeDecimals?: number | undefined }[],
): PriceText {
  const byBase = new Map<string, number>();
  for (const m of markets) {
    if (m.sizeDecimals !== undefined) byBase.set(m.base.toUpperCase(), m.sizeDecimals);
  }
  return (value, symbol) => {
    const base = symbolBase(symbol);
    return formatPrice(value, { szDecimals: base ? byBase.get(base.toUpperCase()) : undefined });
  };
}
