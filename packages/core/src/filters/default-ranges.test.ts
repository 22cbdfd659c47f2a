import { describe, expect, it } from 'vitest';
import { maxMinAnswerFromBounds } from '../contract/thresholds';
import {
  defaultRangesFromMaxMin,
  FALLBACK_DEFAULT_RANGES,
  type MaxMinAnswers,
} from './default-ranges';
import { RANGE_KEYS } from './filter-set';

/** The seed's answers (trustworthy values only, decision 0002). */
const seedAnswers: MaxMinAnswers = {
  ed50: maxMinAnswerFromBounds('ed50', {
    min_abs: 32.11,
    max_abs: 44.06,
    min_rel: 3.4,
    max_rel: 14.66,
  }),
  ed5: maxMinAnswerFromBounds('ed5', {
    min_abs: 26.91,
    max_abs: 40.5,
    min_rel: -1.66,
    max_rel: 11.4,
  }),
  ed95: maxMinAnswerFromBounds('ed95', {
    min_abs: 34.6,
    max_abs: 44.95,
    min_rel: 5.15,
    max_rel: 16.9,
  }),
};

describe('defaultRangesFromMaxMin', () => {
  it('takes each key from its own min_/max_ fields', () => {
    const ranges = defaultRangesFromMaxMin(seedAnswers);
    expect(ranges).toEqual({
      absThermalTolerance: { min: 32.11, max: 44.06 },
      relThermalTolerance: { min: 3.4, max: 14.66 },
      ed50: { min: 32.11, max: 44.06 },
      ed50Mmm: { min: 3.4, max: 14.66 },
      absBreakpointTemperature: { min: 26.91, max: 40.5 },
      relBreakpointTemperature: { min: -1.66, max: 11.4 },
      ed5: { min: 26.91, max: 40.5 },
      ed5Mmm: { min: -1.66, max: 11.4 },
      absThermalLimit: { min: 34.6, max: 44.95 },
      relThermalLimit: { min: 5.15, max: 16.9 },
      ed95: { min: 34.6, max: 44.95 },
      ed95Mmm: { min: 5.15, max: 16.9 },
    });
    expect(Object.keys(ranges)).toEqual(RANGE_KEYS);
  });

  it('falls back to 20–40 (absolute, ed) and 0–10 (relative, MMM) without answers (§9)', () => {
    for (const answers of [{}, { ed50: null, ed5: undefined, ed95: null }]) {
      const ranges = defaultRangesFromMaxMin(answers);
      for (const key of RANGE_KEYS) {
        const relative = /^rel|Mmm$/.test(key);
        expect(ranges[key], key).toEqual(relative ? { min: 0, max: 10 } : { min: 20, max: 40 });
      }
    }
    expect(FALLBACK_DEFAULT_RANGES.absThermalLimit).toEqual({ min: 20, max: 40 });
    expect(FALLBACK_DEFAULT_RANGES.ed5Mmm).toEqual({ min: 0, max: 10 });
  });

  it.each<[string, Record<string, unknown>, { min: number; max: number }]>([
    [
      'a null bound',
      { min_abs_thermal_tolerance: null, max_abs_thermal_tolerance: 44 },
      { min: 20, max: 44 },
    ],
    ['a missing bound', { max_abs_thermal_tolerance: 38 }, { min: 20, max: 38 }],
    [
      'a zero bound (spec: missing or zero)',
      { min_abs_thermal_tolerance: 0, max_abs_thermal_tolerance: 0 },
      { min: 20, max: 40 },
    ],
    [
      'a string bound',
      { min_abs_thermal_tolerance: '33', max_abs_thermal_tolerance: 44 },
      { min: 20, max: 44 },
    ],
    [
      'a NaN bound',
      { min_abs_thermal_tolerance: Number.NaN, max_abs_thermal_tolerance: 44 },
      { min: 20, max: 44 },
    ],
    [
      'an infinite bound',
      { min_abs_thermal_tolerance: 33, max_abs_thermal_tolerance: Infinity },
      { min: 33, max: 40 },
    ],
    [
      'a lone bound beyond the other fallback',
      { min_abs_thermal_tolerance: 41 },
      { min: 20, max: 40 },
    ],
    [
      'negative bounds are kept',
      { min_abs_thermal_tolerance: -5, max_abs_thermal_tolerance: 44 },
      { min: -5, max: 44 },
    ],
  ])('absolute ED50 with %s', (_, answer, expected) => {
    expect(defaultRangesFromMaxMin({ ed50: answer as never }).absThermalTolerance).toEqual(
      expected,
    );
  });

  it.each<[string, Record<string, unknown>, { min: number; max: number }]>([
    [
      'zero minimum (falls back to 0 anyway)',
      { min_rel_thermal_limit: 0, max_rel_thermal_limit: 12 },
      { min: 0, max: 12 },
    ],
    ['zero maximum', { min_rel_thermal_limit: -2, max_rel_thermal_limit: 0 }, { min: -2, max: 10 }],
    ['missing both', {}, { min: 0, max: 10 }],
  ])('relative ED95 with %s', (_, answer, expected) => {
    expect(defaultRangesFromMaxMin({ ed95: answer as never }).relThermalLimit).toEqual(expected);
  });

  it('one failed call leaves the other kinds alone', () => {
    const ranges = defaultRangesFromMaxMin({ ...seedAnswers, ed5: null });
    expect(ranges.absThermalTolerance).toEqual({ min: 32.11, max: 44.06 });
    expect(ranges.absBreakpointTemperature).toEqual({ min: 20, max: 40 });
    expect(ranges.relBreakpointTemperature).toEqual({ min: 0, max: 10 });
  });
});
