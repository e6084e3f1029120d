import { addDays, AnalyticsQuerySchema, tradingDate, type AnalyticsQuery } from '@tb/core';

/** The filters of the page, in the order they appear in the URL and in requests. */
export const FILTER_KEYS = ['from', 'to', 'pair', 'side', 'board', 'tier', 'source'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The filters a URL asks for, as core's AnalyticsQuerySchema reads them. A value the schema
 * refuses (a typo in a shared link, To before From) is dropped rather than failing the page.
 */
export function parseFilters(params: URLSearchParams): AnalyticsQuery {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  for (let attempt = 0; attempt < FILTER_KEYS.length; attempt++) {
    const parsed = AnalyticsQuerySchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  }
  return {};
}

/** The filters as query parameters, in a fixed order (also the request's query string). */
export function filtersToParams(filters: AnalyticsQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params;
}

/** '?from=...&to=...' or '' when there is no filter. */
export function filtersQueryString(filters: AnalyticsQuery): string {
  const text = filtersToParams(filters).toString();
  return text ? `?${text}` : '';
}

/** The date-range presets of the filters bar. */
export const PRESETS = [
  { id: '7d', label: '7 d', days: 7 },
  { id: '30d', label: '30 d', days: 30 },
  { id: '90d', label: '90 d', days: 90 },
  { id: 'year', label: 'Year', days: null },
  { id: 'all', label: 'All', days: null },
] as const;
export type PresetId = (typeof PRESETS)[number]['id'];

/**
 * The local dates a preset covers on the trader's calendar, both included: the last n days
 * ending today, "Year" from the first of January of this year, "All" no dates at all.
 */
export function presetRange(
  id: PresetId,
  now: number,
  timeZone: string,
): { from?: string; to?: string } {
  if (id === 'all') return {};
  const today = tradingDate(now, timeZone);
  if (id === 'year') return { from: `${today.slice(0, 4)}-01-01`, to: today };
  const days = PRESETS.find((preset) => preset.id === id)?.days ?? 1;
  return { from: addDays(today, 1 - days), to: today };
}

/** The preset the current dates match, or null for a custom range. */
export function activePreset(
  filters: Pick<AnalyticsQuery, 'from' | 'to'>,
  now: number,
  timeZone: string,
): PresetId | null {
  for (const preset of PRESETS) {
    const range = presetRange(preset.id, now, timeZone);
    if (range.from === filters.from && range.to === filters.to) return preset.id;
  }
  return null;
}

/** The filters with some keys changed; an empty string or undefined removes a key. */
export function withFilters(
  filters: AnalyticsQuery,
  changes: Partial<Record<FilterKey, string | number | undefined>>,
): URLSearchParams {
  const params = filtersToParams(filters);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  return filtersToParams(parseFilters(params));
}
