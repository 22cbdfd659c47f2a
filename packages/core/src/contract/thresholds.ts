import { z } from 'zod';
import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ThresholdAbsKey,
  type ThresholdEdKey,
  type ThresholdEdMmmKey,
  type ThresholdKind,
  type ThresholdListKey,
  type ThresholdRelKey,
  type ThresholdValueKey,
} from '../thresholds/threshold-kinds';
import type { ThresholdEntryValues } from '../thresholds/threshold-entries';

/**
 * The API's threshold shapes (product-spec §3 and §7), one schema per kind, all made from the
 * threshold-kind registry: an entry of a colony's list, and the answer of the kind's max-min
 * endpoint.
 */

const ZQualityFlags = z.array(z.string()).meta({
  description: 'Data-quality flag codes; see docs/decisions/0002-threshold-quality-flags.md',
});

const common = {
  id: z.number().int(),
  sst_clim_mmm: z
    .number()
    .nullable()
    .meta({ description: 'NOAA CRW maximum monthly mean SST (°C)' }),
  condition: z.string().nullable(),
  timepoint: z.string().nullable(),
  quality_flags: ZQualityFlags,
};
const celsius = z.number().nullable();
type Celsius = typeof celsius;

/** An object shape giving every key the same schema (typed by the keys, unlike fromEntries). */
export function sameSchemaShape<Key extends string, S>(
  keys: readonly Key[],
  schema: S,
): Record<Key, S> {
  return Object.fromEntries(keys.map((key) => [key, schema])) as Record<Key, S>;
}

type EntryShape<K extends ThresholdKind> = typeof common & Record<ThresholdValueKey<K>, Celsius>;

/** A colony's entry of kind K: `{ id, abs_<noun>, rel_<noun>, <kind>, <kind>_mmm, … }`. */
function entrySchema<K extends ThresholdKind>(kind: K): z.ZodObject<EntryShape<K>> {
  const info = THRESHOLD_KIND_INFO[kind];
  const values: ThresholdValueKey<K>[] = [info.absKey, info.relKey, info.edKey, info.edMmmKey];
  return z.object({ ...common, ...sameSchemaShape(values, celsius) }).meta({
    id: `${info.pascalName}Entry`,
    description: `${info.edLabel}; ${info.edKey} = abs_, ${info.edMmmKey} = rel_`,
  });
}

export const ZThresholdEntries: { [K in ThresholdKind]: z.ZodObject<EntryShape<K>> } =
  Object.fromEntries(THRESHOLD_KINDS.map((kind) => [kind, entrySchema(kind)])) as never;

/** A colony's entry of kind K as the API gives it. */
export type TThresholdEntry<K extends ThresholdKind = ThresholdKind> = {
  [Kind in K]: z.infer<(typeof ZThresholdEntries)[Kind]>;
}[K];

type ListsShape = {
  [K in ThresholdKind as ThresholdListKey<K>]: z.ZodArray<z.ZodObject<EntryShape<K>>>;
};

/** A colony's three lists: thermal_tolerances, breakpoint_temperatures, thermal_limits. */
export const ZThresholdLists = z.object(
  Object.fromEntries(
    THRESHOLD_KINDS.map((kind) => [
      THRESHOLD_KIND_INFO[kind].listKey,
      z.array(ZThresholdEntries[kind]),
    ]),
  ) as ListsShape,
);
export type TThresholdLists = z.infer<typeof ZThresholdLists>;

/** The list of kind K on a colony. */
export type TThresholdList<K extends ThresholdKind = ThresholdKind> = TThresholdEntry<K>[];

type Bounded<Key extends string> = `min_${Key}` | `max_${Key}`;
type MaxMinKey<K extends ThresholdKind> = Bounded<
  ThresholdAbsKey<K> | ThresholdRelKey<K> | ThresholdEdKey<K> | ThresholdEdMmmKey<K>
>;
type MaxMinShape<K extends ThresholdKind> = Record<MaxMinKey<K>, Celsius>;

/** The keys of a max-min answer of kind K, in the spec's order (abs, rel, ed, ed_mmm). */
function maxMinKeys<K extends ThresholdKind>(kind: K): MaxMinKey<K>[] {
  const info = THRESHOLD_KIND_INFO[kind];
  return [info.absKey, info.relKey, info.edKey, info.edMmmKey].flatMap((key) => [
    `min_${key}`,
    `max_${key}`,
  ]) as MaxMinKey<K>[];
}

/** GET /api/public/{maxMinPath}/max-min/: min_ and max_ of each value key of kind K. */
export const ZThresholdMaxMins: { [K in ThresholdKind]: z.ZodObject<MaxMinShape<K>> } =
  Object.fromEntries(
    THRESHOLD_KINDS.map((kind) => [
      kind,
      z
        .object(sameSchemaShape(maxMinKeys(kind), celsius))
        .meta({ id: `${THRESHOLD_KIND_INFO[kind].pascalName}MaxMin` }),
    ]),
  ) as never;

export type TThresholdMaxMin<K extends ThresholdKind = ThresholdKind> = {
  [Kind in K]: z.infer<(typeof ZThresholdMaxMins)[Kind]>;
}[K];

/** A colony's lists with no entries: one empty list per kind. */
export const emptyThresholdLists = (): TThresholdLists =>
  Object.fromEntries(
    THRESHOLD_KINDS.map((kind) => [THRESHOLD_KIND_INFO[kind].listKey, []]),
  ) as unknown as TThresholdLists;

/** The API entry of kind K for the given values: the kind's own keys plus their ed aliases. */
export function thresholdEntry<K extends ThresholdKind>(
  kind: K,
  values: ThresholdEntryValues,
): TThresholdEntry<K> {
  const info = THRESHOLD_KIND_INFO[kind];
  return {
    id: values.id,
    [info.absKey]: values.abs,
    [info.relKey]: values.rel,
    [info.edKey]: values.abs,
    [info.edMmmKey]: values.rel,
    sst_clim_mmm: values.sst_clim_mmm,
    condition: values.condition,
    timepoint: values.timepoint,
    quality_flags: [...values.quality_flags],
  } as TThresholdEntry<K>;
}

/**
 * The answer a max-min endpoint gives for stored bounds (absolute and relative, with the ed
 * aliases repeating them). The server builds its filter defaults through this
 * (filters/default-ranges.ts reads the answers), so they are the ones the browser reads.
 */
export function maxMinAnswerFromBounds<K extends ThresholdKind>(
  kind: K,
  bounds: {
    min_abs: number | null;
    max_abs: number | null;
    min_rel: number | null;
    max_rel: number | null;
  },
): TThresholdMaxMin<K> {
  const info = THRESHOLD_KIND_INFO[kind];
  const answer: Record<string, number | null> = {};
  for (const key of [info.absKey, info.edKey]) {
    answer[`min_${key}`] = bounds.min_abs;
    answer[`max_${key}`] = bounds.max_abs;
  }
  for (const key of [info.relKey, info.edMmmKey]) {
    answer[`min_${key}`] = bounds.min_rel;
    answer[`max_${key}`] = bounds.max_rel;
  }
  return answer as TThresholdMaxMin<K>;
}
