/**
 * drc's parameter limits, `drm(..., lowerl = , upperl = )`, for the LL.3 fits (decision 0034).
 *
 * Names and units are drc's LL.3 parameters in the data's own units: b (the Hill slope; b > 0
 * means the response falls with temperature, so "Hill 20–100" is b from 20 to 100), d (Max, in
 * the response's units, e.g. Fv/Fm) and e (ED50, °C). A parameter without a limit is drm's NA.
 * With any limit drm optimises with optim's "L-BFGS-B" instead of "BFGS" (drc's drmOpt), so even
 * limits that end up inactive give other numbers than the unbounded fit.
 */

export const LL3_PARAMETER_NAMES = ['b', 'd', 'e'] as const;
export type Ll3ParameterName = (typeof LL3_PARAMETER_NAMES)[number];

/** Limits per parameter name; a name left out has no limit on that side. */
export type ParameterLimits = Partial<Record<Ll3ParameterName, number>>;

export interface ParameterBounds {
  lower?: ParameterLimits;
  upper?: ParameterLimits;
}

const DESCRIPTION: Record<Ll3ParameterName, string> = {
  b: 'b (Hill slope)',
  d: 'd (Max)',
  e: 'e (ED50, °C)',
};

function isParameterName(name: string): name is Ll3ParameterName {
  return (LL3_PARAMETER_NAMES as readonly string[]).includes(name);
}

/** Problems with a bounds option, as sentences; empty when it can be used. */
export function validateBounds(bounds: ParameterBounds): string[] {
  const problems: string[] = [];
  for (const side of ['lower', 'upper'] as const) {
    const limits: Record<string, unknown> = bounds[side] ?? {};
    for (const [name, value] of Object.entries(limits)) {
      if (!isParameterName(name)) {
        problems.push(
          `Unknown parameter "${name}" in the ${side} bounds: LL.3's parameters are b (Hill slope), d (Max) and e (ED50).`,
        );
      } else if (typeof value !== 'number' || !Number.isFinite(value)) {
        problems.push(`The ${side} bound of ${DESCRIPTION[name]} must be a finite number.`);
      }
    }
  }
  for (const name of LL3_PARAMETER_NAMES) {
    const low = bounds.lower?.[name];
    const high = bounds.upper?.[name];
    if (typeof low === 'number' && typeof high === 'number' && !(low < high)) {
      problems.push(
        `The lower bound of ${DESCRIPTION[name]} (${low}) must be below its upper bound (${high}).`,
      );
    }
  }
  return problems;
}

/**
 * Reads "b=20,e=30" (names b, d, e; each at most once). Returns the limits, or a sentence saying
 * what is wrong with the text.
 */
export function parseParameterLimits(
  text: string,
): { ok: true; limits: ParameterLimits } | { ok: false; error: string } {
  const limits: ParameterLimits = {};
  const items = text.split(',').map((item) => item.trim());
  if (items.every((item) => item === '')) {
    return { ok: false, error: 'no limits given: write e.g. b=20,e=30.' };
  }
  for (const item of items) {
    const match = /^([A-Za-z]+)\s*=\s*(\S+)$/.exec(item);
    if (!match) return { ok: false, error: `"${item}" is not name=value (e.g. b=20).` };
    const name = match[1]!;
    const raw = match[2]!;
    if (!isParameterName(name)) {
      return {
        ok: false,
        error: `unknown parameter "${name}": LL.3's parameters are b (Hill slope), d (Max) and e (ED50).`,
      };
    }
    if (name in limits) return { ok: false, error: `${name} is given twice.` };
    const value = Number(raw);
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw) || !Number.isFinite(value)) {
      return { ok: false, error: `the limit of ${name} ("${raw}") is not a number.` };
    }
    limits[name] = value;
  }
  return { ok: true, limits };
}

/** drm's arguments for these bounds, e.g. `lowerl = c(20, NA, 30), upperl = c(100, NA, 40)`. */
export function drmBoundsArguments(bounds: ParameterBounds): string {
  const vector = (limits: ParameterLimits | undefined) =>
    `c(${LL3_PARAMETER_NAMES.map((name) => (limits?.[name] === undefined ? 'NA' : String(limits[name]))).join(', ')})`;
  const parts: string[] = [];
  if (bounds.lower) parts.push(`lowerl = ${vector(bounds.lower)}`);
  if (bounds.upper) parts.push(`upperl = ${vector(bounds.upper)}`);
  return parts.join(', ');
}

/** The sentence the method note gets for bounded fits. */
export function boundsNote(bounds: ParameterBounds): string {
  return (
    ` Parameter bounds: ${drmBoundsArguments(bounds)} (drc's b, d, e: Hill slope, Max, ED50 in ` +
    "°C), so drm optimises with R's L-BFGS-B (optim's defaults factr = 1e7, pgtol = 0) instead " +
    'of BFGS; values at a bound are flagged. The pooled curve of each group is fitted without ' +
    'bounds.'
  );
}

/**
 * drm's limit vectors in optim's coordinates for K curves, layout [b_1..b_K, d_1..d_K, e_1..e_K]:
 * drm divides each limit by its scaling (1 for b, the response scaling for d, the dose scaling
 * for e; drm.R `lowerLimits / longScaleVec`), then optim by its parscale. A missing limit is
 * -Inf / +Inf (R's NA, which optim treats as no bound).
 */
export function optimLimits(
  bounds: ParameterBounds,
  curveCount: number,
  responseScaling: number,
  doseScaling: number,
  parscale: Float64Array,
): { lower: Float64Array; upper: Float64Array } {
  const k = curveCount;
  const lower = new Float64Array(3 * k);
  const upper = new Float64Array(3 * k);
  const scale = [1, responseScaling, doseScaling];
  for (const [block, name] of LL3_PARAMETER_NAMES.entries()) {
    const low = bounds.lower?.[name];
    const high = bounds.upper?.[name];
    for (let curve = 0; curve < k; curve++) {
      const i = block * k + curve;
      lower[i] = low === undefined ? -Infinity : low / scale[block]! / parscale[i]!;
      upper[i] = high === undefined ? Infinity : high / scale[block]! / parscale[i]!;
    }
  }
  return { lower, upper };
}

/** Relative distance below which a fitted value counts as being on its bound. */
const ON_BOUND = 1e-9;

/**
 * The flag of a colony whose fitted b, d or e ended on a bound (original units): the data alone
 * would move it further, so its ED values depend on where the bound was set. Null if none did.
 */
export function boundFlag(
  bounds: ParameterBounds,
  fitted: Record<Ll3ParameterName, number>,
): { code: 'parameter_at_bound'; message: string } | null {
  const reached: string[] = [];
  for (const name of LL3_PARAMETER_NAMES) {
    for (const side of ['lower', 'upper'] as const) {
      const bound = bounds[side]?.[name];
      if (bound === undefined) continue;
      if (Math.abs(fitted[name] - bound) <= ON_BOUND * Math.max(1, Math.abs(bound))) {
        reached.push(`${DESCRIPTION[name]} is at its ${side} bound ${bound}`);
      }
    }
  }
  if (reached.length === 0) return null;
  return {
    code: 'parameter_at_bound',
    message:
      `The fitted ${reached.join(', and ')}: the data alone would move it further, so this ` +
      "colony's ED values depend on where the bound is set.",
  };
}
