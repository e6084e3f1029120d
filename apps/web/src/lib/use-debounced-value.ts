import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delayMs`; the first value at once (search boxes:
 * one request, not one per key; the chart: one reload per settled symbol).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  return settled;
}
