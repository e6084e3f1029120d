import { formatCalendarDate, formatCount } from '@/lib/format';
import { SORTS, type HistoryFilters, type HistorySort } from '../lib/history-view';

type Options = readonly (readonly [value: string, label: string])[];

const SIDES: Options = [
  ['', 'Both sides'],
  ['long', 'Long'],
  ['short', 'Short'],
];
const STATUSES: Options = [
  ['', 'Any status'],
  ['OPEN', 'Open'],
  ['WIN', 'Win'],
  ['LOSS', 'Loss'],
  ['BE', 'Break-even'],
];
const SOURCES: Options = [
  ['', 'Any source'],
  ['verified', 'Verified'],
  ['self', 'Self-reported'],
  ['offPlan', 'Off-plan'],
];
const SORT_OPTIONS: Options = Object.entries(SORTS);

function Select<K extends keyof HistoryFilters>(props: {
  name: K;
  label: string;
  value: string;
  options: Options;
  change: (changes: Partial<HistoryFilters>) => void;
  wide?: boolean;
}) {
  return (
    <label className={props.wide ? 'history-filter history-filter--wide' : 'history-filter'}>
      <span className="history-filter__label">{props.label}</span>
      <select
        className="history-filter__control"
        value={props.value}
        onChange={(e) => props.change({ [props.name]: e.target.value } as Partial<HistoryFilters>)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

function DateInput(props: {
  name: 'from' | 'to';
  label: string;
  filters: HistoryFilters;
  change: (changes: Partial<HistoryFilters>) => void;
}) {
  const { from, to } = props.filters;
  return (
    <label className="history-filter">
      <span className="history-filter__label">{props.label}</span>
      <input
        type="date"
        className="history-filter__control"
        value={props.filters[props.name]}
        min={props.name === 'to' ? from || undefined : undefined}
        max={props.name === 'from' ? to || undefined : undefined}
        onChange={(e) => props.change({ [props.name]: e.target.value })}
      />
    </label>
  );
}

/**
 * The date range in the product's format ('opened 1 Oct 2026 to 6 Oct 2026'): a date input
 * shows the browser's own format (mm/dd/yyyy in en-US), so the bar says the range plainly.
 */
function rangeText({ from, to }: HistoryFilters): string | null {
  const start = formatCalendarDate(from, '');
  const end = formatCalendarDate(to, '');
  if (start && end) return start === end ? `opened on ${start}` : `opened ${start} to ${end}`;
  if (start) return `opened from ${start}`;
  if (end) return `opened until ${end}`;
  return null;
}

export interface HistoryFilterBarProps {
  filters: HistoryFilters;
  change: (changes: Partial<HistoryFilters>) => void;
  reset: () => void;
  pairs: readonly string[];
  matching: number;
  total: number;
  /** The trader's zone, named so "From" and "To" say whose calendar they are. */
  timeZone: string;
}

/**
 * The Trade History's filters (pair, side, status, source, opened from / to on the trader's
 * calendar) and sort, with how many trades match. Plain labelled selects and date inputs:
 * keyboard and screen readers work as everywhere.
 */
export function HistoryFilterBar(props: HistoryFilterBarProps) {
  const { filters, change } = props;
  const pairs: Options = [['', 'All pairs'], ...props.pairs.map((p) => [p, p] as const)];
  const narrowed = props.matching !== props.total;
  const range = rangeText(filters);
  return (
    <form
      className="history-filters"
      aria-label="Trade filters"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="history-filters__fields">
        <Select name="pair" label="Pair" value={filters.pair} options={pairs} change={change} />
        <Select name="side" label="Side" value={filters.side} options={SIDES} change={change} />
        <Select
          name="status"
          label="Status"
          value={filters.status}
          options={STATUSES}
          change={change}
        />
        <Select
          name="source"
          label="Source"
          value={filters.source}
          options={SOURCES}
          change={change}
        />
        <DateInput name="from" label="Opened from" filters={filters} change={change} />
        <DateInput name="to" label="Opened to" filters={filters} change={change} />
        <Select
          name="sort"
          label="Sort"
          value={filters.sort satisfies HistorySort}
          options={SORT_OPTIONS}
          change={change}
          wide
        />
      </div>
      <p className="history-filters__count" role="status">
        {narrowed
          ? `${formatCount(props.matching)} of ${formatCount(props.total)} trades match`
          : `${formatCount(props.total)} ${props.total === 1 ? 'trade' : 'trades'}`}
        {range ? ` · ${range}` : null}
        <span className="history-filters__zone"> · times in {props.timeZone}</span>
        {narrowed ? (
          <button type="button" className="history-filters__reset" onClick={props.reset}>
            Clear filters
          </button>
        ) : null}
      </p>
    </form>
  );
}
