import {
  LL3_PARAMETER_NAMES,
  validateBounds,
  type Ll3ParameterName,
  type ParameterBounds,
} from '@coral/core/ed50';

export type BoundSide = 'lower' | 'upper';
/** The text typed in the six bound fields of the Method panel ('' = no limit). */
export type BoundFields = Record<BoundSide, Record<Ll3ParameterName, string>>;

export const EMPTY_BOUND_FIELDS: BoundFields = {
  lower: { b: '', d: '', e: '' },
  upper: { b: '', d: '', e: '' },
};

/** The fields of bounds already chosen (e.g. after navigating away and back). */
export function fieldsOf(bounds: ParameterBounds | null): BoundFields {
  const text = (side: BoundSide) =>
    Object.fromEntries(
      LL3_PARAMETER_NAMES.map((name) => {
        const value = bounds?.[side]?.[name];
        return [name, value === undefined ? '' : String(value)];
      }),
    ) as Record<Ll3ParameterName, string>;
  return { lower: text('lower'), upper: text('upper') };
}

/**
 * drm's limits from the typed fields, or what is wrong with them. No field filled in: null (no
 * limits), so that an opened but empty panel changes nothing.
 */
export function boundsFromFields(fields: BoundFields): {
  bounds: ParameterBounds | null;
  error: string | null;
} {
  const bounds: ParameterBounds = {};
  const problems: string[] = [];
  for (const side of ['lower', 'upper'] as const) {
    for (const name of LL3_PARAMETER_NAMES) {
      const text = fields[side][name].trim();
      if (text === '') continue;
      const value = Number(text);
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) || !Number.isFinite(value)) {
        problems.push(`The ${side} bound of ${name} ("${text}") is not a number.`);
        continue;
      }
      (bounds[side] ??= {})[name] = value;
    }
  }
  if (problems.length === 0) problems.push(...validateBounds(bounds));
  if (problems.length > 0) return { bounds: null, error: problems.join(' ') };
  return { bounds: bounds.lower || bounds.upper ? bounds : null, error: null };
}
