import type { AnalyticsQuery } from '@tb/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseFilters, withFilters, type FilterKey } from './filters';

export interface FiltersState {
  filters: AnalyticsQuery;
  /** Changes some filters; each change is a history entry, so Back undoes it. */
  change: (changes: Partial<Record<FilterKey, string | number | undefined>>) => void;
}

/** The page's filters, kept in the URL (?from=&to=&pair=&side=&board=&tier=&source=). */
export function useFilters(): FiltersState {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Parsed once per URL, so the query key stays the same object between renders.
  const filters = useMemo(() => parseFilters(new URLSearchParams(search)), [search]);
  const change = useCallback(
    (changes: Partial<Record<FilterKey, string | number | undefined>>) =>
      setParams(withFilters(filters, changes)),
    [filters, setParams],
  );
  return { filters, change };
}
