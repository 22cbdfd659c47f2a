import { z } from 'zod';
import {
  ALL_RANGE_KEYS,
  LEGACY_RANGE_KEYS,
  RANGE_SPEC_BY_KEY,
  type AnyRangeKey,
} from './filter-set';
import { HIDE_FLAGGED_VALUE, RANGE_PATTERN, YEARS_PATTERN } from './filter-query';

const HIDE_FLAGGED_DESCRIPTION =
  'Hide flagged values (decision 0013): threshold entries with an untrustworthy quality flag ' +
  '(implausible_absolute, relative_mismatch) are removed from every colony before the range ' +
  'checks; a colony left with none of the entries it had is not listed.';

/*
 * Schemas of the filter set, apart from the engine so that the browser bundle, which only needs
 * the engine, carries no zod (decision 0004).
 */

function describeRange(key: AnyRangeKey): string {
  const spec = RANGE_SPEC_BY_KEY[key];
  const what = `${spec.scale} ${spec.kind.toUpperCase()} (${spec.valueKey})`;
  const legacy = LEGACY_RANGE_KEYS.includes(key as never)
    ? ` Older name of ${spec.defaultKey}.`
    : '';
  return `[min, max] °C of the ${what}; filters only when it differs from the dataset default.${legacy}`;
}

const ZFilterRange = z.tuple([z.number(), z.number()]);

/** The filter set as JSON (a cart group's `filter_params`). */
export const ZFilterSet = z
  .strictObject({
    species: z.string().optional(),
    project: z.string().optional(),
    years: z.array(z.number().int()).optional().meta({ description: 'Collection years' }),
    hideFlagged: z.boolean().optional().meta({ description: HIDE_FLAGGED_DESCRIPTION }),
    ...Object.fromEntries(
      ALL_RANGE_KEYS.map((key) => [
        key,
        ZFilterRange.optional().meta({ description: describeRange(key) }),
      ]),
    ),
  })
  .meta({ id: 'FilterSet', description: 'Map filters; empty means all colonies' }); // product-spec §3

const rangeParameter = (key: AnyRangeKey) =>
  z
    .string()
    .regex(RANGE_PATTERN, `${key}: expected "min,max" in °C, for example 33.5,40`)
    .optional()
    .meta({ description: `"min,max": ${describeRange(key)}`, example: '33.5,40' });

/**
 * The filter set as query parameters of GET /api/public/colonies/ (the format of
 * `filter-query.ts`). Unknown parameters are refused.
 */
export const ZFilterQuery = z.strictObject(
  {
    species: z.string().min(1).optional().meta({ description: 'Species name (exact match)' }),
    project: z
      .string()
      .min(1)
      .optional()
      .meta({ description: "Project name; the colony's projects must include it" }),
    years: z
      .string()
      .regex(YEARS_PATTERN, 'years: expected comma-separated years, for example 2022,2023')
      .optional()
      .meta({
        description: "Collection years, comma-separated; one of the colony's biosamples must match",
        example: '2022',
      }),
    hideFlagged: z
      .literal(HIDE_FLAGGED_VALUE, {
        error: `hideFlagged: the only value is "${HIDE_FLAGGED_VALUE}" (leave the parameter out to show flagged values)`,
      })
      .optional()
      .meta({ description: HIDE_FLAGGED_DESCRIPTION, example: HIDE_FLAGGED_VALUE }),
    ...(Object.fromEntries(ALL_RANGE_KEYS.map((key) => [key, rangeParameter(key)])) as Record<
      AnyRangeKey,
      ReturnType<typeof rangeParameter>
    >),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown filter parameter${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
        : undefined,
  },
);
export type TFilterQuery = z.infer<typeof ZFilterQuery>;
