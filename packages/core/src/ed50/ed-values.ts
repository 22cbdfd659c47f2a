import { THRESHOLD_KIND_INFO, type ThresholdKind } from '../thresholds/threshold-kinds';
import { MIDPOINT_LEVEL, perKind } from './ed-kinds';
import { glibcExp, glibcLog } from './r-numerics/glibc-exp-log';
import { rPow } from './r-numerics/r-pow';

/**
 * drc's ED_p for LL.3 (`llogistic` edfct with type "relative", reference "control"; algorithm doc
 * §4): ED_p = e · (exp(-log((100 - p') / 100)) - 1)^(1/b), where p' = p for b > 0 and 100 - p
 * for b < 0. The net effect is e · (p / (100 - p))^(1/|b|) for both signs; drc's form is kept
 * for the last bits. R's `^` is glibc's pow (rPow): V8's `**` differs from it in the last bit
 * for some arguments, and from one V8 release to another, so the unrounded values of the CLI
 * (Node) and the page (the browser's engine) would differ.
 */
export function drcEffectiveDose(hill: number, ed50: number, percent: number): number {
  const p = hill < 0 ? 100 - percent : percent;
  const tempVal = glibcLog((100 - p) / 100);
  return ed50 * rPow(glibcExp(-tempVal / 1) - 1, 1 / hill);
}

/**
 * A fitted curve's ED of every threshold kind, at the kind's level. At the midpoint drc's formula
 * is e · 1^(1/b) (glibc's exp(-log(0.5)) is exactly 2), which R's pow makes e for every b, even
 * b = 0 or NaN; it is taken as e directly.
 */
export function effectiveDoses(hill: number, ed50: number): Record<ThresholdKind, number> {
  return perKind((kind) => {
    const { level } = THRESHOLD_KIND_INFO[kind];
    return level === MIDPOINT_LEVEL ? ed50 : drcEffectiveDose(hill, ed50, level);
  });
}
