import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import anovaCsv from '../../../../fixtures/analysis-reference/anova_expected.csv?raw';
import { computeEds } from '../ed50/compute-eds';
import { parseCbassCsv } from '../ed50/parse-cbass-csv';
import { analyseComputation, factorsProblem } from './computed-analyses';
import { formatAnalysesCsv } from './format-analyses-csv';
import { readCsv, relativeDifference, within } from './test/reference-data';

/**
 * The calculator's analyses on its own computation: the Fiji raw datasheet's Vatu-o-lalai rows
 * (the study the seed holds too), fitted by the engine, analysed by Species × Condition, give
 * car's type II and III tables of fixtures/analysis-reference/anova_expected.csv.
 */
const lines = fijiRaw.split(/\r?\n/);
const vatu = [lines[0], ...lines.slice(1).filter((line) => line.includes(',Vatu-o-lalai,'))].join(
  '\n',
);
const computation = computeEds(parseCbassCsv(vatu).rows, { curves: false });
const anova = readCsv(anovaCsv);

describe('analyseComputation on the engine’s EDs of a real raw file', () => {
  const analyses = analyseComputation(computation, {
    factors: ['Species', 'Condition'],
    unrounded: true,
  });

  for (const [kind, label] of [
    ['ed5', 'ED5'],
    ['ed50', 'ED50'],
    ['ed95', 'ED95'],
  ] as const) {
    it(`${label}: the type II and III tables are R's`, () => {
      const factorial = analyses[kind].factorial!;
      for (const [type, result] of [
        ['2', factorial.typeII],
        ['3', factorial.typeIII],
      ] as const) {
        const wanted = anova.filter(
          (row) => row.input === 'fiji_vatu' && row.kind === label && row.type === type,
        );
        const names = { A: 'Species', B: 'Condition', 'A:B': 'Species:Condition' } as Record<
          string,
          string
        >;
        expect(result.rows!.map((row) => row.term)).toEqual(
          wanted.map((row) => names[row.term!] ?? row.term),
        );
        result.rows!.forEach((row, i) => {
          expect(within(row.sumSquares, Number(wanted[i]!.sum_sq), 1e-9)).toBe(true);
          if (row.p !== null) {
            expect(relativeDifference(row.p, Number(wanted[i]!.p))).toBeLessThan(1e-9);
          }
        });
      }
      expect(analyses[kind].welch.test).not.toBeNull();
      expect(Object.keys(analyses[kind].wilcoxon.result!.letters)).toHaveLength(10);
    });
  }

  it('writes one long CSV table with every part, and reasons for the parts it cannot compute', () => {
    const csv = formatAnalysesCsv(analyses);
    const rows = readCsv(csv);
    const parts = new Set(rows.map((row) => row.Analysis));
    expect([...parts]).toEqual([
      'welch',
      'levene',
      'wilcoxon',
      'letters',
      'anova_type2',
      'anova_type3',
      'emmeans',
      'emmeans_pairs',
      'cooks',
      'cooks_refit_type2',
    ]);
    expect(rows.filter((row) => row.Analysis === 'cooks' && row.Threshold === 'ED50')).toHaveLength(
      99,
    );
    const oneFactor = analyseComputation(computation, { factors: ['Site'] });
    expect(oneFactor.ed50.factorial!.typeII.reason).toBe(
      'Every factor needs at least two levels with values.',
    );
    expect(formatAnalysesCsv(oneFactor)).toContain(
      '"ED50","anova_type2",NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,NA,"Every factor needs at least two levels with values."',
    );
  });

  it('refuses factors that are not grouping columns', () => {
    expect(factorsProblem(computation, ['Genotype'])).toBe(
      'Genotype is not among the grouping columns (Site, Condition, Species, Timepoint): a factor must be one of them.',
    );
    expect(factorsProblem(computation, ['Site', 'Species', 'Condition'])).toBe(
      'Give one or two factors.',
    );
    expect(() => analyseComputation(computation, { factors: ['Depth'] })).toThrow(
      /Depth is not among/,
    );
  });
});
