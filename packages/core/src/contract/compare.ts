import { z } from 'zod';
import type { KindAnalyses, KindMmmAnalyses } from '../analysis';
import { P_ADJUST_METHODS, type EdScale, type GroupSummary, type PAdjustMethod } from '../analysis';
import { FILTER_QUERY_KEYS } from '../filters/filter-query';
import { ZFilterQuery } from '../filters/filter-set.schema';
import { PLAUSIBLE_ABSOLUTE_RANGE_C } from '../thresholds/quality-flags';
import type { ThresholdKind } from '../thresholds/threshold-kinds';

/**
 * The Compare page's API (decision 0067): the calculator's post-fit analyses (decision 0061) on
 * the platform's stored EDs, grouped by a factor, for a map selection (public data) or for the
 * logged-in user's cart groups.
 */

/** What the groups are: a colony's species, dataset version, site (its assay), project, condition. */
export const COMPARE_FACTORS = ['species', 'dataset', 'site', 'project', 'condition'] as const;
/** Cart groups: only for the cart's variant. */
export const CART_GROUP_FACTOR = 'group';
export type CompareFactor = (typeof COMPARE_FACTORS)[number] | typeof CART_GROUP_FACTOR;

export const COMPARE_FACTOR_LABELS: Record<CompareFactor, string> = {
  species: 'Species',
  dataset: 'Dataset',
  site: 'Site',
  project: 'Project',
  condition: 'Condition',
  group: 'Cart group',
};

/**
 * Limits of one comparison: every pair of groups is tested and every observation enters the
 * factorial model's QR (decision 0067); a larger selection answers 400 saying what to narrow.
 */
export const COMPARE_LIMITS = { groups: 40, colonies: 5000 } as const;

/** Why a selection is too large to compare (the 400's message), or null. */
export function compareLimitProblem(
  counts: { groups?: number; colonies?: number },
  factor: CompareFactor,
  limits: { groups: number; colonies: number } = COMPARE_LIMITS,
): string | null {
  if (counts.colonies !== undefined && counts.colonies > limits.colonies) {
    return `The selection holds ${counts.colonies} colonies; Compare takes at most ${limits.colonies}: narrow the filter or choose smaller groups.`;
  }
  if (counts.groups !== undefined && counts.groups > limits.groups) {
    return `The selection has ${counts.groups} groups by ${COMPARE_FACTOR_LABELS[factor].toLowerCase()}; Compare takes at most ${limits.groups}: choose groups with include= or narrow the filter.`;
  }
  return null;
}

/** The value of `relative` that asks for ED − MMM. */
export const RELATIVE_TO_MMM = 'mmm';
/** The value of `flagged` that keeps untrustworthy values in the comparison. */
export const INCLUDE_FLAGGED = 'include';

const COMPARE_KEYS = ['groupBy', 'factor', 'relative', 'pAdjust', 'include', 'flagged'] as const;
const factorDescription = (cart: boolean) =>
  `${[...COMPARE_FACTORS, ...(cart ? [CART_GROUP_FACTOR] : [])].join(', ')}`;

const compareParameters = (cart: boolean) => ({
  groupBy: z
    .string()
    .optional()
    .meta({
      description: `What the groups are (default species): ${factorDescription(cart)}`,
      example: 'species',
    }),
  factor: z
    .string()
    .optional()
    .meta({
      description: `A second factor for the two-way ANOVA (groupBy × factor): ${factorDescription(cart)}`,
    }),
  relative: z
    .string()
    .optional()
    .meta({
      description: `"${RELATIVE_TO_MMM}": analyse ED − MMM (the site's maximum monthly mean) instead of the absolute EDs`,
    }),
  pAdjust: z
    .string()
    .optional()
    .meta({
      description: `p-value adjustment of the pairwise Wilcoxon tests: ${P_ADJUST_METHODS.join(', ')} (default holm)`,
    }),
  include: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .meta({ description: 'Only these groups (repeat the parameter); default every group' }),
  flagged: z
    .string()
    .optional()
    .meta({
      description: `"${INCLUDE_FLAGGED}": keep values whose quality flags make them untrustworthy (an absolute ED outside ${PLAUSIBLE_ABSOLUTE_RANGE_C.min}–${PLAUSIBLE_ABSOLUTE_RANGE_C.max} °C, a relative value that is not ED − MMM); by default they are left out and the answer's notes count them`,
    }),
});

/** The public variant's query: the map's filter parameters and the comparison's. */
export const ZCompareQuery = ZFilterQuery.extend(compareParameters(false));
/** The cart variant's query: which of the user's groups, and the comparison's parameters. */
export const ZCartCompareQuery = z.strictObject({
  // Optional here so that its absence gets parseCompareQuery's message; it is required.
  groupIds: z.string().optional().meta({
    description: "Required: the user's cart group ids, comma-separated",
    example: '1,2',
  }),
  ...compareParameters(true),
});

export interface CompareRequest {
  factors: [CompareFactor] | [CompareFactor, CompareFactor];
  scale: EdScale;
  pAdjust: PAdjustMethod;
  /** Only these groups; null: all. */
  include: string[] | null;
  /**
   * Keep values whose quality flags make them untrustworthy (an ED outside any physical
   * temperature, a relative value that is not ED − MMM); left out by default, as from dataset
   * ranges (docs/decisions/0002-*.md, 0067 amendment).
   */
  includeFlagged: boolean;
}

export interface ParsedCompareQuery {
  request: CompareRequest;
  /** The map's filter parameters (public variant), for the filter's own parser. */
  filterQuery: Record<string, string | string[] | undefined>;
  /** The cart groups' ids as given (cart variant). */
  groupIds: string[];
  problems: string[];
}

const single = (key: string, value: unknown, problems: string[]): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    problems.push(`${key}: give it once`);
    return undefined;
  }
  return value;
};

/**
 * Reads a comparison's query (either variant): every problem named, for a 400 that changes
 * nothing. Filter parameters are passed on to the map's filter parser (one place, decision 0008).
 */
export function parseCompareQuery(
  query: Readonly<Record<string, unknown>>,
  variant: 'public' | 'cart',
): ParsedCompareQuery {
  const problems: string[] = [];
  const factors = [...COMPARE_FACTORS, ...(variant === 'cart' ? [CART_GROUP_FACTOR] : [])];
  const factorOf = (key: string, fallback: CompareFactor | null): CompareFactor | null => {
    const value = single(key, query[key], problems);
    if (value === undefined) return fallback;
    if (factors.includes(value)) return value as CompareFactor;
    const cartOnly =
      value === CART_GROUP_FACTOR ? ' (cart groups: use /api/auth/cart/compare/)' : '';
    problems.push(`${key}: expected one of ${factors.join(', ')}, got "${value}"${cartOnly}`);
    return null;
  };
  const groupBy = factorOf('groupBy', 'species');
  const factor = factorOf('factor', null);
  if (groupBy !== null && factor === groupBy) {
    problems.push(`factor: must differ from groupBy (both are "${groupBy}")`);
  }
  const relative = single('relative', query.relative, problems);
  if (relative !== undefined && relative !== RELATIVE_TO_MMM) {
    problems.push(
      `relative: the only value is "${RELATIVE_TO_MMM}" (leave it out for absolute EDs)`,
    );
  }
  const pAdjust = single('pAdjust', query.pAdjust, problems) ?? 'holm';
  if (!(P_ADJUST_METHODS as readonly string[]).includes(pAdjust)) {
    problems.push(`pAdjust: expected one of ${P_ADJUST_METHODS.join(', ')}, got "${pAdjust}"`);
  }
  const flagged = single('flagged', query.flagged, problems);
  if (flagged !== undefined && flagged !== INCLUDE_FLAGGED) {
    problems.push(
      `flagged: the only value is "${INCLUDE_FLAGGED}" (leave it out to leave flagged values out)`,
    );
  }
  const rawInclude = query.include;
  const include =
    rawInclude === undefined ? null : Array.isArray(rawInclude) ? rawInclude : [rawInclude];
  if (include && include.some((name) => typeof name !== 'string' || name.trim() === '')) {
    problems.push('include: a group name must not be empty');
  }
  let groupIds: string[] = [];
  const filterQuery: Record<string, string | string[] | undefined> = {};
  if (variant === 'cart') {
    const raw = single('groupIds', query.groupIds, problems);
    groupIds = raw === undefined ? [] : raw.split(',').map((id) => id.trim());
    if (raw === undefined || groupIds.some((id) => id === '')) {
      problems.push('groupIds: give the cart group ids to compare, comma-separated (1,2)');
    }
    for (const key of Object.keys(query)) {
      if (key !== 'groupIds' && !(COMPARE_KEYS as readonly string[]).includes(key)) {
        problems.push(`unknown parameter "${key}"`);
      }
    }
  } else {
    for (const [key, value] of Object.entries(query)) {
      if ((COMPARE_KEYS as readonly string[]).includes(key)) continue;
      // Unknown keys too: the filter's parser names them.
      filterQuery[key] = value as string | string[] | undefined;
    }
  }
  return {
    request: {
      factors: (factor ? [groupBy, factor] : [groupBy]) as CompareRequest['factors'],
      scale: relative === RELATIVE_TO_MMM ? 'relative' : 'absolute',
      pAdjust: pAdjust as PAdjustMethod,
      include: include as string[] | null,
      includeFlagged: flagged === INCLUDE_FLAGGED,
    },
    filterQuery,
    groupIds,
    problems,
  };
}

/** The query string of a comparison (the page's links and downloads), in a stable order. */
export function compareQueryString(
  request: CompareRequest,
  extra: Readonly<Record<string, string>> = {},
): string {
  const params = new URLSearchParams();
  for (const key of FILTER_QUERY_KEYS) if (extra[key] !== undefined) params.set(key, extra[key]);
  if (extra.groupIds !== undefined) params.set('groupIds', extra.groupIds);
  params.set('groupBy', request.factors[0]);
  if (request.factors[1]) params.set('factor', request.factors[1]);
  if (request.scale === 'relative') params.set('relative', RELATIVE_TO_MMM);
  if (request.pAdjust !== 'holm') params.set('pAdjust', request.pAdjust);
  for (const name of request.include ?? []) params.append('include', name);
  if (request.includeFlagged) params.set('flagged', INCLUDE_FLAGGED);
  return params.toString();
}

/** A dataset version the comparison used, with its recommended citation. */
export interface CompareCitation {
  citationKey: string;
  title: string;
  version: number;
  citation: string;
  url: string;
  doi: string | null;
}

/** The answer of both variants. */
export interface CompareResult {
  factors: CompareFactor[];
  factorLabels: string[];
  scale: EdScale;
  pAdjust: PAdjustMethod;
  colonies: number;
  observations: number;
  groups: GroupSummary[];
  /**
   * Every group of the selection by the first factor, included or not, in name order: the groups
   * to choose from come with the comparison, so leaving groups out costs one request, not two.
   */
  selectionGroups: string[];
  analyses: Record<ThresholdKind, KindAnalyses>;
  mmm: Record<ThresholdKind, KindMmmAnalyses>;
  citations: CompareCitation[];
  /** What the reader must know about the selection (left-out values, shared colonies). */
  notes: string[];
}

const ZValueSummary = z.object({
  n: z.number().int(),
  mean: z.number().nullable(),
  sd: z.number().nullable().meta({ description: 'Sample SD (n − 1); null below 2 values' }),
});
const perKindSchema = <T extends z.ZodType>(schema: T) =>
  z.object({ ed5: schema, ed50: schema, ed95: schema });

export const ZCompareResult = z
  .object({
    factors: z.array(z.enum([...COMPARE_FACTORS, CART_GROUP_FACTOR])),
    factorLabels: z.array(z.string()),
    scale: z.enum(['absolute', 'relative']),
    pAdjust: z.enum(P_ADJUST_METHODS),
    colonies: z.number().int(),
    observations: z
      .number()
      .int()
      .meta({ description: 'Colony × condition × timepoint entries compared' }),
    groups: z.array(
      z.object({
        name: z.string(),
        observations: z.number().int(),
        absolute: perKindSchema(ZValueSummary),
        relative: perKindSchema(ZValueSummary),
      }),
    ),
    selectionGroups: z.array(z.string()).meta({
      description:
        'Every group of the selection by the first factor, included or not (the names `include` takes), in name order',
    }),
    analyses: perKindSchema(
      z.object({
        welch: z.unknown(),
        levene: z.unknown(),
        wilcoxon: z.unknown(),
        factorial: z.unknown(),
      }),
    ).meta({
      description:
        'Per threshold: welch, levene, wilcoxon (pairs, letters) and factorial (type II/III ANOVA, marginal means with Tukey contrasts, Cook’s screening), as the calculator’s analyses (decision 0061)',
    }),
    mmm: perKindSchema(
      z.object({
        relative: z.unknown(),
        colonies: z.unknown(),
        sites: z.unknown(),
        missing: z.unknown(),
        sitePoints: z.unknown(),
      }),
    ).meta({
      description:
        'ED − MMM per observation, lm(ED ~ MMM) over observations and over sites, and the sites’ points (mean ED at the MMM)',
    }),
    citations: z.array(
      z.object({
        citationKey: z.string(),
        title: z.string(),
        version: z.number().int(),
        citation: z.string(),
        url: z.string(),
        doi: z.string().nullable(),
      }),
    ),
    notes: z.array(z.string()),
  })
  .meta({ id: 'CompareResult' });
