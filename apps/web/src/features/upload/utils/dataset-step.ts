import type { UploadEndpoints } from '@/lib/api-endpoints';

/**
 * Where an upload goes (docs/decisions/0012-datasets.md): the optional text fields sent with the
 * files. None at all — the files alone, as the specification's upload — make a draft of a new
 * dataset.
 */
export type UploadTargetFields = UploadEndpoints['/api/auth/upload-csv/']['fields'];

/** What the Dataset step says: the fields to send, or why the upload cannot go yet. */
export type DatasetStepChoice = { fields: UploadTargetFields } | { problem: string };

/**
 * The Dataset step of the upload page. The page gets it from the app (it belongs to My datasets,
 * which owns the metadata form): a feature does not import another feature.
 */
export interface DatasetStepProps {
  disabled: boolean;
  /** From `?dataset=<id>` (My datasets' "Upload a new version"). */
  preselectedDatasetId: number | null;
  /** The last upload's refusal: its per-field messages belong next to the fields. */
  uploadError: unknown;
  onChange: (choice: DatasetStepChoice) => void;
}

/** The fields worth sending: none when nothing was chosen, so the request stays files only. */
export function fieldsToSend(fields: UploadTargetFields): UploadTargetFields | undefined {
  const given = Object.entries(fields).filter(([, value]) => value !== undefined);
  return given.length > 0 ? Object.fromEntries(given) : undefined;
}

/** `?dataset=42` → 42; anything else → null. */
export function preselectedDataset(search: string): number | null {
  const value = new URLSearchParams(search).get('dataset');
  return value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}
