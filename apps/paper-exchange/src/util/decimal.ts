/**
 * Decimal strings as Hyperliquid's wire format wants them: no exponent, no trailing zeros,
 * no leading zeros ("100.0" -> "100", "0.0100" -> "0.01").
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** The canonical form of a non-negative decimal string, or null when it is not one. */
export function normalizeDecimal(text: string): string | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const int = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const frac = (match[2] ?? '').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** Digits after the decimal point of a canonical decimal string. */
export function decimalPlaces(canonical: string): number {
  const dot = canonical.indexOf('.');
  return dot < 0 ? 0 : canonical.length - dot - 1;
}

/** Significant figures of a canonical decimal string ("0.0150" has 2, "95000" has 5). */
export function significantFigures(canonical: string): number {
  const digits = canonical.replace('.', '').replace(/^0+/, '');
  return digits.length;
}

/** Rounds to `decimals` places, avoiding binary noise (0.1 + 0.2 -> 0.3). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

/** A number as a wire decimal string with at most `decimals` places ("-0" becomes "0"). */
export function formatDecimal(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

/** USDC amounts are shown with 6 decimals at most. */
export function formatUsd(value: number): string {
  return formatDecimal(value, 6);
}
