/**
 * THE REGISTRY OF THRESHOLD KINDS: the one hand-written description of the thermal thresholds
 * of a CBASS assay. Everything else that differs between kinds (API keys and schemas, database
 * tables, filter ranges and badges, group names, export columns, labels, upload columns, quality
 * rules, the calculator's outputs) is derived from `DEFINITIONS` below, so adding a kind means
 * adding an entry here (and a migration creating its two tables).
 *
 * Names follow one pattern per kind, fixed by the product specification (docs/product-spec.md §3
 * and §7) for the three kinds it names: noun `thermal_tolerance` → API list `thermal_tolerances`,
 * keys `abs_thermal_tolerance` / `rel_thermal_tolerance`, aliases `ed50` / `ed50_mmm`, filter keys
 * `absThermalTolerance` / `relThermalTolerance` / `ed50` / `ed50Mmm`, max-min path
 * `thermal-tolerances`, tables `thermal_tolerances` and `thermal_tolerance_observations`.
 */

interface ThresholdKindDefinition {
  /** Percentage of the initial photosynthetic efficiency lost at this temperature (EDx). */
  level: number;
  /** snake_case noun of the API and the database: 'thermal_tolerance'. */
  noun: string;
  /** 'Thermal Tolerance'. */
  label: string;
  /** The research cart's column header (product-spec §2): 'Breakpoint Temp'. */
  shortLabel: string;
  /** Abbreviation in default group names (product-spec §4): 'TT'. */
  abbreviation: string;
  /** One sentence for help texts and data dictionaries. */
  meaning: string;
  /** Colour of its lines and marks in charts (at least 3:1 contrast on white). */
  color: string;
  /**
   * Whether CBASSED50 computes this kind and writes it into its files (ED50_Results.csv, the
   * group summary). The calculator's CBASSED50-layout downloads and the upload's ED results file
   * have a column for exactly these kinds, so those files stay CBASSED50's byte for byte; a kind
   * CBASSED50 does not know is still computed, stored, filtered, shown and exported.
   */
  inCbassed50Files: boolean;
}

const DEFINITIONS = {
  ed50: {
    level: 50,
    noun: 'thermal_tolerance',
    label: 'Thermal Tolerance',
    shortLabel: 'Thermal Tolerance',
    abbreviation: 'TT',
    meaning: 'temperature at which half of the initial photosynthetic efficiency (Fv/Fm) is lost',
    color: '#b02a37',
    inCbassed50Files: true,
  },
  ed5: {
    level: 5,
    noun: 'breakpoint_temperature',
    label: 'Breakpoint Temperature',
    shortLabel: 'Breakpoint Temp',
    abbreviation: 'BT',
    meaning: 'temperature at which photosynthetic efficiency starts to fall (5 % lost)',
    color: '#9a4a00',
    inCbassed50Files: true,
  },
  ed95: {
    level: 95,
    noun: 'thermal_limit',
    label: 'Thermal Limit',
    shortLabel: 'Thermal Limit',
    abbreviation: 'TL',
    meaning: 'temperature at which photosynthetic efficiency is almost entirely lost (95 % lost)',
    color: '#5a32a3',
    inCbassed50Files: true,
  },
} as const satisfies Record<`ed${number}`, ThresholdKindDefinition>;

type Definitions = typeof DEFINITIONS;

/** 'ed50' | 'ed5' | 'ed95' */
export type ThresholdKind = keyof Definitions;

type Noun<K extends ThresholdKind> = Definitions[K]['noun'];
type Pascal<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;
type Kebab<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}-${Kebab<Tail>}`
  : S;

/** API list key and database table: 'thermal_tolerances'. */
export type ThresholdListKey<K extends ThresholdKind = ThresholdKind> = `${Noun<K>}s`;
export type ThresholdAbsKey<K extends ThresholdKind = ThresholdKind> = `abs_${Noun<K>}`;
export type ThresholdRelKey<K extends ThresholdKind = ThresholdKind> = `rel_${Noun<K>}`;
export type ThresholdEdKey<K extends ThresholdKind = ThresholdKind> = K;
export type ThresholdEdMmmKey<K extends ThresholdKind = ThresholdKind> = `${K}_mmm`;
/** The four value keys of an API entry of kind K. */
export type ThresholdValueKey<K extends ThresholdKind = ThresholdKind> =
  ThresholdAbsKey<K> | ThresholdRelKey<K> | ThresholdEdKey<K> | ThresholdEdMmmKey<K>;
export type ThresholdTableName<K extends ThresholdKind = ThresholdKind> = ThresholdListKey<K>;
export type ThresholdObservationLinkTable<K extends ThresholdKind = ThresholdKind> =
  `${Noun<K>}_observations`;
export type ThresholdMaxMinPath<K extends ThresholdKind = ThresholdKind> = `${Kebab<Noun<K>>}s`;

/** The four filter-set range keys of kind K (product-spec §3 "Filter set"). */
export interface ThresholdFilterKeys<K extends ThresholdKind = ThresholdKind> {
  abs: `abs${Pascal<Noun<K>>}`;
  rel: `rel${Pascal<Noun<K>>}`;
  ed: K;
  edMmm: `${K}Mmm`;
}

/** Everything about one kind, derived from its definition. */
export interface ThresholdKindInfo<K extends ThresholdKind = ThresholdKind> {
  kind: K;
  /** Percentage of the initial efficiency lost (5, 50, 95). */
  level: number;
  /** 'ED50' */
  edLabel: Uppercase<K>;
  /** 'Thermal Tolerance' */
  label: string;
  /** 'Thermal Tolerances' */
  pluralLabel: string;
  /** 'Breakpoint Temp' (the cart's column header) */
  shortLabel: string;
  /** 'ThermalTolerance': names of its schemas in the OpenAPI document. */
  pascalName: Pascal<Noun<K>>;
  meaning: string;
  color: string;
  /** Key of the list on a colony in the API: 'thermal_tolerances'. */
  listKey: ThresholdListKey<K>;
  /** Database table holding this kind. */
  table: ThresholdTableName<K>;
  /** Link table to the observations the value was fitted from. */
  observationLinkTable: ThresholdObservationLinkTable<K>;
  /** Path segment of the max-min endpoint: /api/public/{maxMinPath}/max-min/ */
  maxMinPath: ThresholdMaxMinPath<K>;
  /** API keys of an entry: absolute value, relative value and their ed aliases. */
  absKey: ThresholdAbsKey<K>;
  relKey: ThresholdRelKey<K>;
  edKey: ThresholdEdKey<K>;
  edMmmKey: ThresholdEdMmmKey<K>;
  filterKeys: ThresholdFilterKeys<K>;
  /** Short label in default group names: 'TT'. */
  groupNameAbbreviation: string;
  /** A column of CBASSED50's files (ED50_Results.csv, the summary): see the definition. */
  inCbassed50Files: boolean;
}

const pascal = (noun: string) =>
  noun
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

function describe<K extends ThresholdKind>(kind: K): ThresholdKindInfo<K> {
  const definition: ThresholdKindDefinition = DEFINITIONS[kind];
  const { noun } = definition;
  const name = pascal(noun);
  // The template-literal types above spell out what these strings are; TypeScript cannot check
  // string concatenation against them, hence the one cast per derived name.
  return {
    kind,
    level: definition.level,
    edLabel: kind.toUpperCase() as Uppercase<K>,
    label: definition.label,
    pluralLabel: `${definition.label}s`,
    shortLabel: definition.shortLabel,
    pascalName: name as Pascal<Noun<K>>,
    meaning: definition.meaning,
    color: definition.color,
    listKey: `${noun}s` as ThresholdListKey<K>,
    table: `${noun}s` as ThresholdTableName<K>,
    observationLinkTable: `${noun}_observations` as ThresholdObservationLinkTable<K>,
    maxMinPath: `${noun.replaceAll('_', '-')}s` as ThresholdMaxMinPath<K>,
    absKey: `abs_${noun}` as ThresholdAbsKey<K>,
    relKey: `rel_${noun}` as ThresholdRelKey<K>,
    edKey: kind,
    edMmmKey: `${kind}_mmm`,
    filterKeys: {
      abs: `abs${name}` as ThresholdFilterKeys<K>['abs'],
      rel: `rel${name}` as ThresholdFilterKeys<K>['rel'],
      ed: kind,
      edMmm: `${kind}Mmm`,
    },
    groupNameAbbreviation: definition.abbreviation,
    inCbassed50Files: definition.inCbassed50Files,
  };
}

/** Every kind in the order the product shows them (product-spec §2 and §3): ED50, ED5, ED95. */
export const THRESHOLD_KINDS = Object.keys(DEFINITIONS) as readonly ThresholdKind[];

/** Every kind by increasing level (ED5, ED50, ED95): the order of curves, tables and checks. */
export const THRESHOLD_KINDS_BY_LEVEL: readonly ThresholdKind[] = [...THRESHOLD_KINDS].sort(
  (a, b) => DEFINITIONS[a].level - DEFINITIONS[b].level,
);

/** The kinds CBASSED50's files have a column for, by increasing level (ED5, ED50, ED95). */
export const CBASSED50_FILE_KINDS: readonly ThresholdKind[] = THRESHOLD_KINDS_BY_LEVEL.filter(
  (kind) => DEFINITIONS[kind].inCbassed50Files,
);

export const THRESHOLD_KIND_INFO = Object.fromEntries(
  THRESHOLD_KINDS.map((kind) => [kind, describe(kind)]),
) as { readonly [K in ThresholdKind]: ThresholdKindInfo<K> };

export const thresholdKindInfos: readonly ThresholdKindInfo[] = THRESHOLD_KINDS.map(
  (kind) => THRESHOLD_KIND_INFO[kind],
);

/** A record with one value per kind, computed by `value(kind)`. */
export function perThresholdKind<T>(value: (kind: ThresholdKind) => T): Record<ThresholdKind, T> {
  return Object.fromEntries(THRESHOLD_KINDS.map((kind) => [kind, value(kind)])) as Record<
    ThresholdKind,
    T
  >;
}

/** An object with one property per kind, named by its API list key: { thermal_tolerances: … }. */
export function perThresholdList<T>(
  value: (kind: ThresholdKind) => T,
): Record<ThresholdListKey, T> {
  return Object.fromEntries(
    THRESHOLD_KINDS.map((kind) => [THRESHOLD_KIND_INFO[kind].listKey, value(kind)]),
  ) as Record<ThresholdListKey, T>;
}
