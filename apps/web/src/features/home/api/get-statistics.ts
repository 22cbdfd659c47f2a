import type { TStatistics } from '@coral/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export const getStatistics = (signal?: AbortSignal) =>
  api.get('/api/public/statistics/', { signal });

export const statisticsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.statistics,
    queryFn: ({ signal }) => getStatistics(signal),
  });

/** What the strip shows when the call failed (product-spec §4: zeros on error). */
export const ZERO_STATISTICS: Pick<
  TStatistics,
  'coral_colonies' | 'research_projects' | 'countries' | 'data_access_24_7'
> = { coral_colonies: 0, research_projects: 0, countries: 0, data_access_24_7: false };

export function useStatistics() {
  return useQuery(statisticsQueryOptions());
}
