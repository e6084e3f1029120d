import { formatStamp } from '@/lib/format';

/** A table time: date above the time of day, so the column stays narrow on a phone. */
export function TimeCell({ ms }: { ms: number }) {
  const parts = formatStamp(ms);
  if (!parts) return <>—</>;
  return (
    <time className="time-cell" dateTime={parts.iso}>
      <span>{parts.date}</span> <span>{parts.time}</span>
    </time>
  );
}
