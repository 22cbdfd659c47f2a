import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import { MAX_COLONIES_PER_GROUP, computeEds } from './compute-eds';
import { drcEffectiveDose } from './ed-values';
import { formatEdResultsCsv } from './format-csv';
import { parseCbassCsv } from './parse-cbass-csv';
import type { ColonyEdResult, ColonyFlagCode, EdComputation } from './types';

/** Small synthetic CBASS files for the situations of ed50-algorithm §9, built row by row. */
const HEADER =
  'Project,Date,Country,Latitude,Longitude,Site,Condition,Species,Genotype,Temperature,Timepoint,Pam_value';
const TEMPERATURES = [30, 33, 36, 39];
const logistic = (t: number, ed50: number, hill: number, max = 0.6) =>
  (max / (1 + Math.exp(hill * Math.log(t / ed50)))).toFixed(3);

type AddColony = (
  site: string,
  genotype: string,
  temps: number[],
  pam: (t: number) => string,
) => void;

function dataset(build: (add: AddColony) => void): EdComputation {
  const lines = [HEADER];
  build((site, genotype, temps, pam) => {
    for (const t of temps) {
      lines.push(`P,20220101,FJ,-18,177,${site},Wild,Porites,${genotype},${t},420,${pam(t)}`);
    }
  });
  const parsed = parseCbassCsv(lines.join('\n'));
  expect(parsed.errors).toEqual([]);
  return computeEds(parsed.rows);
}
const healthyColonies = (add: AddColony, site: string) => {
  for (let k = 1; k <= 3; k++) {
    add(site, `n${k}`, TEMPERATURES, (t) => logistic(t, 35 + 0.4 * k, 40 + 5 * k));
  }
};
const codes = (colony: ColonyEdResult) => colony.flags.map((flag) => flag.code);
const colony = (colonies: ColonyEdResult[], genotype: string) =>
  colonies.find((c) => c.genotype === genotype)!;
const expectNoEds = (c: ColonyEdResult) =>
  expect([c.ed5.value, c.ed50.value, c.ed95.value]).toEqual([null, null, null]);

describe('colonies CBASSED50 would crash on are skipped with a reason; the rest is fitted', () => {
  const cases: [string, ColonyFlagCode, number[], string][] = [
    ['constant response', 'constant_response', [30, 33, 36, 39], '0.5'],
    ['a single temperature', 'single_temperature', [39], '0.2'],
  ];
  it.each(cases)('a colony with %s', (_case, code, temps, pam) => {
    const result = dataset((add) => {
      healthyColonies(add, 'Reef');
      add('Reef', 'odd', temps, () => pam);
    });
    const odd = colony(result.colonies, 'odd');
    expect(odd.status).toBe('excluded');
    expect(codes(odd)).toEqual([code]);
    expectNoEds(odd);
    for (const genotype of ['n1', 'n2', 'n3']) {
      const healthy = colony(result.colonies, genotype);
      expect(healthy.ed50.value).toBeGreaterThan(35);
      expect(healthy.ed50.value).toBeLessThan(37);
      expect(codes(healthy)).toContain('joint_fit_without_excluded');
    }
    expect(result.groups[0]!.summary.ed50.n).toBe(3);
  });
});

describe('numbers drc returns but that are not results', () => {
  it('a response that barely drops (0.62 → 0.55): ED50 above the tested range, not estimable', () => {
    const result = dataset((add) => {
      for (const [genotype, drop] of [
        ['b1', '0.55'],
        ['b2', '0.56'],
        ['b3', '0.54'],
      ] as const) {
        add('Barely', genotype, TEMPERATURES, (t) =>
          t === 39 ? drop : t === 36 ? '0.61' : '0.62',
        );
      }
    });
    for (const c of result.colonies) {
      expect(c.ed50.raw).toBeGreaterThan(39); // what CBASSED50 would print
      expect(c.ed50.value).toBeNull();
      expect(c.flags.find((f) => f.code === 'ed50_not_estimable')!.message).toMatch(
        /^ED50 above the highest temperature tested \(not estimable\)/,
      );
    }
    expect(formatEdResultsCsv(result).split('\n')[1]).toMatch(/^NA,NA,NA,/);
    expect(formatEdResultsCsv(result, { notEstimable: 'drc' }).split('\n')[1]).toMatch(
      /^\d{3}\.\d+,\d{3}/,
    );
  });

  it('a response that increases with temperature is rejected (Hill ≤ 0)', () => {
    const result = dataset((add) => {
      for (const [genotype, offset] of [
        ['r1', 0],
        ['r2', 0.01],
        ['r3', -0.01],
      ] as const) {
        add('Rising', genotype, TEMPERATURES, (t) => (0.3 + (t - 30) / 30 + offset).toFixed(3));
      }
    });
    for (const c of result.colonies) {
      expect(c.hill).toBeLessThanOrEqual(0);
      expect(codes(c)).toEqual(['response_increases']);
      expectNoEds(c);
    }
  });

  it('two temperatures: fitted jointly as CBASSED50 does, but no ED values', () => {
    const result = dataset((add) => {
      healthyColonies(add, 'Two');
      add('Two', 'two', [30, 39], (t) => logistic(t, 35, 40));
    });
    const two = colony(result.colonies, 'two');
    expect(two.status).toBe('fitted');
    expect(codes(two)).toEqual(['too_few_temperatures']);
    expectNoEds(two);
  });

  it('three temperatures: values kept, flagged', () => {
    const result = dataset((add) => {
      healthyColonies(add, 'Three');
      add('Three', 'three', [30, 36, 39], (t) => logistic(t, 35.5, 45));
    });
    const three = colony(result.colonies, 'three');
    expect(codes(three)).toEqual(['fewer_than_4_temperatures']);
    expect(three.ed50.rounded).toBeCloseTo(35.5, 0);
  });

  it('an early collapse is flagged as a depressed baseline', () => {
    const result = dataset((add) => {
      healthyColonies(add, 'Early');
      add('Early', 'low', TEMPERATURES, (t) => (t === 30 ? '0.2' : t === 33 ? '0.05' : '0.001'));
    });
    const low = colony(result.colonies, 'low');
    expect(codes(low)).toContain('baseline_depressed');
    expect(codes(colony(result.colonies, 'n1'))).not.toContain('baseline_depressed');
  });
});

describe('case G: genotype labels not in alphabetical order (colB, colA, colC)', () => {
  const result = dataset((add) => {
    add('Labels', 'colB', TEMPERATURES, (t) => logistic(t, 33, 60));
    add('Labels', 'colA', TEMPERATURES, (t) => logistic(t, 36, 45));
    add('Labels', 'colC', TEMPERATURES, (t) => logistic(t, 37.5, 30));
  });

  it('keeps the order of appearance and pairs every ED with its own colony', () => {
    expect(result.colonies.map((c) => c.genotype)).toEqual(['colB', 'colA', 'colC']);
    const expectedEd50 = { colB: 33, colA: 36, colC: 37.5 };
    for (const c of result.colonies) {
      expect(c.ed50.value).toBeCloseTo(expectedEd50[c.genotype as keyof typeof expectedEd50], 1);
      // CBASSED50's bug swaps colA's and colB's ED5/ED95; here they come from the colony's own
      // curve.
      expect(c.ed5.raw).toBe(drcEffectiveDose(c.hill!, c.ed50.raw!, 5));
      expect(c.ed95.raw).toBe(drcEffectiveDose(c.hill!, c.ed50.raw!, 95));
      expect(c.ed5.raw!).toBeLessThan(c.ed50.raw!);
      expect(c.ed95.raw!).toBeGreaterThan(c.ed50.raw!);
    }
    expect(colony(result.colonies, 'colA').ed5.value).toBeGreaterThan(33.5);
  });
});

describe('file-level checks', () => {
  it('refuses fewer than 4 distinct temperatures in the whole data set', () => {
    const rows = parseCbassCsv(
      [HEADER, ...[30, 33, 36].map((t) => `P,1,FJ,1,1,S,C,Sp,1,${t},420,0.5`)].join('\n'),
    ).rows;
    const result = computeEds(rows);
    expect(result.errors[0]).toMatch(/^Dataset does not have enough unique temperature values: 3/);
    expect(result.colonies).toEqual([]);
  });

  it('does not merge groups whose pasted GroupingProperty collides', () => {
    const lines = [HEADER];
    for (const [site, condition] of [
      ['A_B', 'C'],
      ['A', 'B_C'],
    ] as const) {
      for (const t of TEMPERATURES) {
        lines.push(`P,1,FJ,1,1,${site},${condition},Sp,1,${t},420,${logistic(t, 35, 40)}`);
      }
    }
    const result = computeEds(parseCbassCsv(lines.join('\n')).rows);
    expect(result.groups).toHaveLength(2);
    for (const c of result.colonies) expect(codes(c)).toEqual(['grouping_property_collision']);
    expect(result.errors).toHaveLength(1);
  });
});

describe('a group too large for one joint fit', () => {
  it('is not computed, with the reason, while the other groups are', () => {
    const result = dataset((add) => {
      healthyColonies(add, 'Small');
      for (let k = 1; k <= MAX_COLONIES_PER_GROUP + 1; k++) {
        add('Huge', `h${k}`, TEMPERATURES, (t) => logistic(t, 35 + (k % 7) * 0.2, 45));
      }
    });
    const huge = result.groups.find((group) => group.groupValues.Site === 'Huge')!;
    expect(huge.colonies).toHaveLength(1001);
    for (const c of huge.colonies) {
      expect(codes(c)).toEqual(['group_too_large']);
      expectNoEds(c);
    }
    expect(huge.colonies[0]!.flags[0]!.message).toMatch(
      /^This group has 1,001 colonies; one joint fit of more than 1,000 would take too long/,
    );
    expect(huge.curve).toBeNull();
    const small = result.groups.find((group) => group.groupValues.Site === 'Small')!;
    expect(small.colonies.map((c) => c.ed50.rounded)).not.toContain(null);
    expect(result.errors).toEqual([]);
  });
});

describe('the Fiji raw datasheet', () => {
  it('computes every group without aborting, explaining every missing value', () => {
    const progress: [number, number][] = [];
    const result = computeEds(parseCbassCsv(fijiRaw).rows, {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(result.errors).toEqual([]);
    expect(result.groups).toHaveLength(14);
    expect(result.colonies).toHaveLength(139);
    expect(progress.at(-1)).toEqual([139, 139]);
    for (const c of result.colonies) {
      if (c.ed50.value === null) expect(c.flags.length, c.key).toBeGreaterThan(0);
    }
    expect(result.colonies.filter((c) => c.ed50.value !== null).length).toBeGreaterThan(120);
  });
});
