import { strToU8, zipSync } from 'fflate';
import type { ExportedFile } from './analyses-r-script';

/** The name of the R script's ZIP on the calculator page (decision 0068). */
export const ANALYSES_R_ARCHIVE = 'analyses_R.zip';

/**
 * `analysesRScript`'s files as one ZIP (decision 0068), for a browser that saves one file per
 * download: unpacked, the folder is what the CLI's `--analyses-r <folder>` writes, and
 * `Rscript analyses.R` runs in it. The entries carry a fixed date, so the same analyses give the
 * same bytes.
 */
export function analysesRArchive(files: readonly ExportedFile[]): Uint8Array {
  const mtime = new Date(Date.UTC(2000, 0, 1));
  return zipSync(
    Object.fromEntries(files.map((file) => [file.name, [strToU8(file.text), { mtime }]])),
    { level: 6 },
  );
}
