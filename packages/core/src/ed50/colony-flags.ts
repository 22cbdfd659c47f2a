import {
  THRESHOLD_KINDS_BY_LEVEL,
  THRESHOLD_KIND_INFO,
  type ThresholdKind,
} from '../thresholds/threshold-kinds';
import type { ColonyStats } from './colony-stats';
import { describeScaleOutlier, type ScaleOutlier } from './input-checks';
import { noteCelsius as celsius, noteCelsiusList } from './note-format';
import { MIDPOINT_KIND, OUTERMOST_KINDS, TAIL_KINDS, perKind, sideOf } from './ed-kinds';
import type { ColonyFlag, EdFitMode, OptimConvergence } from './types';

/**
 * How to switch to one fit per colony, named in the note on a collapsed joint fit (decision
 * 0027): the CLI flag and the calculator page's option.
 */
export const PER_COLONY_HINT =
  'A fit of this colony alone may follow them: try the per-colony fit (on the calculator page: ' +
  'Method "One fit per colony"; CLI: ed50 --fit per-colony).';

/** A healthy coral's Fv/Fm is ~0.5-0.7; a fitted maximum below this on a 0-1 scale is depressed. */
const DEPRESSED_FV_FM = 0.3;
/** A colony whose Max is below this share of the group's median Max is depressed. */
const DEPRESSED_SHARE_OF_GROUP = 0.5;

export interface FittedCurve {
  hill: number;
  max: number;
  /** drc's ED of every kind, as the fitted curve gives it (°C). */
  ed: Record<ThresholdKind, number>;
  convergence: OptimConvergence;
}

export interface GroupContext {
  /** Median fitted Max of the group's colonies with a falling curve (null below 3 colonies). */
  medianMax: number | null;
  /** True when every response of the group lies in [0, 1], i.e. looks like Fv/Fm. */
  fvFmScale: boolean;
  /** Colonies of the group on another scale than the rest (decision 0062). */
  otherScale?: readonly ScaleOutlier[];
}

type Reportable = Record<ThresholdKind, boolean>;

export interface ColonyAssessment {
  flags: ColonyFlag[];
  reportable: Reportable;
}

/** "ED5/ED50/ED95" */
const ALL_LABELS = THRESHOLD_KINDS_BY_LEVEL.map((kind) => THRESHOLD_KIND_INFO[kind].edLabel).join(
  '/',
);

/**
 * Decides which of a fitted colony's ED values are real estimates and explains the rest in plain
 * language (ed50-algorithm §9). drc always returns numbers; this is where 158 °C or 6 °C ED50s are
 * stopped from looking like results.
 */
export function assessColony(
  stats: ColonyStats,
  fit: FittedCurve,
  group: GroupContext,
  fitMode: EdFitMode = 'joint',
  genotype?: string,
): ColonyAssessment {
  const flags: ColonyFlag[] = [];
  const outliers = group.otherScale ?? [];
  const self = outliers.find((outlier) => outlier.name === genotype);
  if (self) {
    flags.push({
      code: 'other_scale',
      message:
        `This colony is on another scale than its group: ${describeScaleOutlier(self)}. ` +
        (fitMode === 'joint'
          ? 'A joint fit shares its scaling among all colonies of the group, so this colony can make the fit collapse for the others. '
          : '') +
        'Correct its values (or leave it out) and compute again.',
    });
  }
  const culprits = fitMode === 'joint' ? outliers.filter((outlier) => outlier !== self) : [];
  const blame =
    culprits.length === 0
      ? null
      : `The group's joint fit collapsed for this colony because ${culprits
          .map((c) => `colony ${c.name} is on another scale (${describeScaleOutlier(c)})`)
          .join(
            '; and ',
          )}. A joint fit shares its scaling among all colonies of the group: correct that colony's values (or leave it out) and compute again; until then this colony's values are not reported.`;
  const reportable = perKind(() => true);
  const none = (): void => {
    for (const kind of THRESHOLD_KINDS_BY_LEVEL) reportable[kind] = false;
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
  if (fit.convergence === 51 || fit.convergence === 52) {
    flags.push({
      code: 'optimizer_abnormal_stop',
      message:
        `The bounded optimiser (R's L-BFGS-B) stopped abnormally (optim's convergence ${fit.convergence}: ` +
        'its line search found no acceptable step); drc ignores this, so the values are kept but ' +
        'may be unreliable.',
    });
  }
  if (temperatures.length === 2) {
    flags.push({
      code: 'too_few_temperatures',
      message: `Only 2 distinct temperatures (${noteCelsiusList(temperatures)}): three curve parameters cannot be estimated from two points, so no ED values are reported (CBASSED50 would print the fitted numbers).`,
    });
    none();
    return { flags, reportable };
  }
  if (temperatures.length === 3) {
    flags.push({
      code: 'fewer_than_4_temperatures',
      message: `Only 3 distinct temperatures (${noteCelsiusList(temperatures)}); CBASS uses 4, so these values are less reliable.`,
    });
  }
  if (!(fit.hill > 0)) {
    if (stats.meanAtHighest > stats.meanAtLowest) {
      flags.push({
        code: 'response_increases',
        message: `The response increases with temperature (Hill slope ${fit.hill.toPrecision(3)} ≤ 0), so ${ALL_LABELS} have no meaning for this colony and are not reported.`,
      });
    } else if (blame) {
      flags.push({ code: 'fit_collapsed_other_scale', message: blame });
    } else {
      flags.push({
        code: 'no_thermal_response',
        message: `No thermal response detected: the fitted curve does not decline with temperature (Hill slope ${fit.hill.toPrecision(3)} ≤ 0). No ED values are reported.`,
      });
    }
    none();
    return { flags, reportable };
  }

  checkMidpoint(fit, stats, tested, flags, reportable, fitMode, blame);
  const gap = largestGap(temperatures);
  for (const kind of TAIL_KINDS) checkTail(kind, fit.ed[kind], low, high, gap, flags, reportable);
  if (reportable[MIDPOINT_KIND]) checkBracketed(fit, temperatures, flags);
  checkBaseline(fit, low, group, flags);
  return { flags, reportable };
}

/**
 * The ED50 outside the tested range: not estimable, and neither is any kind on the same side of
 * the curve (an ED50 above the highest temperature puts the ED95 further above it).
 */
function checkMidpoint(
  fit: FittedCurve,
  stats: ColonyStats,
  tested: string,
  flags: ColonyFlag[],
  reportable: Reportable,
  fitMode: EdFitMode,
  blame: string | null,
): void {
  const { minTemperature: low, maxTemperature: high } = stats;
  const value = fit.ed[MIDPOINT_KIND];
  const { edLabel } = THRESHOLD_KIND_INFO[MIDPOINT_KIND];
  const code = `${MIDPOINT_KIND}_not_estimable` as const;
  if (value > high) {
    // The data may well fall: then it is the fit that did not follow them (decision 0027).
    const dataFall = stats.meanAtHighest <= stats.meanAtLowest / 2;
    const collapsed = blame
      ? blame
      : fitMode === 'joint'
        ? `The group's joint fit collapsed for this colony instead of following the data, so its values are not reported. ${PER_COLONY_HINT}`
        : 'The fit collapsed instead of following the data, so its values are not reported.';
    flags.push({
      code,
      message: dataFall
        ? `${edLabel} not estimable: the fitted curve does not fall to half of its maximum within ${tested} (drc extrapolates ${celsius(value)}), although the measurements do: their mean falls from ${stats.meanAtLowest.toFixed(2)} at ${celsius(low)} to ${stats.meanAtHighest.toFixed(2)} at ${celsius(high)}. ${collapsed}`
        : `${edLabel} above the highest temperature tested (not estimable): the response did not fall to half of its maximum within ${tested}; drc extrapolates ${celsius(value)}.`,
    });
    withhold(reportable, 'upper');
  } else if (value < low) {
    flags.push({
      code,
      message: `${edLabel} below the lowest temperature tested (not estimable): the response was already below half of its maximum at ${celsius(low)}; drc extrapolates ${celsius(value)}.`,
    });
    withhold(reportable, 'lower');
  }
}

/** The midpoint and every kind on the given side of it are not reportable. */
function withhold(reportable: Reportable, side: 'lower' | 'upper'): void {
  for (const kind of THRESHOLD_KINDS_BY_LEVEL) {
    if (sideOf(kind) === side || kind === MIDPOINT_KIND) reportable[kind] = false;
  }
}

/**
 * A tail kind (ED5, ED95) outside the tested range. ED5 a little below the lowest or ED95 a little
 * above the highest temperature (within one temperature step: a lower-tail kind below, an
 * upper-tail kind above) is a mild extrapolation and kept with a note; anything further out, or
 * on the wrong side (ED5 above the highest temperature), is withheld.
 */
function checkTail(
  kind: ThresholdKind,
  value: number,
  low: number,
  high: number,
  gap: number,
  flags: ColonyFlag[],
  reportable: Reportable,
): void {
  if (!reportable[kind] || (value >= low && value <= high)) return;
  const label = THRESHOLD_KIND_INFO[kind].edLabel;
  const below = value < low;
  const side = below
    ? `below the lowest temperature tested (${celsius(low)})`
    : `above the highest temperature tested (${celsius(high)})`;
  const mild =
    sideOf(kind) === 'lower' ? below && low - value <= gap : !below && value - high <= gap;
  if (mild) {
    flags.push({
      code: `${kind}_extrapolated`,
      message: `${label} (${celsius(value)}) lies ${side}: extrapolated from the fitted curve.`,
    });
    return;
  }
  flags.push({
    code: `${kind}_not_estimable`,
    message: `${label} ${side} (not estimable; drc extrapolates ${celsius(value)}).`,
  });
  reportable[kind] = false;
}

/**
 * Case I of doc §9: the whole decline (from the first to the last kind, ED5 to ED95) lies between
 * two neighbouring tested temperatures.
 */
function checkBracketed(
  fit: FittedCurve,
  temperatures: readonly number[],
  flags: ColonyFlag[],
): void {
  const { first, last } = OUTERMOST_KINDS;
  const start = fit.ed[first];
  const end = fit.ed[last];
  const midpoint = THRESHOLD_KIND_INFO[MIDPOINT_KIND].edLabel;
  for (let i = 0; i + 1 < temperatures.length; i++) {
    const below = temperatures[i]!;
    const above = temperatures[i + 1]!;
    if (start >= below && end <= above) {
      flags.push({
        code: 'ed50_only_bracketed',
        message: `${midpoint} only bracketed between ${celsius(below)} and ${celsius(above)}: the curve falls from ${remaining(first)} to ${remaining(last)} between these two temperatures, so the data do not pin the value down (any ${midpoint} in between fits almost equally well).`,
      });
      return;
    }
  }
}

/** "95 %" for ED5: the share of the maximum left at the kind's temperature. */
function remaining(kind: ThresholdKind): string {
  return `${100 - THRESHOLD_KIND_INFO[kind].level} %`;
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
