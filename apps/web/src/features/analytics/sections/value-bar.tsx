import { toneOf } from '../format';

/**
 * A small horizontal bar beside a figure, its length the value against the largest in its
 * table (decoration: the figure beside it says the same).
 */
export function ValueBar({ value, largest }: { value: number | null; largest: number }) {
  const share = value === null || largest === 0 ? 0 : Math.min(1, Math.abs(value) / largest);
  return (
    <span className="an-bar" aria-hidden="true">
      <span
        className={`an-bar__fill an-bar__fill--${toneOf(value) ?? 'none'}`}
        style={{ width: `${Math.round(share * 100)}%` }}
      />
    </span>
  );
}
