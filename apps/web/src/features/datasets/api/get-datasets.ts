import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const datasetsQueryKey = (q: string) => ['public', 'datasets', 'list', q] as const;

/** Published datasets and the tombstones of withdrawn ones, newest first; `q` searches them. */
export const getDatasets = (q: string, signal?: AbortSignal) =>
  api.get('/api/public/datasets/', { query: { q: q.trim() }, signal });

export const datasetsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: datasetsQueryKey(q.trim()),
    queryFn: ({ signal }) => getDatasets(q, signal),
    // A new search keeps the previous results on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useDatasets(q: string) {
  return useQuery(datasetsQueryOptions(q));
}
