import { perKind } from './ed-kinds';
import { rMean, rStandardDeviation } from './r-numerics/compensated-sum';
import { roundR } from './r-numerics/r-round';
import { studentTQuantile } from './r-numerics/student-t';
import type { ColonyEdResult, EdStatistic, GroupSummary } from './types';

/**
 * CBASSED50's summary of one group (`fit_curve_eds` / the tutorial, ed50-algorithm §7): mean, SD
 * (n - 1), SE = SD / √n and 95 % CI = qt(0.975, n - 1) · SE of the colonies' ROUNDED ED values,
 * each then rounded to 2 decimals again. Colonies whose value is not reportable are left out
 * (CBASSED50 has no such colonies: it prints every number drc returns).
 */
export function summarizeGroup(colonies: readonly ColonyEdResult[]): GroupSummary {
  return perKind((kind) =>
    edStatistic(
      colonies.map((colony) => colony[kind].rounded).filter((v): v is number => v !== null),
    ),
  );
}

/**
 * The same statistics without any rounding: of the colonies' unrounded values, not rounded
 * afterwards (the unrounded output option; not CBASSED50's numbers).
 */
export function summarizeGroupUnrounded(colonies: readonly ColonyEdResult[]): GroupSummary {
  return perKind((kind) =>
    edStatistic(
      colonies.map((colony) => colony[kind].value).filter((v): v is number => v !== null),
      (x) => x,
    ),
  );
}

export function edStatistic(
  values: readonly number[],
  round: (x: number) => number = (x) => roundR(x, 2),
): EdStatistic {
  const n = values.length;
  if (n === 0) return { n, mean: null, sd: null, se: null, confInt: null };
  const mean = rMean(values);
  const sd = rStandardDeviation(values);
  if (sd === null) return { n, mean: round(mean), sd: null, se: null, confInt: null };
  const se = sd / Math.sqrt(n);
  const confInt = studentTQuantile(0.975, n - 1) * se;
  return { n, mean: round(mean), sd: round(sd), se: round(se), confInt: round(confInt) };
}
