/**
 * Rounds half away from zero to `decimals` places, on the decimal digits a person sees rather
 * than on the binary value (so `roundTo(1.005, 2)` is 1.01, not 1.00).
 *
 * @param value any number; NaN and ±Infinity are returned unchanged.
 * @param decimals whole number of decimal places, 0 to 20.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`decimals must be a whole number from 0 to 20, got ${decimals}`);
  }
  if (!Number.isFinite(value) || value === 0) return value;
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(shiftDecimal(Math.abs(value), decimals));
  const result = sign * shiftDecimal(shifted, -decimals);
  return Object.is(result, -0) ? 0 : result;
}

/** `value × 10^places`, done on the decimal string so no binary error creeps in. */
function shiftDecimal(value: number, places: number): number {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}
