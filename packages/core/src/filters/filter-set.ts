import {
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type ThresholdKind,
  type ThresholdKindInfo,
} from '../thresholds/threshold-kinds';

/**
 * The filter set of the map (product-spec §3 "Filter set"): species, project, collection years,
 * "Hide flagged values" and [min, max] ranges over the thresholds of a colony. It is the map's URL state, the query of
 * GET /api/public/colonies/ and the `filter_params` stored with a cart group.
 */
export type FilterRange = readonly [min: number, max: number];

/** The twelve range keys, as spelled in THRESHOLD_KIND_INFO (absThermalTolerance, ed50Mmm, …). */
export type RangeKey = ThresholdKindInfo['filterKeys'][keyof ThresholdKindInfo['filterKeys']];

/**
 * Range keys of earlier versions of the platform, still accepted (product-spec §3 "Optional"):
 * `ed50Temperatures` is the absolute ED50 range, `thermalToleranceTemperatures` the relative one.
 */
export type LegacyRangeKey = 'ed50Temperatures' | 'thermalToleranceTemperatures';
export type AnyRangeKey = RangeKey | LegacyRangeKey;

export type FilterSet = {
  species?: string;
  project?: string;
  /** Collection years of the colony's biosamples; a colony passes with any one of them. */
  years?: readonly number[];
  /**
   * "Hide flagged values" (decision 0013): threshold entries with an untrustworthy quality flag
   * (a failed fit, a relative value that disagrees with absolute − MMM) are removed from every
   * colony before the range checks and from what is shown and downloaded; a colony that had
   * entries and is left with none is hidden; a colony that never had a threshold stays. Only
   * `true` filters; absent and `false` are the same (no filter).
   */
  hideFlagged?: boolean;
} & { [K in AnyRangeKey]?: FilterRange };

/** An empty filter set means all colonies. */
export const EMPTY_FILTER_SET: FilterSet = Object.freeze({});

/** Which values a range key compares: absolute (°C) or relative to the MMM climatology (°C). */
export type RangeScale = 'absolute' | 'relative';

export interface RangeSpec {
  key: AnyRangeKey;
  kind: ThresholdKind;
  scale: RangeScale;
  /** The key whose dataset default decides whether this range is active. */
  defaultKey: RangeKey;
  /** The colony's list of entries of this kind. */
  listKey: ThresholdKindInfo['listKey'];
  /** The entry field compared with [min, max]. */
  valueKey: string;
}

function specsOf(info: ThresholdKindInfo): RangeSpec[] {
  const { kind, listKey, filterKeys: keys } = info;
  return [
    {
      key: keys.abs,
      kind,
      scale: 'absolute',
      defaultKey: keys.abs,
      listKey,
      valueKey: info.absKey,
    },
    {
      key: keys.rel,
      kind,
      scale: 'relative',
      defaultKey: keys.rel,
      listKey,
      valueKey: info.relKey,
    },
    { key: keys.ed, kind, scale: 'absolute', defaultKey: keys.ed, listKey, valueKey: info.edKey },
    {
      key: keys.edMmm,
      kind,
      scale: 'relative',
      defaultKey: keys.edMmm,
      listKey,
      valueKey: info.edMmmKey,
    },
  ];
}

const ed50 = THRESHOLD_KIND_INFO.ed50;

/** Every range key with what it compares, in a fixed order (by kind: abs, rel, ed, edMmm). */
export const RANGE_SPECS: readonly RangeSpec[] = [
  ...THRESHOLD_KINDS.flatMap((kind) => specsOf(THRESHOLD_KIND_INFO[kind])),
  {
    key: 'ed50Temperatures',
    kind: 'ed50',
    scale: 'absolute',
    defaultKey: ed50.filterKeys.abs,
    listKey: ed50.listKey,
    valueKey: ed50.absKey,
  },
  {
    key: 'thermalToleranceTemperatures',
    kind: 'ed50',
    scale: 'relative',
    defaultKey: ed50.filterKeys.rel,
    listKey: ed50.listKey,
    valueKey: ed50.relKey,
  },
];

export const RANGE_SPEC_BY_KEY: Readonly<Record<AnyRangeKey, RangeSpec>> = Object.fromEntries(
  RANGE_SPECS.map((spec) => [spec.key, spec]),
) as Record<AnyRangeKey, RangeSpec>;

/** The twelve keys of product-spec §3, in RANGE_SPECS order. */
export const RANGE_KEYS: readonly RangeKey[] = RANGE_SPECS.filter(
  (spec) => spec.key === spec.defaultKey,
).map((spec) => spec.key as RangeKey);

export const LEGACY_RANGE_KEYS: readonly LegacyRangeKey[] = [
  'ed50Temperatures',
  'thermalToleranceTemperatures',
];

export const ALL_RANGE_KEYS: readonly AnyRangeKey[] = [...RANGE_KEYS, ...LEGACY_RANGE_KEYS];

/** The absolute range of each kind: the sidebar's compact sliders and the badge count (§5). */
export const ABSOLUTE_RANGE_KEYS: readonly RangeKey[] = THRESHOLD_KINDS.map(
  (kind) => THRESHOLD_KIND_INFO[kind].filterKeys.abs,
);

/** The six ranges of the Advanced Temperature Filters modal: absolute and relative per kind. */
export const MODAL_RANGE_KEYS: readonly RangeKey[] = THRESHOLD_KINDS.flatMap((kind) => [
  THRESHOLD_KIND_INFO[kind].filterKeys.abs,
  THRESHOLD_KIND_INFO[kind].filterKeys.rel,
]);

/** Ranges the sidebar does not show: the 'Advanced Filters' button marks them 'Active'. */
export const ADVANCED_ONLY_RANGE_KEYS: readonly AnyRangeKey[] = ALL_RANGE_KEYS.filter(
  (key) => !ABSOLUTE_RANGE_KEYS.includes(key as RangeKey),
);

export function isRangeKey(key: string): key is AnyRangeKey {
  return Object.hasOwn(RANGE_SPEC_BY_KEY, key);
}
