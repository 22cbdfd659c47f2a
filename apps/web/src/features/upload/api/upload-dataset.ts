import type { TUploadAccepted } from '@coral/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/http';
import type { UploadProgress } from '@/lib/http-upload';
import type { UploadTargetFields } from '../utils/dataset-step';
import { uploadsQueryKey } from './get-uploads';

/** Product-spec §8: the server's error field, else 'Upload failed'. */
export const UPLOAD_FAILED = 'Upload failed';

export function uploadErrorText(error: unknown): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : UPLOAD_FAILED;
}

export interface UploadVariables {
  main: File;
  ed50: File | null;
  /** Where the upload goes (decision 0012); undefined: the files alone, a new draft dataset. */
  fields?: UploadTargetFields;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POST /api/auth/upload-csv/ (product-spec §7 Upload): csv_file and ed50_file, with progress, and
 * the dataset fields only when there are some.
 */
export function uploadDataset({
  main,
  ed50,
  fields,
  onProgress,
}: UploadVariables): Promise<TUploadAccepted> {
  return api.upload(
    '/api/auth/upload-csv/',
    { csv_file: main, ...(ed50 ? { ed50_file: ed50 } : {}) },
    fields ? { onProgress, fields } : { onProgress },
  );
}

export function useUploadDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDataset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadsQueryKey }),
  });
}
