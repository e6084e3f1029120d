/**
 * An R-multiple with its sign and 2 decimals: '+3.00R', '-1.00R', '0.00R' (a value that rounds
 * to zero has no sign); non-finite values as '—'.
 */
export function formatSignedR(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const text = Math.abs(value).toFixed(2);
  if (text === '0.00') return '0.00R';
  return `${value > 0 ? '+' : '-'}${text}R`;
}
