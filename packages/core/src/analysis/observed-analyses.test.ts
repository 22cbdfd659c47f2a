import { describe, expect, it } from 'vitest';
import platformCsv from '../../../../fixtures/analysis-reference/platform_eds.csv?raw';
import expectedCsv from '../../../../fixtures/analysis-reference/platform_expected.csv?raw';
import { analyseObservations, type ObservedEd } from './observed-analyses';
import { readCsv, relativeDifference, within } from './test/reference-data';

/**
 * The Compare page's analyses (decision 0067) on the platform's stored EDs of the seed
 * (fixtures/analysis-reference/platform_eds.csv), by species, against R 4.2.2
 * (make-platform-reference.R): Welch, Levene, pairwise Wilcoxon (holm) with letters, type II
 * ANOVA, Tukey contrasts of the marginal means, and ED against MMM over site means.
 */
const number = (text: string | undefined) => (text ? Number(text) : null);
const observations: ObservedEd[] = readCsv(platformCsv).map((row) => ({
  key: row.Key!,
  levels: {
    Species: row.Species!,
    Site: row.Site!,
    Project: row.Project!,
    Condition: row.Condition!,
  },
  site: row.Site!,
  mmm: number(row.MMM),
  ed: { ed5: number(row.ED5), ed50: number(row.ED50), ed95: number(row.ED95) },
}));
const expected = readCsv(expectedCsv);
const KINDS = { ED5: 'ed5', ED50: 'ed50', ED95: 'ed95' } as const;
const pClose = (got: number, want: string) => relativeDifference(got, Number(want)) < 1e-9;

describe('analyseObservations on the platform’s stored EDs', () => {
  for (const scale of ['relative', 'absolute'] as const) {
    const result = analyseObservations(observations, { factors: ['Species'], scale });
    for (const [label, kind] of Object.entries(KINDS)) {
      it(`${scale} ${label}: every test, p value and letter is R's`, () => {
        const rows = expected.filter((row) => row.scale === scale && row.kind === label);
        const analyses = result.analyses[kind];
        const pairs = analyses.wilcoxon.result!.pairs;
        const contrasts = analyses.factorial!.means[0]!.result!.contrasts;
        let checked = 0;
        for (const row of rows) {
          if (row.analysis === 'welch' || row.analysis === 'levene') {
            const test = analyses[row.analysis].test!;
            expect(within(test.f, Number(row.statistic), 1e-9)).toBe(true);
            expect(pClose(test.p, row.p!), `${row.analysis} ${test.p} vs ${row.p}`).toBe(true);
          } else if (row.analysis === 'wilcoxon') {
            const pair = pairs.find((p) => p.group === row.level && p.reference === row.other)!;
            expect(pClose(pair.pAdjusted, row.p!), `${row.level} vs ${row.other}`).toBe(true);
          } else if (row.analysis === 'letters') {
            expect(analyses.wilcoxon.result!.letters[row.level!]).toBe(row.letters);
          } else if (row.analysis === 'anova_type2') {
            const term = analyses.factorial!.typeII.rows![0]!;
            expect(term.term).toBe('Species');
            expect(within(term.f!, Number(row.statistic), 1e-9)).toBe(true);
            expect(pClose(term.p!, row.p!)).toBe(true);
          } else if (row.analysis === 'emmeans_pairs') {
            const contrast = contrasts.find((c) => c.level === row.level && c.other === row.other)!;
            expect(within(contrast.tRatio, Number(row.statistic), 1e-9)).toBe(true);
            // Tukey p values: ptukey's own accuracy, to 1e-12 absolute (decision 0061).
            expect(Math.abs(contrast.p - Number(row.p))).toBeLessThan(1e-12);
          } else {
            const regression = result.mmm[kind].sites.regression!;
            const coefficient = row.term === 'MMM' ? regression.slope : regression.intercept;
            expect(within(coefficient.estimate, Number(row.statistic), 1e-9)).toBe(true);
            expect(pClose(coefficient.p, row.p!)).toBe(true);
          }
          checked++;
        }
        expect(checked).toBe(rows.length);
        expect(checked).toBeGreaterThan(280);
      });
    }
  }

  it('summarises each group absolutely and relative to the MMM, and leaves out what is missing', () => {
    const result = analyseObservations(observations, { factors: ['Species'], scale: 'relative' });
    expect(result.groups).toHaveLength(17);
    const first = result.groups[0]!;
    expect(first.name).toBe('Acropora cf. samoensis');
    expect(first.observations).toBe(40);
    expect(first.absolute.ed50.n).toBe(40);
    const values = observations
      .filter((o) => o.levels.Species === first.name)
      .map((o) => o.ed.ed50! - o.mmm!);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(first.relative.ed50.mean).toBeCloseTo(mean, 12);
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
    expect(first.relative.ed50.sd).toBeCloseTo(sd, 12);
    // 52 entries have no MMM: counted absolutely, left out relatively.
    const total = (scale: 'absolute' | 'relative') =>
      result.groups.reduce((sum, group) => sum + group[scale].ed50.n, 0);
    expect(total('absolute')).toBe(751);
    expect(total('relative')).toBe(699);
    expect(result.mmm.ed50.missing.length).toBeGreaterThan(0);
  });

  it('runs the two-way design on two factors, and says why it cannot with an empty cell', () => {
    const vatu = observations.filter((o) => o.site === 'Vatu-o-lalai');
    const result = analyseObservations(vatu, {
      factors: ['Species', 'Condition'],
      scale: 'absolute',
    });
    const factorial = result.analyses.ed50.factorial!;
    expect(factorial.factors).toEqual(['Species', 'Condition']);
    expect(factorial.typeII.rows!.map((row) => row.term)).toEqual([
      'Species',
      'Condition',
      'Species:Condition',
      'Residuals',
    ]);
    expect(factorial.means).toHaveLength(2);
    expect(factorial.colonyKeys.length).toBe(factorial.influence.screening!.colonies.length);
    const fiji = observations.filter((o) => o.levels.Project!.includes('FJI'));
    const crossed = analyseObservations(fiji, { factors: ['Species', 'Site'], scale: 'absolute' });
    expect(crossed.analyses.ed50.factorial!.typeII.reason).toMatch(/not of full rank/);
  });
});
