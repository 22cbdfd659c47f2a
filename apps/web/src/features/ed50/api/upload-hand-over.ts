import { CLIENT_ROUTES } from '@coral/core';

/**
 * The name the upload page tells researchers to upload (product-spec §2 Upload workflow, step 2).
 */
export const ED_RESULTS_FILE_NAME = 'ED50_Results.csv';
export const ED_SUMMARY_FILE_NAME = 'ED50_Summary.csv';

/**
 * The hand-over to the upload page (decision 0010): "Upload these results" navigates to
 * /upload with this router state, and the upload page preselects the two files as if the
 * researcher had chosen them ("1. Main Data File" and "2. ED50 Results File"). File objects are
 * structured-clonable, so they live in the history entry; nothing is stored anywhere else.
 */
export interface UploadFilesState {
  uploadFiles: {
    /** The raw CBASS file the results were computed from, as the researcher chose it. */
    main: File;
    /** ED50_Results.csv exactly as the download writes it. */
    ed50: File;
    from: 'ed50-calculator';
  };
}

export const UPLOAD_PATH = CLIENT_ROUTES.upload;

export function uploadFilesState(main: File, resultsCsv: string): UploadFilesState {
  return {
    uploadFiles: {
      main,
      ed50: new File([resultsCsv], ED_RESULTS_FILE_NAME, { type: 'text/csv' }),
      from: 'ed50-calculator',
    },
  };
}

/** The upload page's side of the contract: the two files, if the state carries them. */
export function readUploadFilesState(state: unknown): UploadFilesState['uploadFiles'] | null {
  const files = (state as Partial<UploadFilesState> | null)?.uploadFiles;
  return files && files.main instanceof File && files.ed50 instanceof File ? files : null;
}
