import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The published datasets (and tombstones) of one project, for its page. */
export const getProjectDatasets = (projectId: number, signal?: AbortSignal) =>
  api.get('/api/public/datasets/', { query: { project: String(projectId) }, signal });

export const projectDatasetsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['public', 'datasets', 'project', projectId] as const,
    queryFn: ({ signal }) => getProjectDatasets(projectId, signal),
  });

export function useProjectDatasets(projectId: number) {
  return useQuery(projectDatasetsQueryOptions(projectId));
}
