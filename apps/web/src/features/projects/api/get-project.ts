import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** One project; an unknown or malformed id answers 404 (shown as 'Project Not Found'). */
export const getProject = (projectId: string, signal?: AbortSignal) =>
  api.get('/api/public/projects/{projectId}/', { params: { projectId }, signal });

export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.project(projectId),
    queryFn: ({ signal }) => getProject(projectId, signal),
  });

export function useProject(projectId: string) {
  return useQuery(projectQueryOptions(projectId));
}
