import { formatCalendarDate, type AnalyticsQuery, type AnalyticsResponse } from '@tb/core';
import type { ReactNode } from 'react';
import { useNow } from '@/lib/use-now';
import './filters.css';
import { tierLabel } from '../format';
import { activePreset, PRESETS, presetRange, type FilterKey } from './filters';

export interface FiltersBarProps {
  filters: AnalyticsQuery;
  change: (changes: Partial<Record<FilterKey, string | number | undefined>>) => void;
  options: AnalyticsResponse['options'];
  timeZone: string;
  /** Buttons at the end of the bar (Export CSV). */
  actions?: ReactNode;
}

interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [value: string, label: string])[];
}

function Select({ label, value, onChange, options }: SelectProps) {
  return (
    <label className="an-filter">
      <span className="an-filter__label">{label}</span>
      <select
        className="an-filter__control"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The chosen range in the product's date format ('1 Nov 2026 to 28 Nov 2026'): a date input
 * shows the browser's own format (mm/dd/yyyy in en-US), so the bar also says it plainly.
 */
function rangeText(from: string | undefined, to: string | undefined): string | null {
  const start = formatCalendarDate(from, '');
  const end = formatCalendarDate(to, '');
  if (start && end) return start === end ? `On ${start}` : `${start} to ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return null;
}

/** A value the options lack (from a shared link) is still offered, so the select shows it. */
const withCurrent = (
  options: (readonly [string, string])[],
  value: string | undefined,
  label: (value: string) => string,
) =>
  value === undefined || options.some(([v]) => v === value)
    ? options
    : [...options, [value, label(value)] as const];

/**
 * The filters: date presets and a custom range on the trader's calendar, pair, side, board,
 * score tier and source. Each change goes to the URL (useFilters).
 */
export function FiltersBar({ filters, change, options, timeZone, actions }: FiltersBarProps) {
  const now = useNow();
  const active = activePreset(filters, now, timeZone);
  const range = rangeText(filters.from, filters.to);
  const pairs = withCurrent(
    [['', 'All pairs'], ...options.pairs.map((pair) => [pair, pair] as const)],
    filters.pair,
    (pair) => pair,
  );
  const boards = withCurrent(
    [['', 'All boards'], ...options.boards.map((board) => [board.id, board.name] as const)],
    filters.board,
    () => 'Another board',
  );
  return (
    <form className="an-filters" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      <div className="an-presets" role="group" aria-label="Date range">
        {PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className="an-preset"
            aria-pressed={active === preset.id}
            onClick={() => change(presetRange(preset.id, Date.now(), timeZone))}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <div className="an-filters__fields">
        <label className="an-filter">
          <span className="an-filter__label">From</span>
          <input
            type="date"
            className="an-filter__control"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => change({ from: e.target.value })}
          />
        </label>
        <label className="an-filter">
          <span className="an-filter__label">To</span>
          <input
            type="date"
            className="an-filter__control"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => change({ to: e.target.value })}
          />
        </label>
        <Select
          label="Pair"
          value={filters.pair ?? ''}
          onChange={(pair) => change({ pair })}
          options={pairs}
        />
        <Select
          label="Side"
          value={filters.side ?? ''}
          onChange={(side) => change({ side })}
          options={[
            ['', 'Both sides'],
            ['long', 'Long'],
            ['short', 'Short'],
          ]}
        />
        <Select
          label="Board"
          value={filters.board ?? ''}
          onChange={(board) => change({ board })}
          options={boards}
        />
        <Select
          label="Tier"
          value={filters.tier === undefined ? '' : String(filters.tier)}
          onChange={(tier) => change({ tier })}
          options={[
            ['', 'All tiers'],
            ...[1, 2, 3, 4, 5].map((t) => [String(t), tierLabel(t)] as const),
          ]}
        />
        <Select
          label="Source"
          value={filters.source ?? ''}
          onChange={(source) => change({ source })}
          options={[
            ['', 'All sources'],
            ['journal', 'Journal'],
            ['exchange', 'Exchange-verified'],
            ['offPlan', 'Off-plan'],
          ]}
        />
      </div>
      {range ? <p className="an-filters__range">{range}</p> : null}
      {actions ? <div className="an-filters__actions">{actions}</div> : null}
    </form>
  );
}
