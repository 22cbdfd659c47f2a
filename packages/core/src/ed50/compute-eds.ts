import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS_BY_LEVEL } from '../thresholds/threshold-kinds';
import { perKind } from './ed-kinds';
import {
  impossibleLimitsNote,
  limitsOutsidePhysicalRange,
  NO_RESIDUAL_DF_NOTE,
} from './input-checks';
import { NO_EDS, fitGroupColonies } from './fit-group';
import { groupRows, type RowGroup } from './grouping';
import {
  DEFAULT_ED_MODEL,
  ED_MODELS,
  MODEL_FAMILIES,
  isEdModel,
  type EdModel,
} from './model-families';
import { boundsNote, validateBounds, type ParameterBounds } from './parameter-bounds';
import { pooledCurve, temperatureGrid } from './pooled-curve';
import { summarizeGroup } from './summary';
import {
  DEFAULT_GROUPING,
  type CbassRow,
  type ColonyEdResult,
  type ColonyFlag,
  type EdComputation,
  type EdFitMode,
  type EdGroupResult,
} from './types';

export interface ComputeEdsOptions {
  /** Grouping columns (default Site, Condition, Species, Timepoint). Never include Genotype. */
  grouping?: readonly string[];
  /** Called after each group with colonies done / total colonies. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Fit the pooled curve and its band per group (default true). The CLI and the upload worker,
   * which only need the ED table, can skip it (about 10 % of the time).
   */
  curves?: boolean;
  /**
   * 'joint' (default): CBASSED50's one drm per group with a curve per colony. 'per-colony': one
   * drm per colony on its own rows, with delta-method SEs and 95 % intervals of every ED.
   */
  fit?: EdFitMode;
  /**
   * Delta-method SEs and 95 % intervals of every ED for the joint fit too (drc's vcov of the whole
   * fit, from optim's Hessian; the family's parameters per colony). Per-colony fits always have
   * them.
   */
  intervals?: boolean;
  /**
   * drc model family of the colony curves (decisions 0030, 0035): 'LL.3' (default, CBASSED50's),
   * or 'LL.2', 'LL.4', 'LL.5', 'W1.3', 'W2.3', with either fit; each joint fit reports its AIC.
   */
  model?: EdModel;
  /**
   * drc's parameter limits `drm(..., lowerl, upperl)` on b (Hill slope), d (Max) and e (ED50, °C)
   * of the LL.3 fits, joint or per colony (decision 0034): drm then optimises with R's L-BFGS-B.
   * Absent (the default): no limits, R's BFGS, CBASSED50's numbers.
   */
  bounds?: ParameterBounds;
}

/**
 * The largest group fitted jointly. The joint fit has 3 parameters per colony, and R's BFGS keeps
 * a dense (3N)² matrix and updates it every iteration: 1,000 colonies take about a minute and
 * 200 MB, and both grow with N² (2,500 colonies: over 10 minutes and 1.4 GB for the matrix
 * alone, enough to crash a browser tab). Real CBASS groups have 5–100 colonies.
 */
export const MAX_COLONIES_PER_GROUP = 1000;

export const COMPATIBILITY_NOTE =
  'Compatibility mode: drc 3.0-1 / CBASSED50 procedure (one joint LL.3 fit per group with a curve ' +
  "per genotype, fitted by R's BFGS exactly as drm does), reproducing CBASSED50 to the last " +
  'digit on its published example. Colonies CBASSED50 would crash on are skipped with a reason ' +
  'instead of stopping the file; ED values outside the tested temperatures are flagged.';

export const PER_COLONY_NOTE =
  "One fit per colony: each colony (genotype) fitted alone with drc 3.0-1's LL.3 " +
  "(drm(Pam_value ~ Temperature, fct = LL.3()) on the colony's rows, R's BFGS exactly as drm " +
  'does), with delta-method standard errors and 95 % intervals of ED5/ED50/ED95 as ' +
  'drc::ED(interval = "delta") gives them. Not CBASSED50\'s procedure, which fits the colonies ' +
  'of a group jointly; ED values outside the tested temperatures are flagged.';

/**
 * ED5 / ED50 / ED95 for every colony of a raw CBASS data set, as CBASSED50's `calculate_eds`
 * computes them (ed50-algorithm §1), with per-colony explanations where CBASSED50 would crash or
 * print meaningless numbers, the group summaries and the pooled curves with confidence bands.
 * Pure and synchronous: run it in a Web Worker for large files.
 */
export function computeEds(
  rows: readonly CbassRow[],
  options: ComputeEdsOptions = {},
): EdComputation {
  const grouping = [...(options.grouping ?? DEFAULT_GROUPING)];
  const fit = options.fit ?? 'joint';
  const model = options.model ?? DEFAULT_ED_MODEL;
  const computation: EdComputation = {
    grouping,
    groups: [],
    colonies: [],
    errors: [],
    method:
      isEdModel(model) && model !== DEFAULT_ED_MODEL
        ? modelNote(model, fit)
        : fit === 'per-colony'
          ? PER_COLONY_NOTE
          : COMPATIBILITY_NOTE,
    fit,
    model,
  };
  const { bounds } = options;
  if (bounds) {
    computation.bounds = bounds;
    computation.method += boundsNote(bounds);
  }
  const problems = validate(rows, grouping);
  if (bounds) {
    problems.push(...validateBounds(bounds));
    if (model !== DEFAULT_ED_MODEL) {
      problems.push(
        `Parameter bounds are available with the LL.3 model only (joint or per-colony fit), not with ${model}.`,
      );
    }
  }
  if (!isEdModel(model)) {
    problems.push(`Unknown model ${JSON.stringify(model)}: use one of ${ED_MODELS.join(', ')}.`);
  }
  if (problems.length > 0) {
    computation.errors.push(...problems);
    return computation;
  }
  const grid = temperatureGrid(rows.map((row) => row.temperature));
  const groups = groupRows(rows, grouping);
  const colonyCounts = groups.map((group) => new Set(group.rows.map((row) => row.genotype)).size);
  const total = colonyCounts.reduce((sum, count) => sum + count, 0);
  let done = 0;
  for (const [index, group] of groups.entries()) {
    const colonyCount = colonyCounts[index]!;
    const result =
      group.collidesWith.length > 0
        ? rejectedGroup(group)
        : fit === 'joint' && colonyCount > MAX_COLONIES_PER_GROUP
          ? rejectedGroup(group, tooLargeFlag(colonyCount))
          : safelyComputeGroup(group, options.curves === false ? null : grid, {
              fit,
              intervals: options.intervals === true,
              model,
              ...(bounds ? { bounds } : {}),
            });
    computation.groups.push(result);
    computation.colonies.push(...result.colonies);
    done += result.colonies.length;
    options.onProgress?.(done, total);
  }
  if (groups.some((group) => group.collidesWith.length > 0)) {
    computation.errors.push(
      'Some groups produce the same GroupingProperty (their grouping values contain "_"); they were not computed. Rename them so that the pasted values differ.',
    );
  }
  return computation;
}

function validate(rows: readonly CbassRow[], grouping: readonly string[]): string[] {
  if (rows.length === 0) return ['No data rows to compute.'];
  const problems: string[] = [];
  if (grouping.includes('Genotype')) {
    problems.push(
      'Genotype cannot be a grouping column: it identifies the colonies (curves) within a group.',
    );
  }
  for (const column of grouping) {
    if (!rows.some((row) => column in row.values)) {
      problems.push(`missing grouping column ${column}`);
    }
  }
  const temperatures = new Set(rows.map((row) => row.temperature));
  if (temperatures.size < 4) {
    problems.push(
      `Dataset does not have enough unique temperature values: ${temperatures.size}. At least 4 distinct temperatures are needed.`,
    );
  }
  return problems;
}

interface FitOptions {
  fit: EdFitMode;
  intervals: boolean;
  model: EdModel;
  bounds?: ParameterBounds;
}

/** The method note of a fit with another drc family than CBASSED50's LL.3. */
export function modelNote(model: EdModel, fit: EdFitMode = 'joint'): string {
  const family = MODEL_FAMILIES[model].label.replace(/^[^:]*: /, '');
  if (fit === 'per-colony') {
    return (
      `Model ${model} (${family}), one fit per colony: each colony (genotype) fitted alone as ` +
      `drc 3.0-1's drm(Pam_value ~ Temperature, fct = ${model}()) fits it (R's BFGS exactly as ` +
      'drm runs it), with delta-method standard errors and 95 % intervals of ED5/ED50/ED95 as ' +
      'drc::ED(interval = "delta") gives them. Neither CBASSED50\'s model (LL.3) nor its ' +
      'procedure (a joint fit per group), so the values differ from its. ED values outside the ' +
      'tested temperatures are flagged.'
    );
  }
  return (
    `Model ${model} (${family}): one joint fit per ` +
    "group with a curve per genotype, as drc 3.0-1's drm(Pam_value ~ Temperature, curveid = " +
    `Genotype, fct = ${model}()) fits it (R's BFGS exactly as drm runs it), ED5/ED50/ED95 as ` +
    "drc's ED() gives them, and the fit's AIC per group. Not CBASSED50's model (LL.3), so the " +
    'values differ from its; compare AIC between models on the same group only. ED values ' +
    'outside the tested temperatures are flagged.'
  );
}

function computeGroup(
  group: RowGroup,
  grid: readonly number[] | null,
  fitOptions: FitOptions,
): EdGroupResult {
  const { colonies, modelFit } = fitGroupColonies(group, fitOptions);
  addIntervalNotes(colonies, modelFit, fitOptions);
  const summary = summarizeGroup(colonies);
  const { curve, error } = grid
    ? pooledCurve(group.rows, grid)
    : { curve: null, error: 'Pooled curve not requested.' };
  return {
    groupingProperty: group.groupingProperty,
    groupValues: group.groupValues,
    colonies,
    summary,
    curve,
    curveError: error,
    edLines: perKind((kind) => summary[kind].mean),
    modelFit,
  };
}

/**
 * Notes on intervals that cannot be read as such (decision 0062): limits beyond any temperature a
 * coral ED can have, and intervals that are NA because the fit has no residual degree of freedom.
 */
function addIntervalNotes(
  colonies: ColonyEdResult[],
  modelFit: EdGroupResult['modelFit'],
  { fit, intervals, model }: FitOptions,
): void {
  if (fit !== 'per-colony' && !intervals) return;
  for (const colony of colonies) {
    if (colony.status !== 'fitted') continue;
    const reported = THRESHOLD_KINDS_BY_LEVEL.filter((kind) => colony[kind].value !== null);
    const wide = reported.flatMap((kind) => {
      const interval = colony[kind].interval;
      return interval && limitsOutsidePhysicalRange(interval.lower, interval.upper)
        ? [impossibleLimitsNote(THRESHOLD_KIND_INFO[kind].edLabel, interval.lower, interval.upper)]
        : [];
    });
    if (wide.length > 0) {
      colony.flags.push({ code: 'limits_not_physical', message: wide.join(' ') });
    }
    const df =
      fit === 'per-colony'
        ? colony.nObservations - MODEL_FAMILIES[model].free.length
        : modelFit
          ? modelFit.observationCount - modelFit.parameterCount
          : 1;
    if (df <= 0 && reported.length > 0 && reported.every((kind) => !colony[kind].interval)) {
      colony.flags.push({ code: 'no_residual_df', message: NO_RESIDUAL_DF_NOTE });
    }
  }
}

function tooLargeFlag(colonyCount: number): ColonyFlag {
  const limit = MAX_COLONIES_PER_GROUP.toLocaleString('en-US');
  return {
    code: 'group_too_large',
    message:
      `This group has ${colonyCount.toLocaleString('en-US')} colonies; one joint fit of more than ` +
      `${limit} would take too long and too much memory (it grows with the square of the number ` +
      'of colonies). Not computed: group by a further column (e.g. Project or Date) or split the file.',
  };
}

/** One group must never stop the file: an unexpected error becomes that group's explanation. */
function safelyComputeGroup(
  group: RowGroup,
  grid: readonly number[] | null,
  fitOptions: FitOptions,
): EdGroupResult {
  try {
    return computeGroup(group, grid, fitOptions);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return rejectedGroup(group, {
      code: 'fit_failed',
      message: `This group could not be computed (${reason}); please report it with the file.`,
    });
  }
}

function rejectedGroup(group: RowGroup, flag?: ColonyFlag): EdGroupResult {
  const others = group.collidesWith.map((values) => JSON.stringify(values)).join('; ');
  const genotypes = [...new Set(group.rows.map((row) => row.genotype))];
  const colonies = genotypes.map((genotype): ColonyEdResult => {
    const own = group.rows.filter((row) => row.genotype === genotype).map((row) => row.temperature);
    return {
      groupingProperty: group.groupingProperty,
      key: `${group.groupingProperty}_${genotype}`,
      genotype,
      groupValues: group.groupValues,
      status: 'excluded',
      ...NO_EDS,
      hill: null,
      max: null,
      rss: null,
      start: null,
      nObservations: own.length,
      nTemperatures: new Set(own).size,
      minTemperature: Math.min(...own),
      maxTemperature: Math.max(...own),
      convergence: null,
      functionEvaluations: null,
      flags: [
        flag ?? {
          code: 'grouping_property_collision',
          message: `GroupingProperty "${group.groupingProperty}" also results from ${others}; CBASSED50 would merge these groups into one fit. Not computed: rename one of them.`,
        },
      ],
    };
  });
  return {
    groupingProperty: group.groupingProperty,
    groupValues: group.groupValues,
    colonies,
    summary: summarizeGroup(colonies),
    curve: null,
    curveError: flag ? flag.message : 'Group not computed (GroupingProperty collision).',
    edLines: perKind(() => null),
    modelFit: null,
  };
}
