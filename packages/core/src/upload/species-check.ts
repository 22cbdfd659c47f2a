import { PLAUSIBLE_ABSOLUTE_RANGE_C } from '../thresholds/quality-flags';
import type { UploadQualityFlag } from './quality-flags';
import type { UploadPlan } from './upload-plan';

/** Robust spread of the ED50s of one species already in the database. */
export interface SpeciesDistribution {
  n: number;
  median: number;
  /** Median absolute deviation × 1.4826 (comparable to a standard deviation). */
  spread: number;
}

/** At least this many stored ED50s are needed to call a value unusual. */
export const MIN_SPECIES_VALUES = 10;
/** |x − median| / spread above this is unusual (a robust z-score, Iglewicz & Hoaglin). */
export const UNUSUAL_Z = 3.5;

export function speciesDistribution(values: readonly number[]): SpeciesDistribution | null {
  const { min, max } = PLAUSIBLE_ABSOLUTE_RANGE_C;
  const plausible = values.filter((v) => v >= min && v <= max).sort((a, b) => a - b);
  if (plausible.length < MIN_SPECIES_VALUES) return null;
  const median = medianOf(plausible);
  const deviations = plausible.map((v) => Math.abs(v - median)).sort((a, b) => a - b);
  const spread = medianOf(deviations) * 1.4826;
  return spread > 0 ? { n: plausible.length, median, spread } : null;
}

function medianOf(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** ED50s of the upload that are unusual for their species compared with the rest of the database. */
export function unusualForSpeciesFlags(
  plan: UploadPlan,
  distributions: ReadonlyMap<string, SpeciesDistribution>,
): UploadQualityFlag[] {
  const colonies = new Map(plan.colonies.map((colony) => [colony.key, colony]));
  const flags: UploadQualityFlag[] = [];
  for (const curve of plan.curves) {
    const colony = colonies.get(curve.colonyKey)!;
    const distribution = distributions.get(colony.species);
    if (curve.ed50 === null || !distribution) continue;
    const z = Math.abs(curve.ed50 - distribution.median) / distribution.spread;
    if (z <= UNUSUAL_Z) continue;
    flags.push({
      code: 'unusual_for_species',
      message: `ED50 ${curve.ed50} °C is unusual for ${colony.species}: the ${distribution.n} ED50s stored for it have a median of ${distribution.median.toFixed(2)} °C (robust z = ${z.toFixed(1)}).`,
      colony: colony.name,
      species: colony.species,
      condition: curve.condition,
      timepoint: curve.timepoint,
      row: curve.source.file === 'main' ? curve.source.row : colony.row,
      value: curve.ed50,
    });
  }
  return flags;
}
