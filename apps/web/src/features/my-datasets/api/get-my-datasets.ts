import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** Private data (dropped at logout with every non-public query). */
export const myDatasetsQueryKey = ['my-datasets'] as const;
const detailQueryKey = (datasetId: number) => [...myDatasetsQueryKey, datasetId] as const;

export const myDatasetsQueryOptions = () =>
  queryOptions({
    queryKey: myDatasetsQueryKey,
    queryFn: ({ signal }) => api.get('/api/auth/datasets/', { signal }),
    staleTime: 0,
  });

/** GET /api/auth/datasets/: the signed-in user's datasets in every state. */
export function useMyDatasets() {
  const auth = useAuth();
  const query = useQuery({ ...myDatasetsQueryOptions(), enabled: auth.isAuthenticated });
  return { auth, query };
}

/** GET /api/auth/datasets/{id}/: what the owner may do now (`can`) and what review still needs. */
export function useMyDataset(datasetId: number) {
  return useQuery({
    queryKey: detailQueryKey(datasetId),
    queryFn: ({ signal }) =>
      api.get('/api/auth/datasets/{datasetId}/', { params: { datasetId }, signal }),
    staleTime: 0,
  });
}
