import { CSV_TYPE_MESSAGES, isUploadFileName } from '@coral/core';

/** Product-spec §2: file sizes in KB. */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}

/**
 * Product-spec §5: only names of a registered file type (.csv, any case); the messages of
 * product-spec §8 otherwise.
 */
export function fileTypeError(role: 'main' | 'ed50', file: File): string | null {
  return isUploadFileName(file.name) ? null : CSV_TYPE_MESSAGES[role];
}

/**
 * Files handed over by another page through router state (the ED calculator's "Upload these
 * results", decision 0010): `{ uploadFiles: { main: File, ed50: File } }`. File objects are
 * structured-clonable, so they survive in the history entry.
 */
export function handedOverFiles(state: unknown): { main: File; ed50: File | null } | null {
  const files = (state as { uploadFiles?: { main?: unknown; ed50?: unknown } } | null)?.uploadFiles;
  if (!files || !(files.main instanceof File)) return null;
  return { main: files.main, ed50: files.ed50 instanceof File ? files.ed50 : null };
}
