import type { ColonyStats } from './colony-stats';
import type { ColonyFlag } from './types';

/** A healthy coral's Fv/Fm is ~0.5-0.7; a fitted maximum below this on a 0-1 scale is depressed. */
const DEPRESSED_FV_FM = 0.3;
/** A colony whose Max is below this share of the group's median Max is depressed. */
const DEPRESSED_SHARE_OF_GROUP = 0.5;

export interface FittedCurve {
  hill: number;
  max: number;
  ed5: number;
  ed50: number;
  ed95: number;
  convergence: 0 | 1;
}

export interface GroupContext {
  /** Median fitted Max of the group's colonies with a falling curve (null below 3 colonies). */
  medianMax: number | null;
  /** True when every response of the group lies in [0, 1], i.e. looks like Fv/Fm. */
  fvFmScale: boolean;
}

export interface ColonyAssessment {
  flags: ColonyFlag[];
  reportable: { ed5: boolean; ed50: boolean; ed95: boolean };
}

const celsius = (t: number): string => `${Number(t.toFixed(2))} °C`;

/**
 * Decides which of a fitted colony's ED values are real estimates and explains the rest in plain
 * language (algorithm doc §9). drc always returns numbers; this is where 158 °C or 6 °C ED50s are
 * stopped from looking like results.
 */
export function assessColony(
  stats: ColonyStats,
  fit: FittedCurve,
  group: GroupContext,
): ColonyAssessment {
  const flags: ColonyFlag[] = [];
  const reportable = { ed5: true, ed50: true, ed95: true };
  const none = (): void => {
    reportable.ed5 = reportable.ed50 = reportable.ed95 = false;
  };
  const { temperatures, minTemperature: low, maxTemperature: high } = stats;
  const tested = `${celsius(low)}–${celsius(high)}`;

  if (fit.convergence === 1) {
    flags.push({
      code: 'optimizer_max_iterations',
      message:
        'The optimiser stopped after 500 iterations without meeting its convergence criterion ' +
        '(drc ignores this and so does CBASSED50); the values are kept but may be unreliable.',
    });
  }
  if (temperatures.length === 2) {
    flags.push({
      code: 'too_few_temperatures',
      message: `Only 2 distinct temperatures (${temperatures.join(', ')} °C): three curve parameters cannot be estimated from two points, so no ED values are reported (CBASSED50 would print the fitted numbers).`,
    });
    none();
    return { flags, reportable };
  }
  if (temperatures.length === 3) {
    flags.push({
      code: 'fewer_than_4_temperatures',
      message: `Only 3 distinct temperatures (${temperatures.join(', ')} °C); CBASS uses 4, so these values are less reliable.`,
    });
  }
  if (!(fit.hill > 0)) {
    if (stats.meanAtHighest > stats.meanAtLowest) {
      flags.push({
        code: 'response_increases',
        message: `The response increases with temperature (Hill slope ${fit.hill.toPrecision(3)} ≤ 0), so ED5/ED50/ED95 have no meaning for this colony and are not reported.`,
      });
    } else {
      flags.push({
        code: 'no_thermal_response',
        message: `No thermal response detected: the fitted curve does not decline with temperature (Hill slope ${fit.hill.toPrecision(3)} ≤ 0). No ED values are reported.`,
      });
    }
    none();
    return { flags, reportable };
  }

  checkEd50(fit, low, high, tested, flags, reportable);
  const gap = largestGap(temperatures);
  checkTail('ed5', fit.ed5, low, high, gap, flags, reportable);
  checkTail('ed95', fit.ed95, low, high, gap, flags, reportable);
  if (reportable.ed50) checkBracketed(fit, temperatures, flags);
  checkBaseline(fit, low, group, flags);
  return { flags, reportable };
}

function checkEd50(
  fit: FittedCurve,
  low: number,
  high: number,
  tested: string,
  flags: ColonyFlag[],
  reportable: ColonyAssessment['reportable'],
): void {
  if (fit.ed50 > high) {
    flags.push({
      code: 'ed50_not_estimable',
      message: `ED50 above the highest temperature tested (not estimable): the response did not fall to half of its maximum within ${tested}; drc extrapolates ${celsius(fit.ed50)}.`,
    });
    reportable.ed50 = reportable.ed95 = false;
  } else if (fit.ed50 < low) {
    flags.push({
      code: 'ed50_not_estimable',
      message: `ED50 below the lowest temperature tested (not estimable): the response was already below half of its maximum at ${celsius(low)}; drc extrapolates ${celsius(fit.ed50)}.`,
    });
    reportable.ed50 = reportable.ed5 = false;
  }
}

/**
 * ED5 / ED95 outside the tested range. ED5 a little below the lowest or ED95 a little above the
 * highest temperature (within one temperature step) is a mild extrapolation and kept with a note;
 * anything further out, or on the wrong side (ED5 above the highest temperature), is withheld.
 */
function checkTail(
  which: 'ed5' | 'ed95',
  value: number,
  low: number,
  high: number,
  gap: number,
  flags: ColonyFlag[],
  reportable: ColonyAssessment['reportable'],
): void {
  if (!reportable[which] || (value >= low && value <= high)) return;
  const label = which === 'ed5' ? 'ED5' : 'ED95';
  const below = value < low;
  const side = below
    ? `below the lowest temperature tested (${celsius(low)})`
    : `above the highest temperature tested (${celsius(high)})`;
  const mild = which === 'ed5' ? below && low - value <= gap : !below && value - high <= gap;
  if (mild) {
    flags.push({
      code: which === 'ed5' ? 'ed5_extrapolated' : 'ed95_extrapolated',
      message: `${label} (${celsius(value)}) lies ${side}: extrapolated from the fitted curve.`,
    });
    return;
  }
  flags.push({
    code: which === 'ed5' ? 'ed5_not_estimable' : 'ed95_not_estimable',
    message: `${label} ${side} (not estimable; drc extrapolates ${celsius(value)}).`,
  });
  reportable[which] = false;
}

/** Case I of doc §9: the whole decline lies between two neighbouring tested temperatures. */
function checkBracketed(
  fit: FittedCurve,
  temperatures: readonly number[],
  flags: ColonyFlag[],
): void {
  for (let i = 0; i + 1 < temperatures.length; i++) {
    const below = temperatures[i]!;
    const above = temperatures[i + 1]!;
    if (fit.ed5 >= below && fit.ed95 <= above) {
      flags.push({
        code: 'ed50_only_bracketed',
        message: `ED50 only bracketed between ${celsius(below)} and ${celsius(above)}: the curve falls from 95 % to 5 % between these two temperatures, so the data do not pin the value down (any ED50 in between fits almost equally well).`,
      });
      return;
    }
  }
}

function checkBaseline(
  fit: FittedCurve,
  low: number,
  group: GroupContext,
  flags: ColonyFlag[],
): void {
  const belowGroup =
    group.medianMax !== null && fit.max < DEPRESSED_SHARE_OF_GROUP * group.medianMax;
  const belowFvFm = group.fvFmScale && fit.max < DEPRESSED_FV_FM;
  if (!belowGroup && !belowFvFm) return;
  flags.push({
    code: 'baseline_depressed',
    message: `Baseline already depressed at the lowest temperature (${celsius(low)}): the fitted maximum is only ${fit.max.toFixed(3)}${group.medianMax !== null ? ` (group median ${group.medianMax.toFixed(3)})` : ''}. ED values are relative to this fitted maximum, not to a healthy baseline.`,
  });
}

function largestGap(temperatures: readonly number[]): number {
  let gap = 0;
  for (let i = 0; i + 1 < temperatures.length; i++) {
    gap = Math.max(gap, temperatures[i + 1]! - temperatures[i]!);
  }
  return gap;
}
