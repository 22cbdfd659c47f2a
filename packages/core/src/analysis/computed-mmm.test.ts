import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import regressionCsv from '../../../../fixtures/analysis-reference/relative_regression_expected.csv?raw';
import { computeEds } from '../ed50/compute-eds';
import { parseCbassCsv } from '../ed50/parse-cbass-csv';
import { analyseMmm, mmmKeys, mmmTableProblems } from './computed-mmm';
import { readMmmTable, readTypedMmm } from './mmm-table';
import { readCsv, relativeDifference, within } from './test/reference-data';

/**
 * ED − MMM and ED against MMM for the calculator's computation of the Fiji raw datasheet, with
 * the sites' MMM as the seed records them (NOAA Coral Reef Watch: Vatu-o-lalai and Tagaqe
 * 28.45 °C, Votua 28.43 °C), against R 4.2.2's summary(lm()) (the fiji_* rows of
 * relative_regression_expected.csv).
 */
const MMM_CSV = 'Site,MMM\nVatu-o-lalai,28.45\nTagaqe,28.45\nVotua,28.43\n';
const computation = computeEds(parseCbassCsv(fijiRaw).rows, { curves: false });
const expected = readCsv(regressionCsv);

describe('analyseMmm on the engine’s EDs of the Fiji raw datasheet', () => {
  const table = readMmmTable(MMM_CSV, computation.grouping).table!;
  const analyses = analyseMmm(computation, table, { unrounded: true });

  for (const [kind, label] of [
    ['ed5', 'ED5'],
    ['ed50', 'ED50'],
    ['ed95', 'ED95'],
  ] as const) {
    it(`${label}: ED − MMM per colony, lm over colonies and over sites as R gives them`, () => {
      const result = analyses[kind];
      expect(result.missing).toEqual([]);
      const colony = computation.colonies.find((c) => c.key === result.relative[0]!.key)!;
      expect(result.relative[0]!.value).toBe(colony[kind].value! - 28.45);
      for (const [level, regression] of [
        ['fiji_colony', result.colonies.regression!],
        ['fiji_site', result.sites.regression!],
      ] as const) {
        const row = expected.find((r) => r.level === level && r.kind === label)!;
        expect(regression.n).toBe(Number(row.n));
        for (const [got, want] of [
          [regression.slope.estimate, row.slope],
          [regression.slope.se, row.slope_se],
          [regression.intercept.estimate, row.intercept],
          [regression.rSquared, row.r_squared],
          [regression.meanRelative, row.mean_relative],
        ] as const) {
          // Slopes over an MMM range of 0.02 °C: compared relative to their size.
          expect(relativeDifference(got, Number(want)), `${level} ${got} vs ${want}`).toBeLessThan(
            1e-9,
          );
        }
        expect(within(regression.slope.p, Number(row.slope_p), 1e-9)).toBe(true);
      }
    });
  }

  it('reports every problem of an MMM file', () => {
    expect(readMmmTable('Site,Temp\nA,28\n', ['Site']).problems).toEqual([
      'The MMM file needs a column named MMM.',
    ]);
    expect(readMmmTable('Reef,MMM\nA,28\n', ['Site', 'Species']).problems).toEqual([
      'The MMM file needs one of the grouping columns (Site, Species) to say which MMM is whose.',
    ]);
    expect(readMmmTable('Site,MMM\nA,28\nA,29\nB,2845\nC,\n', ['Site']).problems).toEqual([
      'Row 3: Site "A" has an MMM already.',
      'Row 4: MMM "2845" is not a temperature between 15 and 35 °C.',
      'Row 5: MMM "" is not a temperature between 15 and 35 °C.',
    ]);
    // 28.45 typed without its point, or with it in the wrong place: the upload's MMM range.
    expect(readMmmTable('Site,MMM\nA,2.845\nB,36\nC,15\nD,35\n', ['Site']).problems).toEqual([
      'Row 2: MMM "2.845" is not a temperature between 15 and 35 °C.',
      'Row 3: MMM "36" is not a temperature between 15 and 35 °C.',
    ]);
  });

  it('reads typed MMMs by the file’s rule: blanks give none, bad cells are named by their site', () => {
    expect(
      readTypedMmm('Site', [
        ['Votua', ' 28.43 '],
        ['Tagaqe', ''],
      ]),
    ).toEqual({ table: { column: 'Site', mmm: new Map([['Votua', 28.43]]) }, problems: [] });
    expect(
      readTypedMmm('Site', [
        ['Votua', 'warm'],
        ['Tagaqe', '2845'],
        ['Vatu-o-lalai', '28.45'],
      ]).problems,
    ).toEqual([
      'Site "Votua": MMM "warm" is not a temperature between 15 and 35 °C.',
      'Site "Tagaqe": MMM "2845" is not a temperature between 15 and 35 °C.',
    ]);
  });

  it('says which sites of an MMM table are not in the data and which of the data have none', () => {
    expect(mmmKeys(computation, 'Site')).toEqual(['Vatu-o-lalai', 'Votua', 'Tagaqe']);
    expect(mmmTableProblems(computation, readMmmTable(MMM_CSV, ['Site']).table!)).toEqual([]);
    const typo = readMmmTable('Site,MMM\nVatu-o-Lalai,28.45\nVotua,28.43\n', ['Site']).table!;
    expect(mmmTableProblems(computation, typo)).toEqual([
      'Site "Vatu-o-Lalai" is not in the data (its Site values: "Vatu-o-lalai", "Votua", "Tagaqe").',
      'No MMM for Site "Vatu-o-lalai", "Tagaqe": every one in the data needs one.',
    ]);
  });

  it('names the sites without an MMM and leaves their colonies out', () => {
    const partial = readMmmTable('Site,MMM\nVatu-o-lalai,28.45\n', ['Site']).table!;
    const result = analyseMmm(computation, partial).ed50;
    expect(result.missing).toEqual(['Votua', 'Tagaqe']);
    expect(result.colonies.reason).toBe('Every point has the same MMM: no slope can be fitted.');
  });
});
