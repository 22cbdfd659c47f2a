import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const colonyChoicesQueryKey = ['public', 'colonies', 'choices'] as const;

/**
 * The sidebar's choices (species, projects, years) and the number of public colonies: small,
 * asked for at every page start. The total decides whether the map loads the whole feed or asks
 * the server for its markers (decision 0036).
 */
export const colonyChoicesQueryOptions = () =>
  queryOptions({
    queryKey: colonyChoicesQueryKey,
    queryFn: ({ signal }) => api.get('/api/public/colonies/choices/', { signal }),
    staleTime: 5 * 60_000,
  });

export function useColonyChoices() {
  return useQuery(colonyChoicesQueryOptions());
}
