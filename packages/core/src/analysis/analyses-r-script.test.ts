import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import { computeEds } from '../ed50/compute-eds';
import { parseCbassCsv } from '../ed50/parse-cbass-csv';
import { readCsvTable } from '../tabular/csv-table';
import { analysesRScript, observedAnalysesRScript } from './analyses-r-script';
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

describe('observedAnalysesRScript (decision 0067)', () => {
  const observation = (key: string, species: string, site: string, mmm: number | null) => ({
    key,
    levels: { species, site },
    site,
    mmm,
    ed: { ed5: 33.1, ed50: 36.25, ed95: null },
  });
  const files = observedAnalysesRScript(
    [
      observation('a · Winter · N/A', 'P. lobata', 'Reef "1"', 28.45),
      observation('b', 'A. sp', 'R2', null),
    ],
    {
      factors: ['species', 'site'],
      scale: 'relative',
      pAdjust: 'BH',
      groups: ['P. lobata', 'A. sp'],
      citations: ['Evensen et al. (2022) One. v1', 'Cunning et al. (2021) Two. v2'],
    },
  );

  it('writes the observations in order with their levels, site and MMM, and cites the data', () => {
    expect(files.map((file) => file.name)).toEqual(['analyses.R', 'colony_eds.csv', 'README.txt']);
    const [script, eds, readme] = files.map((file) => file.text);
    expect(eds).toBe(
      '"Colony","Group","species","site","Site","MMM","ED5","ED50","ED95"\n' +
        '"a · Winter · N/A","P. lobata","P. lobata","Reef ""1""","Reef ""1""",28.45,33.1,36.25,NA\n' +
        '"b","A. sp","A. sp","R2","R2",NA,33.1,36.25,NA\n',
    );
    expect(script).toContain('factors <- c("species", "site")');
    expect(script).toContain('group_levels <- c("P. lobata", "A. sp")');
    expect(script).toContain('mmm_column <- "Site"');
    expect(script).toContain('relative <- TRUE');
    expect(script).toContain('mmm_all <- suppressWarnings(as.numeric(eds$MMM))');
    expect(script).not.toContain('mmm.csv');
    expect(readme).toContain('Evensen et al. (2022) One. v1 | Cunning et al. (2021) Two. v2');
  });

  it('tests the absolute EDs when the comparison is absolute', () => {
    const absolute = observedAnalysesRScript([observation('a', 'x', 's', 28)], {
      factors: ['species'],
      scale: 'absolute',
      pAdjust: 'holm',
      groups: ['x'],
      citations: [],
    });
    expect(absolute[0]!.text).toContain('relative <- FALSE');
  });
});
