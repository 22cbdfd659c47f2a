import { describe, expect, it } from 'vitest';
import { computeEds } from './compute-eds';
import {
  boundFlag,
  drmBoundsArguments,
  optimLimits,
  parseParameterLimits,
  validateBounds,
} from './parameter-bounds';
import { parseCbassCsv } from './parse-cbass-csv';

describe('parseParameterLimits', () => {
  it('reads name=value lists', () => {
    expect(parseParameterLimits('b=20, e=30.5')).toEqual({ ok: true, limits: { b: 20, e: 30.5 } });
    expect(parseParameterLimits('d=-1e-3')).toEqual({ ok: true, limits: { d: -0.001 } });
  });

  it.each([
    ['', 'no limits given: write e.g. b=20,e=30.'],
    ['b20', '"b20" is not name=value (e.g. b=20).'],
    [
      'hill=20',
      'unknown parameter "hill": LL.3\'s parameters are b (Hill slope), d (Max) and e (ED50).',
    ],
    ['b=20,b=30', 'b is given twice.'],
    ['b=abc', 'the limit of b ("abc") is not a number.'],
    ['b=Infinity', 'the limit of b ("Infinity") is not a number.'],
    ['b=0x10', 'the limit of b ("0x10") is not a number.'],
  ])('rejects %j', (text, error) => {
    expect(parseParameterLimits(text)).toEqual({ ok: false, error });
  });
});

describe('validateBounds', () => {
  it('accepts one-sided and two-sided limits', () => {
    expect(validateBounds({ lower: { b: 20 }, upper: { b: 100, e: 40 } })).toEqual([]);
    expect(validateBounds({ upper: { b: 50 } })).toEqual([]);
  });

  it('rejects unknown names, non-numbers and empty intervals', () => {
    expect(
      validateBounds({
        lower: { b: 100, c: 1 } as never,
        upper: { b: 20, d: Number.NaN },
      }),
    ).toEqual([
      'Unknown parameter "c" in the lower bounds: LL.3\'s parameters are b (Hill slope), d (Max) and e (ED50).',
      'The upper bound of d (Max) must be a finite number.',
      'The lower bound of b (Hill slope) (100) must be below its upper bound (20).',
    ]);
    expect(validateBounds({ lower: { e: 35 }, upper: { e: 35 } })).toEqual([
      'The lower bound of e (ED50, °C) (35) must be below its upper bound (35).',
    ]);
  });
});

describe("drm's limits", () => {
  it('writes the drm arguments with NA for missing limits', () => {
    expect(drmBoundsArguments({ lower: { b: 20, e: 30 }, upper: { b: 100 } })).toBe(
      'lowerl = c(20, NA, 30), upperl = c(100, NA, NA)',
    );
    expect(drmBoundsArguments({ upper: { b: 50 } })).toBe('upperl = c(50, NA, NA)');
  });

  it('scales them like drm (b by 1, d by the response scaling, e by the dose scaling), then by parscale', () => {
    const parscale = Float64Array.of(30, 40, 0.6, 0.7, 3.7, 3.8);
    const { lower, upper } = optimLimits(
      { lower: { b: 20, d: 0.3, e: 30 }, upper: { b: 100 } },
      2,
      0.1,
      10,
      parscale,
    );
    expect(Array.from(lower)).toEqual([
      20 / 30,
      20 / 40,
      0.3 / 0.1 / 0.6,
      0.3 / 0.1 / 0.7,
      3 / 3.7,
      3 / 3.8,
    ]);
    expect(Array.from(upper)).toEqual([100 / 30, 100 / 40, Infinity, Infinity, Infinity, Infinity]);
  });

  it('flags a fitted value on its bound, not one inside', () => {
    const bounds = { lower: { b: 20 }, upper: { b: 100, e: 40 } };
    expect(boundFlag(bounds, { b: 50, d: 0.6, e: 36 })).toBeNull();
    expect(boundFlag(bounds, { b: 100.00000000001, d: 0.6, e: 36 })?.message).toBe(
      "The fitted b (Hill slope) is at its upper bound 100: the data alone would move it further, so this colony's ED values depend on where the bound is set.",
    );
  });
});

describe('computeEds with bounds', () => {
  // Three colonies of 4 temperatures, steeper than a Hill slope of 25.
  const lines = ['Site,Condition,Species,Genotype,Temperature,Timepoint,Pam_value'];
  for (const genotype of [1, 2, 3]) {
    for (const [i, temperature] of [30, 33, 36, 39].entries()) {
      const value = [0.62, 0.6, 0.45, 0.08][i]! - genotype * 0.01 * i;
      lines.push(`S,C,X,${genotype},${temperature},1,${value.toFixed(3)}`);
    }
  }
  const { rows } = parseCbassCsv(lines.join('\n'));

  it('rejects bad bounds and bounds with another model than LL.3', () => {
    expect(computeEds(rows, { bounds: { lower: { b: 5 }, upper: { b: 1 } } }).errors).toEqual([
      'The lower bound of b (Hill slope) (5) must be below its upper bound (1).',
    ]);
    expect(computeEds(rows, { model: 'W1.3', bounds: { upper: { b: 50 } } }).errors).toEqual([
      'Parameter bounds are available with the LL.3 model only (joint or per-colony fit), not with W1.3.',
    ]);
  });

  it('keeps every fitted parameter within its bounds and says so in the method', () => {
    const bounds = { lower: { b: 20, e: 30 }, upper: { b: 25, e: 40 } };
    for (const fit of ['joint', 'per-colony'] as const) {
      const result = computeEds(rows, { fit, bounds, curves: false });
      expect(result.errors).toEqual([]);
      expect(result.bounds).toEqual(bounds);
      expect(result.method).toContain('lowerl = c(20, NA, 30), upperl = c(25, NA, 40)');
      for (const colony of result.colonies) {
        expect(colony.status).toBe('fitted');
        expect(colony.hill!).toBeGreaterThanOrEqual(20);
        expect(colony.hill!).toBeLessThanOrEqual(25 * (1 + 1e-15));
      }
      // These curves are steeper than 25: the Hill slope of each ends on its upper bound.
      expect(
        result.colonies.every((colony) =>
          colony.flags.some((f) => f.code === 'parameter_at_bound'),
        ),
      ).toBe(true);
    }
    const unbounded = computeEds(rows, { curves: false });
    expect(unbounded.bounds).toBeUndefined();
    expect(unbounded.colonies.some((colony) => colony.hill! > 25)).toBe(true);
  });
});
