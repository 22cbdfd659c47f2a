import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import { computeEds } from '../ed50/compute-eds';
import { parseCbassCsv } from '../ed50/parse-cbass-csv';
import { readCsvTable } from '../tabular/csv-table';
import { analysesRScript } from './analyses-r-script';
import { readMmmTable } from './mmm-table';

/**
 * The exported R script's files (decision 0061); the script itself is run with Rscript by
 * apps/server/src/cli/ed50-analyses-r-script.needs-r.test.ts.
 */
const rows = parseCbassCsv(fijiRaw).rows;
const computation = computeEds(rows, { curves: false });
const mmm = readMmmTable('Site,MMM\nVatu-o-lalai,28.45\nTagaqe,28.45\nVotua,28.43\n', [
  'Site',
]).table!;

describe('analysesRScript', () => {
  it('writes the script, the EDs the analyses used, the MMM and the observations', () => {
    const files = analysesRScript(computation, {
      factors: ['Species', 'Condition'],
      pAdjust: 'BH',
      mmm,
      curves: { rows, grouping: computation.grouping },
    });
    expect(files.map((file) => file.name)).toEqual([
      'analyses.R',
      'colony_eds.csv',
      'mmm.csv',
      'observations.csv',
    ]);
    const [script, eds, mmmFile, observations] = files.map((file) => file.text);
    expect(script).toContain('factors <- c("Species", "Condition")');
    expect(script).toContain('p_adjust <- "BH"');
    expect(script).toContain('mmm_column <- "Site"');
    expect(script).toContain('install.packages(c("car", "emmeans", "multcompView"))');
    expect(script).toContain('install.packages("drc")');
    const table = readCsvTable(eds!);
    expect(table.header).toEqual([
      'Colony',
      'Group',
      ...computation.grouping,
      'ED5',
      'ED50',
      'ED95',
    ]);
    expect(table.records).toHaveLength(computation.colonies.length);
    // The 2-decimal values the summary (and the analyses, by default) use.
    const first = computation.colonies[0]!;
    expect(table.records[0]!.cells[0]).toBe(first.key);
    expect(Number(table.records[0]!.cells.at(-2))).toBe(first.ed50.rounded);
    expect(mmmFile).toBe('"Site","MMM"\n"Vatu-o-lalai",28.45\n"Tagaqe",28.45\n"Votua",28.43\n');
    expect(readCsvTable(observations!).records).toHaveLength(rows.length);
  });

  it('writes full-precision EDs with unrounded, and no MMM or observations unless given', () => {
    const files = analysesRScript(computation, { unrounded: true });
    expect(files.map((file) => file.name)).toEqual(['analyses.R', 'colony_eds.csv']);
    expect(files[0]!.text).toContain('factors <- character(0)');
    expect(files[0]!.text).toContain('mmm_column <- NULL');
    expect(files[0]!.text).toContain('compare_curves <- FALSE');
    const record = readCsvTable(files[1]!.text).records[0]!;
    expect(Number(record.cells.at(-2))).toBe(computation.colonies[0]!.ed50.value);
  });

  it('refuses factors that are not grouping columns, as the analyses do', () => {
    expect(() => analysesRScript(computation, { factors: ['Depth'] })).toThrow(
      /Depth is not among the grouping columns/,
    );
  });
});
