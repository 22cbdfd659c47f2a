import {
  THRESHOLD_KINDS,
  THRESHOLD_KINDS_BY_LEVEL,
  THRESHOLD_KIND_INFO,
  type ThresholdKind,
} from '../thresholds/threshold-kinds';

/**
 * The calculator's view of the threshold-kind registry: each kind is the temperature at which
 * the fitted curve has lost `level` % of its maximum. The LL.3 model's own parameter e is the
 * midpoint (level 50, drc's "ED50" coefficient). On a curve that falls with temperature, every
 * other kind lies on one side of it: ED5 (level < 50) at lower temperatures, the 'lower' tail;
 * ED95 (level > 50) at higher temperatures, the 'upper' tail.
 */
export const MIDPOINT_LEVEL = 50;

export type CurveSide = 'lower' | 'midpoint' | 'upper';

/** Where `kind` lies on a falling curve relative to its midpoint. */
export function sideOf(kind: ThresholdKind): CurveSide {
  const { level } = THRESHOLD_KIND_INFO[kind];
  return level < MIDPOINT_LEVEL ? 'lower' : level > MIDPOINT_LEVEL ? 'upper' : 'midpoint';
}

/** The kind the model fits directly (its parameter e): ED50. */
export const MIDPOINT_KIND: ThresholdKind = (() => {
  const kind = THRESHOLD_KINDS_BY_LEVEL.find((k) => sideOf(k) === 'midpoint');
  if (kind === undefined) {
    throw new Error(`The ED calculator needs a threshold kind at level ${MIDPOINT_LEVEL}.`);
  }
  return kind;
})();

/** The kinds either side of the midpoint, in order of level (ED5, ED95). */
export const TAIL_KINDS: readonly ThresholdKind[] = THRESHOLD_KINDS_BY_LEVEL.filter(
  (kind) => kind !== MIDPOINT_KIND,
);

/** The outermost kinds (ED5 and ED95): between them lies (almost) the whole decline. */
export const OUTERMOST_KINDS = {
  first: THRESHOLD_KINDS_BY_LEVEL[0]!,
  last: THRESHOLD_KINDS_BY_LEVEL[THRESHOLD_KINDS_BY_LEVEL.length - 1]!,
} as const;

/**
 * `perThresholdKind` for the calculator, which builds such records for every colony and group:
 * the same record, made with a plain loop. (The registry's Object.fromEntries version costs about
 * a microsecond a call, which three calls per colony turn into ~1 % of the calculator's time.)
 */
export function perKind<T>(value: (kind: ThresholdKind) => T): Record<ThresholdKind, T> {
  const record = {} as Record<ThresholdKind, T>;
  for (const kind of THRESHOLD_KINDS) record[kind] = value(kind);
  return record;
}
