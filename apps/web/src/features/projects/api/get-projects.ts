import type { TProjectListItem } from '@coral/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/**
 * The projects list. A failed fetch is only logged and the list stays empty (product-spec §8), so
 * the page shows 'No Projects Available'.
 */
export async function getProjects(signal?: AbortSignal): Promise<TProjectListItem[]> {
  try {
    return await api.get('/api/public/projects/', { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Error fetching projects', error);
    return [];
  }
}

export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.projects,
    queryFn: ({ signal }) => getProjects(signal),
  });

export function useProjects() {
  return useQuery(projectsQueryOptions());
}
