import { filterSetToQueryString, parseFilterQuery, type FilterSet } from '@coral/core';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** `species=…&years=2022&absThermalTolerance=33.5,40` (commas kept readable in the address). */
export function filterSearch(filters: FilterSet): string {
  const query = filterSetToQueryString(filters).replaceAll('%2C', ',');
  return query === '' ? '' : `?${query}`;
}

/**
 * The applied filter set lives in the address (bookmark, share, back and forward). Parameters
 * the map does not understand are ignored; applying filters writes a new history entry.
 */
export function useUrlFilters(): [FilterSet, (filters: FilterSet) => void] {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => parseFilterQuery(searchParams).filters, [searchParams]);
  const setFilters = useCallback(
    (next: FilterSet) => {
      // Rendered at once, not as a transition: the map answers a click within a frame or two.
      void navigate({ search: filterSearch(next) }, { flushSync: true });
    },
    [navigate],
  );
  return [filters, setFilters];
}
