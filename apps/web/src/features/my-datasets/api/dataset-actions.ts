import type { TDatasetDetail, TDatasetMetadataUpdate } from '@coral/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myDatasetsQueryKey } from './get-my-datasets';

/** One version of one dataset: what every change of state is addressed to. */
export interface VersionRef {
  datasetId: number;
  version: number;
}

const params = ({ datasetId, version }: VersionRef) => ({ params: { datasetId, version } });

export const editMetadata = (ref: VersionRef, update: TDatasetMetadataUpdate) =>
  api.put('/api/auth/datasets/{datasetId}/versions/{version}/metadata/', update, params(ref));

export const submitForReview = (ref: VersionRef) =>
  api.post('/api/auth/datasets/{datasetId}/versions/{version}/submit/', {}, params(ref));

export const discardVersion = (ref: VersionRef) =>
  api.delete('/api/auth/datasets/{datasetId}/versions/{version}/', undefined, params(ref));

export const withdrawDataset = (datasetId: number, reason: string) =>
  api.post('/api/auth/datasets/{datasetId}/withdraw/', { reason }, { params: { datasetId } });

/** The answers of the dataset calls: the server's message (and the dataset as it now is). */
export interface ActionAnswer {
  message: string;
  dataset?: TDatasetDetail | null;
}

/**
 * Every owner action, one mutation: after any of them, the list and the details are read again
 * (a state, a `can` flag or the whole dataset may have changed).
 */
export function useDatasetAction<Variables>(call: (variables: Variables) => Promise<ActionAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Settled, not only succeeded: a save followed by a refused submission still changed it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: myDatasetsQueryKey }),
  });
}
