import { MIDPOINT_KIND } from './ed-kinds';
import { ll3ValuesAndGradients } from './ll3-model';
import { MODEL_FAMILIES, modelValue } from './model-families';
import type { ColonyEdResult } from './types';

/** What a colony's curve needs from its result: the joint fit's own parameters for it. */
export type ColonyCurveParameters = Pick<ColonyEdResult, 'status' | 'hill' | 'max'> &
  Pick<ColonyEdResult, typeof MIDPOINT_KIND> &
  Partial<Pick<ColonyEdResult, 'parameters' | 'model'>>;

/**
 * One colony's fitted curve, f(T) = Max / (1 + exp(Hill · log(T / ED50))), at `temperatures`.
 *
 * The group's joint fit gives every colony (genotype) its own Hill, Max and ED50 (ed50-algorithm
 * §5.4, §5.7): this is the curve behind the colony's ED values in the table, evaluated with the
 * same LL.3 model. (CBASSED50's exploratory_tr_curve instead refits each colony alone, §8, so
 * its curves are not the ones behind the ED table.) The midpoint kind's raw value is the model's
 * parameter e itself. Null for a colony that is not part of the joint fit.
 */
export function colonyCurve(
  colony: ColonyCurveParameters,
  temperatures: readonly number[],
): number[] | null {
  // Another drc family than LL.3 (decision 0030): its own curve with all its parameters.
  if (colony.status === 'fitted' && colony.parameters && colony.model) {
    const { kind } = MODEL_FAMILIES[colony.model];
    const parameters = colony.parameters;
    return temperatures.map((temperature) => modelValue(kind, temperature, parameters));
  }
  const ed50 = colony[MIDPOINT_KIND].raw;
  if (colony.status !== 'fitted' || colony.hill === null || colony.max === null || ed50 === null) {
    return null;
  }
  const values = new Float64Array(temperatures.length);
  ll3ValuesAndGradients(
    Float64Array.from(temperatures),
    colony.hill,
    colony.max,
    ed50,
    values,
    new Float64Array(3 * temperatures.length),
  );
  return [...values];
}
