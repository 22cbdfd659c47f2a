import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** One species by its stored name; a species without public colonies answers 404. */
export const speciesQueryOptions = (name: string) =>
  queryOptions({
    queryKey: queryKeys.species(name),
    queryFn: ({ signal }) => api.get('/api/public/species/{name}/', { params: { name }, signal }),
  });

export function useSpecies(name: string) {
  return useQuery(speciesQueryOptions(name));
}
