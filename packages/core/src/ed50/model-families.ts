import { ED_MODELS, type EdModel } from '../thresholds/ed-models';
import { THRESHOLD_KIND_INFO, type ThresholdKind } from '../thresholds/threshold-kinds';
import { perKind } from './ed-kinds';
import { glibcExp, glibcLog } from './r-numerics/glibc-exp-log';
import { rPow } from './r-numerics/r-pow';

/**
 * drc 3.0-1's dose-response model families the calculator offers (decision
 * 0030). LL.3 is CBASSED50's and the default; it keeps its own, faster code path (drm-fit.ts).
 * The others are fitted by family-fit.ts, which evaluates them through this table. Their ids
 * are the threshold layer's (thresholds/ed-models.ts), since an ED's provenance names them too.
 */
export { ED_MODELS, type EdModel };
export const DEFAULT_ED_MODEL: EdModel = 'LL.3';

/** drc's five parameter names, in drc's order (llogistic: b, c, d, e, f; Weibull: b, c, d, e). */
export type ModelParameter = 'b' | 'c' | 'd' | 'e' | 'f';
export const MODEL_PARAMETERS: readonly ModelParameter[] = ['b', 'c', 'd', 'e', 'f'];

/** Every parameter of a fitted curve in original units, fixed ones included (f = 1 for Weibull). */
export type ModelParameters = Record<ModelParameter, number>;

export type ModelKind = 'log-logistic' | 'weibull-1' | 'weibull-2';

export interface ModelFamily {
  model: EdModel;
  kind: ModelKind;
  /** The parameters drm estimates, in drm's order (its blocks of K curve values). */
  free: readonly ModelParameter[];
  /** Values of the fixed parameters, as drc's LL.2()/LL.3()/W1.3()/W2.3() fix them. */
  fixed: Partial<ModelParameters>;
  /**
   * drm scales dose and response only for families with a `scaleFct`: drc's llogistic has one,
   * weibull1/weibull2 do not (their fits run on the raw temperatures and responses).
   */
  scaled: boolean;
  /**
   * Sign of b on a curve that falls with temperature: +1, except Weibull type 2, whose
   * 1 - exp(-exp(b(log x - log e))) falls for b < 0. The calculator's checks (ed50-algorithm
   * §9) read b times this sign as the Hill slope.
   */
  fallingSign: 1 | -1;
  /** Plain-words name for the page and the CLI help. */
  label: string;
  /** One plain sentence on what it is, and the study that used it where known. */
  description: string;
}

/** drc's families as its LL.2(), LL.3(), LL.4(), LL.5(), W1.3() and W2.3() define them. */
export const MODEL_FAMILIES: Readonly<Record<EdModel, ModelFamily>> = {
  'LL.3': {
    model: 'LL.3',
    kind: 'log-logistic',
    free: ['b', 'd', 'e'],
    fixed: { c: 0, f: 1 },
    scaled: true,
    fallingSign: 1,
    label: "LL.3: drc's three-parameter log-logistic (CBASSED50's model)",
    description:
      'Falls from a fitted maximum to 0, symmetric around ED50 on a log-temperature scale; the model of CBASSED50 and Evensen et al. 2023, and the default.',
  },
  'LL.2': {
    model: 'LL.2',
    kind: 'log-logistic',
    free: ['b', 'e'],
    fixed: { c: 0, d: 1, f: 1 },
    scaled: true,
    fallingSign: 1,
    label: "LL.2: drc's two-parameter log-logistic (maximum fixed at 1)",
    description:
      'Like LL.3, but the maximum is fixed at 1 instead of fitted: only for responses already expressed relative to the control (1 = no loss).',
  },
  'LL.4': {
    model: 'LL.4',
    kind: 'log-logistic',
    free: ['b', 'c', 'd', 'e'],
    fixed: { f: 1 },
    scaled: true,
    fallingSign: 1,
    label: "LL.4: drc's four-parameter log-logistic (lower plateau fitted)",
    description:
      'Like LL.3, but the curve falls to a fitted lower plateau instead of 0, for colonies that keep some photosynthetic efficiency at the hottest temperature.',
  },
  'LL.5': {
    model: 'LL.5',
    kind: 'log-logistic',
    free: ['b', 'c', 'd', 'e', 'f'],
    fixed: {},
    scaled: true,
    fallingSign: 1,
    label: "LL.5: drc's five-parameter generalised log-logistic (asymmetric)",
    description:
      'LL.4 with a fifth parameter that lets the decline be asymmetric around its midpoint; needs many temperatures per colony to be estimable.',
  },
  'W1.3': {
    model: 'W1.3',
    kind: 'weibull-1',
    free: ['b', 'd', 'e'],
    fixed: { c: 0, f: 1 },
    scaled: false,
    fallingSign: 1,
    label: "W1.3: drc's three-parameter Weibull type 1",
    description:
      'Falls from a fitted maximum to 0 like LL.3, but asymmetrically: a slow start and a steep end of the decline.',
  },
  'W2.3': {
    model: 'W2.3',
    kind: 'weibull-2',
    free: ['b', 'd', 'e'],
    fixed: { c: 0, f: 1 },
    scaled: false,
    fallingSign: -1,
    label: "W2.3: drc's three-parameter Weibull type 2",
    description:
      'Falls from a fitted maximum to 0 like LL.3, but asymmetrically the other way: a steep start and a slow end of the decline.',
  },
};

export function isEdModel(value: string): value is EdModel {
  return (ED_MODELS as readonly string[]).includes(value);
}

/** drc's scaleFct: the factor of each parameter between scaled and original units. */
export function parameterScale(
  parameter: ModelParameter,
  doseScaling: number,
  responseScaling: number,
): number {
  return parameter === 'c' || parameter === 'd'
    ? responseScaling
    : parameter === 'e'
      ? doseScaling
      : 1;
}

/**
 * The curve at dose x, written exactly as drc evaluates it (glibc's exp/log, R's operation
 * order): llogistic's `c + (d - c) / (1 + exp(b * log(x / e)))^f`, weibull1's
 * `c + (d - c) * exp(-exp(b * (log(x) - log(e))))` and weibull2's
 * `c + (d - c) * (1 - exp(-exp(b * (log(x) - log(e)))))`. R's `^` is glibc's pow, which V8's
 * `**` misses in the last bit for 6 % of arguments: rPow instead (only LL.5 has f free; for
 * f = 1, pow(x, 1) is x).
 */
export function modelValue(kind: ModelKind, x: number, p: ModelParameters): number {
  const { b, c, d, e, f } = p;
  if (kind === 'log-logistic') {
    const base = 1 + glibcExp(b * glibcLog(x / e));
    return c + (d - c) / (f === 1 ? base : rPow(base, f));
  }
  const inner = glibcExp(-glibcExp(b * (glibcLog(x) - glibcLog(e))));
  return kind === 'weibull-1' ? c + (d - c) * inner : c + (d - c) * (1 - inner);
}

/**
 * drc's `ED(fit, p)` (type "relative", reference "control") of one curve: the edfct of
 * llogistic (e · (exp(-log((100 - p) / 100) / f) - 1)^(1/b)) or weibull1
 * (exp(log(-log((100 - p) / 100)) / b + log(e)); weibull2's edfct calls weibull1's), with p
 * replaced by 100 - p where b < 0 (drc's EDhelper).
 */
export function modelEffectiveDose(kind: ModelKind, p: ModelParameters, percent: number): number {
  const level = p.b < 0 ? 100 - percent : percent;
  if (kind === 'log-logistic') {
    const tempVal = glibcLog((100 - level) / 100);
    return p.e * rPow(glibcExp(-tempVal / p.f) - 1, 1 / p.b);
  }
  const tempVal = glibcLog(-glibcLog((100 - level) / 100));
  return glibcExp(tempVal / p.b + glibcLog(p.e));
}

/** A fitted curve's ED of every threshold kind, at the kind's level. */
export function modelEffectiveDoses(
  kind: ModelKind,
  p: ModelParameters,
): Record<ThresholdKind, number> {
  return perKind((thresholdKind) =>
    modelEffectiveDose(kind, p, THRESHOLD_KIND_INFO[thresholdKind].level),
  );
}
