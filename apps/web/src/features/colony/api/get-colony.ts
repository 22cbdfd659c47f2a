import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** One public colony's page; a malformed id answers 400, an unknown or unpublished one 404. */
export const getColony = (colonyId: string, signal?: AbortSignal) =>
  api.get('/api/public/colonies/{colonyId}/', { params: { colonyId }, signal });

export const colonyQueryOptions = (colonyId: string) =>
  queryOptions({
    queryKey: queryKeys.colony(colonyId),
    queryFn: ({ signal }) => getColony(colonyId, signal),
  });

export function useColony(colonyId: string) {
  return useQuery(colonyQueryOptions(colonyId));
}
