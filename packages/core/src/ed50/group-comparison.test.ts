import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import cbassDataset from '../../../../fixtures/ed50-reference/cbass_dataset.csv?raw';
import expectedCsv from '../../../../fixtures/ed50-reference/group-comparison/tukey_hsd_expected.csv?raw';
import perColonyCsv from '../../../../fixtures/ed50-reference/per-colony/per_colony_expected.csv?raw';
import tutorialCsv from '../../../../fixtures/ed50-reference/tutorial_EDsdf.csv?raw';
import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS } from '../thresholds/threshold-kinds';
import { computeEds } from './compute-eds';
import { compareComputedGroups, tukeyHsd, type TukeyPair } from './group-comparison';
import { parseCbassCsv } from './parse-cbass-csv';

/**
 * The group comparison against R 4.2.2's `TukeyHSD(aov(ED ~ group))` on real ED values
 * (fixtures/ed50-reference/group-comparison/, made by its make-reference.R): CBASSED50's tutorial
 * output (6 groups of 10, 2 decimals) and drc's per-colony EDs of the Fiji study (14 groups, one of
 * 9 colonies: the unbalanced Tukey–Kramer case).
 */
const read = (text: string) =>
  Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
const expected = read(expectedCsv);

function groupsOf(
  rows: Record<string, string>[],
  groupOf: (row: Record<string, string>) => string,
  kind: string,
) {
  const groups = new Map<string, number[]>();
  for (const row of rows) {
    const name = groupOf(row);
    groups.set(name, [...(groups.get(name) ?? []), Number(row[kind])]);
  }
  return [...groups].map(([name, values]) => ({ name, values }));
}

const inputs = {
  tutorial_EDsdf: {
    rows: read(tutorialCsv),
    groupOf: (row: Record<string, string>) =>
      [row.Site, row.Condition, row.Species, row.Timepoint].join('_'),
  },
  fiji_per_colony: {
    rows: read(perColonyCsv).filter((row) => row.input === 'fiji_raw'),
    groupOf: (row: Record<string, string>) => row.GroupingProperty!,
  },
};

const close = (actual: number, wanted: number) =>
  Math.abs(actual - wanted) <= 1e-9 * Math.max(1, Math.abs(wanted));

describe(
  "R's TukeyHSD(aov(ED ~ group)) on real ED values (tukey_hsd_expected.csv)",
  { timeout: 60_000 },
  () => {
    for (const [input, { rows, groupOf }] of Object.entries(inputs)) {
      for (const kind of THRESHOLD_KINDS) {
        const label = THRESHOLD_KIND_INFO[kind].edLabel;
        it(`${input}, ${label}: every pair's difference, interval and adjusted p value`, () => {
          const wanted = expected.filter((row) => row.input === input && row.kind === label);
          const result = tukeyHsd(groupsOf(rows, groupOf, label));
          expect(result.reason).toBeNull();
          const comparison = result.comparison!;
          expect(comparison.dfResidual).toBe(Number(wanted[0]!.df_residual));
          expect(close(comparison.meanSquareError, Number(wanted[0]!.mse))).toBe(true);
          expect(comparison.pairs.map((pair) => `${pair.group}-${pair.reference}`)).toEqual(
            wanted.map((row) => row.pair),
          );
          comparison.pairs.forEach((pair: TukeyPair, index) => {
            const row = wanted[index]!;
            for (const [got, want] of [
              [pair.difference, row.diff],
              [pair.lower, row.lwr],
              [pair.upper, row.upr],
              [pair.pAdjusted, row.p_adj],
            ] as const) {
              expect(close(got, Number(want)), `${row.pair}: ${got} vs ${want}`).toBe(true);
            }
          });
        });
      }
    }
  },
);

describe('tukeyHsd: what it cannot compare', () => {
  it('needs two groups with values', () => {
    expect(
      tukeyHsd([
        { name: 'A', values: [1, 2, 3] },
        { name: 'B', values: [] },
      ]).reason,
    ).toBe('At least two groups with values are needed to compare.');
  });

  it('needs at least 2 residual degrees of freedom, and says how many there are', () => {
    expect(
      tukeyHsd([
        { name: 'A', values: [1, 2] },
        { name: 'B', values: [3] },
      ]).reason,
    ).toBe(
      'Too few colonies to compare groups: 3 colonies in 2 groups leave 1 residual degree of freedom (at least 2 are needed).',
    );
  });

  it('leaves out values that are not numbers (a colony whose ED is not estimable)', () => {
    const withGap = tukeyHsd([
      { name: 'A', values: [1, 2, NaN, 3] },
      { name: 'B', values: [4, 5, 6] },
    ]);
    const without = tukeyHsd([
      { name: 'A', values: [1, 2, 3] },
      { name: 'B', values: [4, 5, 6] },
    ]);
    expect(withGap).toEqual(without);
  });
});

describe(
  'compareComputedGroups: the calculator groups, on the values its summary uses',
  { timeout: 60_000 },
  () => {
    it('compares the rounded per-colony EDs of CBASSED50 example groups (as the tutorial does)', () => {
      const computation = computeEds(parseCbassCsv(cbassDataset).rows, { curves: false });
      const comparisons = compareComputedGroups(computation);
      const tutorial = inputs.tutorial_EDsdf;
      // The calculator's rounded ED50s are the tutorial's, so the comparison is R's on them.
      const fromTutorial = tukeyHsd(groupsOf(tutorial.rows, tutorial.groupOf, 'ED50'));
      expect(comparisons.ed50).toEqual(fromTutorial);
    });

    it("with the unrounded option, compares the per-colony EDs as R does on drc's own (Fiji)", () => {
      const computation = computeEds(parseCbassCsv(fijiRaw).rows, {
        fit: 'per-colony',
        curves: false,
      });
      const unrounded = compareComputedGroups(computation, { unrounded: true });
      const rounded = compareComputedGroups(computation);
      for (const kind of THRESHOLD_KINDS) {
        const label = THRESHOLD_KIND_INFO[kind].edLabel;
        // drc's per-colony values, less those the calculator reports as NA (ed50-algorithm §9:
        // two Porites colonies whose ED50 of about 58.6 °C lies far above the tested range).
        const notAvailable = new Set(
          computation.groups.flatMap((group) =>
            group.colonies
              .filter((colony) => colony[kind].value === null)
              .map((colony) => `${group.groupingProperty}/${colony.genotype}`),
          ),
        );
        if (kind === 'ed50') {
          expect([...notAvailable]).toEqual([
            'Vatu-o-lalai_Winter_Porites cylindrica_420/6',
            'Votua_Summer_Porites cylindrica_420/5',
          ]);
        }
        const { rows, groupOf } = inputs.fiji_per_colony;
        const fromDrc = tukeyHsd(
          groupsOf(
            rows.filter((row) => !notAvailable.has(`${row.GroupingProperty}/${row.Genotype}`)),
            groupOf,
            label,
          ),
        ).comparison!;
        const pairs = unrounded[kind].comparison!.pairs;
        expect(pairs.map((pair) => `${pair.group}-${pair.reference}`)).toEqual(
          fromDrc.pairs.map((pair) => `${pair.group}-${pair.reference}`),
        );
        pairs.forEach((pair, index) => {
          const want = fromDrc.pairs[index]!;
          expect(pair.difference).toBeCloseTo(want.difference, 6);
          expect(pair.lower).toBeCloseTo(want.lower, 6);
          expect(pair.upper).toBeCloseTo(want.upper, 6);
          expect(pair.pAdjusted).toBeCloseTo(want.pAdjusted, 6);
        });
        // Without the option the 2-decimal values are compared: other differences.
        const roundedDifferences = rounded[kind].comparison!.pairs.map((pair) => pair.difference);
        expect(roundedDifferences).not.toEqual(pairs.map((pair) => pair.difference));
      }
    });
  },
);
