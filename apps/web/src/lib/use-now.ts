import { useEffect, useState } from 'react';

/**
 * The current time in epoch milliseconds, read when the component mounts and again every
 * `intervalMs`, so rules that depend on the clock (the trading day, the grass cooldown) are
 * read again while a screen stays open. Actions read `Date.now()` themselves.
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
