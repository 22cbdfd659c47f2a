import { z } from 'zod';
import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ThresholdAbsKey,
  type ThresholdKind,
  type ThresholdListKey,
  type ThresholdRelKey,
} from '../thresholds/threshold-kinds';
import { sameSchemaShape } from './thresholds';

/**
 * The research cart (product-spec §3 "Cart group", §7 "Cart"): a logged-in researcher's saved
 * colony groups. Limits are part of the contract so the web app can check before sending.
 */
export const CART_MAX_COLONIES_PER_GROUP = 100_000;
export const CART_GROUP_NAME_MAX_LENGTH = 200;
/** Serialised size and nesting depth of a group's saved filter set. */
export const CART_FILTER_PARAMS_MAX_BYTES = 16 * 1024;
export const CART_FILTER_PARAMS_MAX_DEPTH = 8;
export const CART_EXPORT_MAX_GROUP_IDS = 10_000;

/** PostgreSQL text cannot hold U+0000: reject it instead of failing in the database. */
const hasNul = (text: string) => text.includes('\u0000');

export const ZCartGroupName = z
  .string()
  .trim()
  .min(1, 'The group name must not be empty')
  .max(
    CART_GROUP_NAME_MAX_LENGTH,
    `The group name must be at most ${CART_GROUP_NAME_MAX_LENGTH} characters`,
  )
  .refine((name) => !hasNul(name), 'The group name must not contain NUL characters')
  .meta({ description: 'Trimmed; 1–200 characters' });

/**
 * Why a filter set cannot be stored, or null. Walks the value iteratively with a depth bound, so a
 * deeply nested body cannot overflow the stack.
 */
export function filterParamsProblem(value: Record<string, unknown>): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string' && hasNul(current)) return 'must not contain NUL characters';
    if (current === null || typeof current !== 'object') continue;
    if (depth > CART_FILTER_PARAMS_MAX_DEPTH) {
      return `must not be nested deeper than ${CART_FILTER_PARAMS_MAX_DEPTH} levels`;
    }
    for (const [key, child] of Object.entries(current)) {
      if (hasNul(key)) return 'must not contain NUL characters';
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  if (new TextEncoder().encode(JSON.stringify(value)).length > CART_FILTER_PARAMS_MAX_BYTES) {
    return `must be at most ${CART_FILTER_PARAMS_MAX_BYTES} bytes as JSON`;
  }
  return null;
}

export const ZCartFilterParams = z
  .record(z.string(), z.unknown())
  .superRefine((value, ctx) => {
    const problem = filterParamsProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    id: 'CartFilterParams',
    description: 'The filter set the group was made from (any JSON object, at most 16 KiB)',
  });

export const ZCartAddRequest = z
  .object({
    colony_ids: z
      .array(z.number().int())
      .min(1, 'Choose at least one colony')
      .max(
        CART_MAX_COLONIES_PER_GROUP,
        `A group holds at most ${CART_MAX_COLONIES_PER_GROUP} colonies`,
      )
      .meta({ description: 'Ids of existing colonies; duplicates collapse' }),
    filter_params: ZCartFilterParams.nullish().transform((value) => value ?? {}),
    name: ZCartGroupName,
  })
  .meta({ id: 'CartAddRequest' });
export type TCartAddRequest = z.input<typeof ZCartAddRequest>;

export const ZCartAddResponse = z
  .object({ message: z.string(), group_id: z.number().int() })
  .meta({ id: 'CartAddResponse' });
export type TCartAddResponse = z.infer<typeof ZCartAddResponse>;

export const ZCartDeleteRequest = z
  .object({ group_id: z.number().int() })
  .meta({ id: 'CartDeleteRequest' });
export type TCartDeleteRequest = z.infer<typeof ZCartDeleteRequest>;

export const ZCartRenameRequest = z
  .object({ name: ZCartGroupName })
  .meta({ id: 'CartRenameRequest' });
export type TCartRenameRequest = z.input<typeof ZCartRenameRequest>;

export const ZCartMessage = z
  .object({ message: z.string(), group_id: z.number().int(), name: z.string().optional() })
  .meta({ id: 'CartMessage' });
export type TCartMessage = z.infer<typeof ZCartMessage>;

export const ZCartExportRequest = z
  .object({
    group_ids: z
      .array(z.number().int())
      .max(CART_EXPORT_MAX_GROUP_IDS)
      .default([])
      .meta({ description: 'Groups to export (ignored when export_all is true)' }),
    export_all: z.boolean().default(false),
  })
  .meta({ id: 'CartExportRequest' });
export type TCartExportRequest = z.input<typeof ZCartExportRequest>;

const celsius = z.number().nullable().meta({ description: '°C' });
const entryCommon = {
  id: z.number().int(),
  condition: z.string().nullable(),
  timepoint: z.string().nullable(),
  sst_clim_mmm: celsius,
  quality_flags: z.array(z.string()),
};

type CartEntryShape<K extends ThresholdKind> = typeof entryCommon &
  Record<ThresholdAbsKey<K> | ThresholdRelKey<K>, typeof celsius>;

/**
 * A cart colony's entry of kind K (product-spec §3 "Cart group"): the absolute and relative keys
 * only.
 */
export const ZCartThresholdEntries: {
  [K in ThresholdKind]: z.ZodObject<CartEntryShape<K>>;
} = Object.fromEntries(
  THRESHOLD_KINDS.map((kind) => {
    const info = THRESHOLD_KIND_INFO[kind];
    const schema = z
      .object({ ...entryCommon, ...sameSchemaShape([info.absKey, info.relKey], celsius) })
      .meta({ id: `Cart${info.pascalName}`, description: info.edLabel });
    return [kind, schema];
  }),
) as never;
export type TCartThresholdEntry<K extends ThresholdKind = ThresholdKind> = {
  [Kind in K]: z.infer<(typeof ZCartThresholdEntries)[Kind]>;
}[K];

type CartListsShape = {
  [K in ThresholdKind as ThresholdListKey<K>]: z.ZodArray<z.ZodObject<CartEntryShape<K>>>;
};
const cartListsShape = Object.fromEntries(
  THRESHOLD_KINDS.map((kind) => [
    THRESHOLD_KIND_INFO[kind].listKey,
    z.array(ZCartThresholdEntries[kind]),
  ]),
) as CartListsShape;

export const ZCartColonyEntry = z
  .object({
    colony: z.object({
      id: z.number().int(),
      name: z.string(),
      species: z.string(),
      country: z.string(),
      latitude: z.number(),
      longitude: z.number(),
    }),
    biosamples: z.array(z.object({ name: z.string() })),
    ...cartListsShape,
  })
  .meta({ id: 'CartColonyEntry' });
export type TCartColonyEntry = z.infer<typeof ZCartColonyEntry>;

export const ZCartGroup = z
  .object({
    id: z.number().int(),
    name: z.string(),
    species: z
      .string()
      .meta({ description: 'Distinct species of the colonies, sorted, joined by ", "' }),
    country: z
      .string()
      .meta({ description: 'Distinct countries of the colonies, sorted, joined by ", "' }),
    colony_count: z.number().int(),
    created_at: z.string().meta({ description: 'ISO timestamp' }),
    filter_params: z.record(z.string(), z.unknown()),
    colonies: z.array(ZCartColonyEntry),
  })
  .meta({ id: 'CartGroup' });
export type TCartGroup = z.infer<typeof ZCartGroup>;

export const ZCartGroupList = z.array(ZCartGroup).meta({ description: 'Newest first' });
