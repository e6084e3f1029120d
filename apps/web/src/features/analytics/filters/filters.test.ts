import { describe, expect, it } from 'vitest';
import {
  activePreset,
  filtersQueryString,
  parseFilters,
  presetRange,
  withFilters,
} from './filters';

const NOV_20_NOON_UTC = Date.parse('2026-11-20T12:00:00.000Z');

describe('parseFilters', () => {
  it('reads every filter of the URL', () => {
    const params = new URLSearchParams(
      'from=2026-11-01&to=2026-11-20&pair=ethusdt&side=short&board=b1&tier=3&source=exchange',
    );
    expect(parseFilters(params)).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
      pair: 'ETHUSDT',
      side: 'short',
      board: 'b1',
      tier: 3,
      source: 'exchange',
    });
  });

  it.each([
    ['a side that is not long or short', 'side=sideways&pair=BTCUSDT', { pair: 'BTCUSDT' }],
    ['a date that does not exist', 'from=2026-02-30&to=2026-03-01', { to: '2026-03-01' }],
    ['To before From', 'from=2026-03-05&to=2026-03-01', { from: '2026-03-05' }],
    ['a tier out of range', 'tier=9', {}],
    ['empty values', 'pair=&side=', {}],
  ])('drops %s and keeps the rest', (_, search, expected) => {
    expect(parseFilters(new URLSearchParams(search))).toEqual(expected);
  });
});

describe('filtersQueryString', () => {
  it('writes the filters in one fixed order', () => {
    expect(filtersQueryString({ pair: 'BTCUSDT', to: '2026-11-20', from: '2026-11-01' })).toBe(
      '?from=2026-11-01&to=2026-11-20&pair=BTCUSDT',
    );
    expect(filtersQueryString({})).toBe('');
  });
});

describe('presets', () => {
  it.each([
    ['7d', { from: '2026-11-14', to: '2026-11-20' }],
    ['30d', { from: '2026-10-22', to: '2026-11-20' }],
    ['90d', { from: '2026-08-23', to: '2026-11-20' }],
    ['year', { from: '2026-01-01', to: '2026-11-20' }],
    ['all', {}],
  ] as const)('%s ends today on the trader’s calendar', (id, range) => {
    expect(presetRange(id, NOV_20_NOON_UTC, 'UTC')).toEqual(range);
  });

  it('counts days in the trader’s zone: 20 Nov 12:00 UTC is already the 21st in Auckland', () => {
    expect(presetRange('7d', NOV_20_NOON_UTC, 'Pacific/Auckland')).toEqual({
      from: '2026-11-15',
      to: '2026-11-21',
    });
  });

  it('knows which preset the dates match', () => {
    const now = NOV_20_NOON_UTC;
    expect(activePreset({ from: '2026-10-22', to: '2026-11-20' }, now, 'UTC')).toBe('30d');
    expect(activePreset({}, now, 'UTC')).toBe('all');
    expect(activePreset({ from: '2026-10-21', to: '2026-11-20' }, now, 'UTC')).toBeNull();
  });
});

describe('withFilters', () => {
  it('changes some filters and removes the emptied ones', () => {
    const next = withFilters({ from: '2026-11-01', pair: 'BTCUSDT' }, { pair: '', side: 'long' });
    expect(next.toString()).toBe('from=2026-11-01&side=long');
  });
});
