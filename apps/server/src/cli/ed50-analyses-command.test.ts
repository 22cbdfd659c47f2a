import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ed50 } from '@coral/core';
import * as analysis from '@coral/core/analysis';
import { cliWithoutDatabase as cli, EXAMPLE, fixture, read } from '../../test/ed50-cli-in-process';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-ed50-analyses-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('npm run cli -- ed50 --analyses (decision 0061)', () => {
  it("writes the post-fit analyses of the calculator's EDs, with the factorial part by --factors", async () => {
    const file = path.join(dir, 'analyses.csv');
    const result = await cli(
      'ed50',
      EXAMPLE,
      '--analyses',
      file,
      '--factors',
      'Site,Condition',
      '--p-adjust',
      'BH',
      '--unrounded',
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(new RegExp(`Written: ${file}\\.\\n$`));
    // The same engine and analyses the core offers, on the same file.
    const computation = ed50.computeEds(ed50.parseCbassCsv(read(EXAMPLE)).rows);
    const expected = analysis.formatAnalysesCsv(
      analysis.analyseComputation(computation, {
        factors: ['Site', 'Condition'],
        pAdjust: 'BH',
        unrounded: true,
      }),
      {
        curves: analysis.compareGroupCurves(
          ed50.parseCbassCsv(read(EXAMPLE)).rows,
          ed50.DEFAULT_GROUPING,
        ),
      },
    );
    expect(read(file)).toBe(expected);
    expect(read(file)).toContain('"ED50","anova_type3","Site:Condition"');
    expect(read(file)).toContain('"ED50","wilcoxon","BH"');
    // 6 groups: 15 pairs, as ratios and as differences.
    expect(read(file).match(/"compparm_(ratio|difference)"/g)).toHaveLength(30);
  });

  it('with --mmm adds ED − MMM and the regression on MMM; a bad MMM file stops with its problems', async () => {
    const raw = fixture('datasheets', '2022_FJI_Viti_Levu_raw.csv');
    const mmm = path.join(dir, 'mmm.csv');
    // The sites' MMM as the seed records them (NOAA Coral Reef Watch).
    fs.writeFileSync(mmm, 'Site,MMM\nVatu-o-lalai,28.45\nTagaqe,28.45\nVotua,28.43\n');
    const file = path.join(dir, 'fiji.csv');
    const result = await cli('ed50', raw, '--analyses', file, '--mmm', mmm, '--unrounded');
    expect(result.code).toBe(0);
    const computation = ed50.computeEds(ed50.parseCbassCsv(read(raw)).rows);
    const table = analysis.readMmmTable(read(mmm), computation.grouping).table!;
    expect(read(file)).toBe(
      analysis.formatAnalysesCsv(analysis.analyseComputation(computation, { unrounded: true }), {
        curves: analysis.compareGroupCurves(
          ed50.parseCbassCsv(read(raw)).rows,
          ed50.DEFAULT_GROUPING,
        ),
        mmm: analysis.analyseMmm(computation, table, { unrounded: true }),
      }),
    );
    expect(read(file)).toContain('"ED50","mmm_regression_sites","MMM"');

    fs.writeFileSync(mmm, 'Site,MMM\nVatu-o-lalai,2845\n');
    const bad = await cli('ed50', raw, '--analyses', path.join(dir, 'bad-mmm.csv'), '--mmm', mmm);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      `${mmm} cannot be used:\n  Row 2: MMM "2845" is not a temperature between 15 and 35 °C.`,
    );
    expect(fs.existsSync(path.join(dir, 'bad-mmm.csv'))).toBe(false);
  });

  it('refuses factors that are not grouping columns, and --factors without --analyses', async () => {
    const file = path.join(dir, 'bad.csv');
    const wrong = await cli('ed50', EXAMPLE, '--analyses', file, '--factors', 'Depth');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(
      '--factors Depth: Depth is not among the grouping columns (Site, Condition, Species, Timepoint): a factor must be one of them.',
    );
    expect(fs.existsSync(file)).toBe(false);
    const alone = await cli('ed50', EXAMPLE, '--factors', 'Site');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--factors and --p-adjust belong to --analyses');
    const mmmAlone = await cli('ed50', EXAMPLE, '--mmm', 'mmm.csv');
    expect(mmmAlone.code).toBe(2);
    expect(mmmAlone.stderr).toContain('--mmm belongs to --analyses: give --analyses <file> too.');
  });
});
