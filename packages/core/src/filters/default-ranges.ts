import type { ThresholdKind } from '../thresholds/threshold-kinds';
import { RANGE_SPECS, type RangeKey, type RangeScale } from './filter-set';

export interface RangeBounds {
  min: number;
  max: number;
}

/** The dataset bounds of each of the twelve ranges: the sliders' ends and "no filter" (§3). */
export type DefaultRanges = Readonly<Record<RangeKey, RangeBounds>>;

/** Product-spec §9: the slider bounds when the server's range is missing or zero. */
export const FALLBACK_RANGE_BOUNDS: Readonly<Record<RangeScale, RangeBounds>> = {
  absolute: { min: 20, max: 40 },
  relative: { min: 0, max: 10 },
};

/**
 * The answer of one max-min endpoint (`min_abs_thermal_tolerance`, `max_ed50_mmm`, …); any
 * object with those keys will do, and a failed call is null.
 */
export type MaxMinAnswer = Readonly<Record<string, number | null | undefined>> | null | undefined;
export type MaxMinAnswers = Partial<Record<ThresholdKind, MaxMinAnswer>>;

const usable = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value !== 0;

/**
 * Default ranges from the three max-min answers (product-spec §3, §9): each bound comes from
 * `min_<field>` / `max_<field>` of its kind's answer; a bound that is missing, not a number or
 * zero takes the fallback (20–40 °C absolute and ED values, 0–10 °C relative and MMM values). A
 * pair that ends up reversed (a lone bound beyond the other fallback) takes both fallbacks.
 */
export function defaultRangesFromMaxMin(answers: MaxMinAnswers): DefaultRanges {
  const ranges = {} as Record<RangeKey, RangeBounds>;
  for (const spec of RANGE_SPECS) {
    if (spec.key !== spec.defaultKey) continue;
    const answer = answers[spec.kind];
    const fallback = FALLBACK_RANGE_BOUNDS[spec.scale];
    const min = answer?.[`min_${spec.valueKey}`];
    const max = answer?.[`max_${spec.valueKey}`];
    const bounds = { min: usable(min) ? min : fallback.min, max: usable(max) ? max : fallback.max };
    ranges[spec.key] = bounds.min <= bounds.max ? bounds : { ...fallback };
  }
  return ranges;
}

/** The defaults when no max-min answer is available: every range at its fallback. */
export const FALLBACK_DEFAULT_RANGES: DefaultRanges = defaultRangesFromMaxMin({});
