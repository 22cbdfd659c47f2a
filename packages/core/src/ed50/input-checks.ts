import { noteCelsius as celsius } from './note-format';
import type { CbassRow } from './types';

/**
 * The input rules the calculator (page and CLI) and the upload share
 * (docs/decisions/0062-honest-calculator-inputs.md): each is decided here once, and each caller
 * words its note or flag around the same numbers. None of them changes or drops a value.
 */

/** Fv/Fm, the PAM value CBASS measures, is a ratio between 0 and 1. */
export const FV_FM_RANGE = { min: 0, max: 1 } as const;

export function outsideFvFm(value: number): boolean {
  return value < FV_FM_RANGE.min || value > FV_FM_RANGE.max;
}

/**
 * A colony whose highest PAM value is this many times above (or below) the median of the other
 * colonies' highest values is on another scale: ×1000 (a lost decimal point) or ×100 (per cent)
 * give 100–1000, while real colonies of one group differ by less than 3 (a dead colony's highest
 * value, at the lowest temperature, is still a sizeable share of a healthy one's).
 */
export const OTHER_SCALE_FACTOR = 50;

export interface ScaleOutlier {
  /** The colony's name as the caller gave it (the genotype in a calculator group). */
  name: string;
  /** Its highest PAM value. */
  max: number;
  /** The median of the other colonies' highest values. */
  othersMedian: number;
}

/**
 * Colonies on another scale than the rest of their group (at least 3 colonies: with 2 there is no
 * telling which one is off). A joint fit shares its optimiser's scaling among all colonies, so one
 * such colony makes the fit collapse for the others.
 */
export function coloniesOnAnotherScale(
  colonies: readonly { name: string; values: readonly number[] }[],
): ScaleOutlier[] {
  const maxima = colonies
    .filter((colony) => colony.values.length > 0)
    .map((colony) => ({ name: colony.name, max: Math.max(...colony.values) }));
  if (maxima.length < 3) return [];
  const outliers: ScaleOutlier[] = [];
  for (const [index, colony] of maxima.entries()) {
    const othersMedian = median(maxima.filter((_, i) => i !== index).map((c) => c.max));
    if (!(othersMedian > 0) || !(colony.max > 0)) continue;
    const ratio = colony.max / othersMedian;
    if (ratio >= OTHER_SCALE_FACTOR || ratio <= 1 / OTHER_SCALE_FACTOR) {
      outliers.push({ name: colony.name, max: colony.max, othersMedian });
    }
  }
  return outliers;
}

/** "its highest PAM value is 633 against a median of 0.62 for the other colonies (×1020)" */
export function describeScaleOutlier(outlier: ScaleOutlier): string {
  const ratio = outlier.max / outlier.othersMedian;
  const times = ratio >= 1 ? `×${Math.round(ratio)}` : `÷${Math.round(1 / ratio)}`;
  return `its highest PAM value is ${round3(outlier.max)} against a median of ${round3(outlier.othersMedian)} for the other colonies of its group (${times}): another scale, e.g. a lost decimal point or per cent instead of Fv/Fm`;
}

/**
 * Rows whose every cell equals an earlier row's (after trimming; trailing empty cells ignored):
 * the same nubbin entered twice, which counts twice in any fit.
 */
export function duplicateRows(
  records: readonly { row: number; cells: readonly string[] }[],
): { row: number; firstRow: number }[] {
  const seen = new Map<string, number>();
  const duplicates: { row: number; firstRow: number }[] = [];
  for (const { row, cells } of records) {
    const trimmed = cells.map((cell) => cell.trim());
    while (trimmed.length > 0 && trimmed.at(-1) === '') trimmed.pop();
    const key = trimmed.join('\u0000');
    const first = seen.get(key);
    if (first === undefined) seen.set(key, row);
    else duplicates.push({ row, firstRow: first });
  }
  return duplicates;
}

/**
 * The temperatures sea water can have as a liquid (it freezes at about −2 °C and boils at 100 °C):
 * no ED and no limit of one can lie outside. A 95 % limit beyond it (drc's delta method is
 * symmetric and knows no physics: −349 to 431 °C) says the data do not determine the ED. Wide
 * but possible limits (25 to 47 °C) are the interval's own message and get no note; the
 * platform's plausible ED range (15–45 °C, decision 0002) would flag them by the dozen.
 */
export const PHYSICAL_ED_RANGE_C = { min: -2, max: 100 } as const;

export function limitsOutsidePhysicalRange(lower: number, upper: number): boolean {
  return lower < PHYSICAL_ED_RANGE_C.min || upper > PHYSICAL_ED_RANGE_C.max;
}

/** The note on an ED whose 95 % limits leave the physical range. */
export function impossibleLimitsNote(label: string, lower: number, upper: number): string {
  const { min, max } = PHYSICAL_ED_RANGE_C;
  return `The 95 % interval of ${label} (${celsius(lower)} to ${celsius(upper)}) reaches beyond ${celsius(min)} to ${celsius(max)}, where sea water freezes and boils: the delta method's interval is symmetric and knows no physics, and so wide an interval means the data do not determine ${label}. Read the limits as "undetermined", not as a range.`;
}

/**
 * Why an interval is NA although intervals were asked for: the fit has no residual degree of
 * freedom (as many parameters as rows), so drc cannot estimate the residual variance. The CLI
 * help and the calculator page say it in these words.
 */
export const NO_RESIDUAL_DF_NOTE =
  'No delta-method limits where the fit has no residual degree of freedom: with as many ' +
  'parameters as rows (LL.4 or LL.5 on one row per temperature at 4 temperatures, the usual ' +
  'CBASS design) the curves pass through every point, so drc cannot estimate the residual ' +
  'variance and the intervals are NA. Use a 3-parameter model (LL.3, W1.3, W2.3) for intervals.';

/**
 * Why the pooled curve and pooled EDs stay LL.3 when the colonies are fitted with another model:
 * said on the page beside them, not only in the plot legend.
 */
export function pooledCurveModelNote(model: string): string | null {
  if (model === 'LL.3') return null;
  return (
    `The colonies are fitted with ${model}, but the pooled curve, its 95 % band and the pooled ` +
    'EDs are LL.3: they are CBASSED50’s plot_model_curve (one LL.3 curve through all of a ' +
    "group's rows), whose band and EDs are checked against drc to 1e-6; a pooled " +
    `${model} fit has no such reference yet, so it is not offered. Compare the pooled values ` +
    'with LL.3 colony values only.'
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function round3(value: number): string {
  return Number(value.toPrecision(3)).toString();
}

/** A grouping column whose values differ between rows of one genotype (decision 0062). */
export interface GenotypeSplit {
  column: string;
  /** The first genotype found with several values of the column, and those values. */
  genotype: string;
  values: string[];
}

/**
 * The columns among `columns` that tell rows of one genotype apart within a group of the
 * `grouping` (the default grouping without the column itself): left out of the grouping, such a
 * column merges those rows into one colony (Timepoint T1 and T2 of a genotype fitted as one
 * curve).
 */
export function columnsThatSplitGenotypes(
  rows: readonly CbassRow[],
  columns: readonly string[],
  grouping: readonly string[],
): GenotypeSplit[] {
  const splits: GenotypeSplit[] = [];
  for (const column of columns) {
    const others = grouping.filter((other) => other !== column);
    const seen = new Map<string, Set<string>>();
    for (const row of rows) {
      const key = [...others.map((other) => row.values[other] ?? ''), row.genotype].join('\u0000');
      const values = seen.get(key) ?? new Set<string>();
      values.add(row.values[column] ?? '');
      seen.set(key, values);
      if (values.size === 2) {
        splits.push({ column, genotype: row.genotype, values: [...values] });
        break;
      }
    }
  }
  return splits;
}

/** Said before computing when the grouping leaves out a column that splits genotypes. */
export function mergedGenotypesNote(split: GenotypeSplit): string {
  const { column, genotype, values } = split;
  return `Without ${column} in the grouping, rows of one genotype with different ${column} values are merged into one colony and fitted as one curve (e.g. genotype ${genotype}: ${column} ${values.join(' and ')}). Tick ${column} to keep them apart; compute anyway only if they are the same colony measured once.`;
}
