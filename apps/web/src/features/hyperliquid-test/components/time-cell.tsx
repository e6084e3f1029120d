import { useTradingTimeZone } from '@/features/journal';
import { formatStamp } from '@/lib/format';

/**
 * A table time in the trader's zone: date above the time of day ('28 Nov 2026' / '12:51'), so
 * the column stays narrow on a phone.
 */
export function TimeCell({ ms }: { ms: number }) {
  const parts = formatStamp(ms, useTradingTimeZone());
  if (!parts) return <>—</>;
  return (
    <time className="time-cell" dateTime={parts.iso}>
      <span>{parts.date}</span> <span>{parts.time}</span>
    </time>
  );
}
