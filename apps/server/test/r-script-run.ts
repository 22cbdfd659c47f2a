import { spawnSync } from 'node:child_process';
import { readCsvTable } from '@coral/core';

/**
 * Running an exported R script (decisions 0061, 0067) and comparing what it writes with the
 * platform's analyses table, for the `*.needs-r.test.ts` files.
 */

/** The R packages every exported analyses script loads (Debian: r-cran-car r-cran-emmeans r-cran-multcompview). */
export const R_PACKAGES = 'library(car); library(emmeans); library(multcompView)';

/** Whether Rscript with R_PACKAGES runs here. Tests skip without it, but never in CI (they fail). */
export const rAvailable =
  spawnSync('Rscript', ['-e', R_PACKAGES], { encoding: 'utf8' }).status === 0;

/** The message a test fails with in CI when R is missing. */
export const R_MISSING = `CI needs Rscript with ${R_PACKAGES} (r-cran-car r-cran-emmeans r-cran-multcompview).`;

/** "x" or "text = x" with x a number: the number and the text before it. */
function numberIn(cell: string): { prefix: string; value: number } | null {
  const match = /^(.*?)(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?|NaN|-?Inf)$/i.exec(cell);
  if (!match) return null;
  const value = match[2] === 'Inf' ? Infinity : match[2] === '-Inf' ? -Infinity : Number(match[2]);
  return Number.isNaN(value) && match[2] !== 'NaN' ? null : { prefix: match[1]!, value };
}

/**
 * Cells that differ beyond the tolerance, relative (numbers), or at all (text), as
 * "row column: a ≠ b". `tolerance` is one number for every column, or one per column name with
 * `default` for the others.
 */
export function differences(
  platform: string,
  fromR: string,
  tolerance: number | { default: number; [column: string]: number } = 1e-9,
): string[] {
  const a = readCsvTable(platform);
  const b = readCsvTable(fromR);
  const found: string[] = [];
  if (a.header.join() !== b.header.join()) {
    found.push(`header: ${a.header.join()} ≠ ${b.header.join()}`);
  }
  if (a.records.length !== b.records.length) {
    found.push(`${a.records.length} rows ≠ ${b.records.length} rows from R`);
  }
  const toleranceOf = (column: string) =>
    typeof tolerance === 'number' ? tolerance : (tolerance[column] ?? tolerance.default);
  a.records.forEach((record, row) => {
    const other = b.records[row]?.cells ?? [];
    record.cells.forEach((cell, column) => {
      const r = other[column] ?? '';
      if (cell === r) return;
      const x = numberIn(cell);
      const y = numberIn(r);
      const limit = toleranceOf(a.header[column]!);
      const close =
        x !== null &&
        y !== null &&
        x.prefix === y.prefix &&
        (x.value === y.value ||
          Math.abs(x.value - y.value) <= limit * Math.max(1, Math.abs(y.value)));
      if (!close) found.push(`row ${row + 2} ${a.header[column]}: ${cell} ≠ ${r} (R)`);
    });
  });
  return found;
}
