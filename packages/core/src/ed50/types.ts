import type { ParameterBounds } from './parameter-bounds';
import type { ThresholdKind } from '../thresholds/threshold-kinds';
import type { EdModel, ModelParameters } from './model-families';
import type { CbassColumn } from '../tabular/raw-cbass/columns';

/** Public types of the ED calculator (parseCbassCsv → computeEds → format*Csv). */

/** CBASSED50's default grouping: one joint fit per Site × Condition × Species × Timepoint. */
export const DEFAULT_GROUPING: readonly string[] = ['Site', 'Condition', 'Species', 'Timepoint'];

/** One nubbin measurement of the raw CBASS file, after validation. */
export interface CbassRow {
  /** Spreadsheet row number in the file: the header is row 1, the first data row is row 2. */
  row: number;
  site: string;
  condition: string;
  species: string;
  genotype: string;
  /** A label, not a number (CBASSED50 never converts it). */
  timepoint: string;
  temperature: number;
  pamValue: number;
  /**
   * Every column by its canonical name (mandatory columns in CBASSED50's spelling), as text.
   * Label columns whose every value is a number are normalised the way R's read.csv reads them
   * (e.g. Genotype "01" → "1"); computeEds groups on these values.
   */
  values: Readonly<Record<string, string>>;
}

export type CbassIssueCode =
  | 'empty_file'
  | 'no_data_rows'
  | 'missing_column'
  | 'column_case_mismatch'
  | 'duplicate_column'
  | 'ignored_empty_column'
  | 'semicolon_delimiter'
  | 'malformed_row'
  | 'missing_value'
  | 'not_a_number'
  | 'decimal_comma'
  | 'non_positive_temperature'
  | 'numeric_label_normalised'
  | 'too_few_temperatures'
  /** An exact copy of an earlier row (decision 0062): kept, and counted twice by any fit. */
  | 'duplicate_row'
  /** A PAM value outside Fv/Fm's 0–1 (decision 0062): kept. */
  | 'fv_fm_out_of_range';

export interface CbassIssue {
  code: CbassIssueCode;
  message: string;
  /** Spreadsheet row number (header = 1) when the issue concerns one row. */
  row?: number;
  column?: string;
}

/** A problem of one row, with what it shares with the same problem on other rows. */
export interface CbassRowIssue extends CbassIssue {
  row: number;
  /** The problem without its row ("no value for Pam_value"): rows with the same one are grouped. */
  reason: string;
  /** The row was left out of the computation. */
  skipped: boolean;
}

/** Every row with the same problem, counted (decision 0024: "268 rows skipped: <reason>"). */
export interface CbassRowIssueGroup {
  code: CbassIssueCode;
  reason: string;
  skipped: boolean;
  error: boolean;
  count: number;
  /** The first rows (spreadsheet numbers), at most ROW_ISSUE_EXAMPLES. */
  firstRows: number[];
}

/** A mandatory column found under a different letter case (accepted, and reported). */
export interface ColumnMapping {
  column: CbassColumn;
  found: string;
}

export interface CbassParseResult {
  /** Complete, valid rows in file order. */
  rows: CbassRow[];
  /** Problems to fix. Errors without `row` concern the whole file: then `canCompute` is false. */
  errors: CbassIssue[];
  /** What was accepted or repaired on the way (dropped incomplete rows, decimal commas, ...). */
  warnings: CbassIssue[];
  /** Every row-level problem, grouped by what it is, with its full count (file order). */
  rowIssueGroups: CbassRowIssueGroup[];
  columnMapping: ColumnMapping[];
  /** Header cells as found in the file. */
  header: string[];
  dataRowCount: number;
  droppedRowCount: number;
  canCompute: boolean;
}

/**
 * optim's convergence code: 0 converged, 1 maxit reached; with parameter bounds (L-BFGS-B) also
 * 51 (a warning) and 52 (an error, e.g. an abnormal end of the line search). drm ignores it.
 */
export type OptimConvergence = 0 | 1 | 51 | 52;

export type ColonyFlagCode =
  | 'constant_response'
  | 'single_temperature'
  | 'too_few_temperatures'
  | 'fewer_than_4_temperatures'
  | 'fit_failed'
  | 'response_increases'
  | 'no_thermal_response'
  /** The kind's value lies outside the tested temperatures and is withheld. */
  | `${ThresholdKind}_not_estimable`
  /** A tail kind (ED5, ED95) a little outside the tested temperatures: kept, with this note. */
  | `${ThresholdKind}_extrapolated`
  | 'ed50_only_bracketed'
  | 'baseline_depressed'
  | 'optimizer_max_iterations'
  /** Bounded fits (L-BFGS-B): the line search ended abnormally (optim's convergence 52). */
  | 'optimizer_abnormal_stop'
  /** Bounded fits: a fitted parameter ended on one of its bounds. */
  | 'parameter_at_bound'
  | 'joint_fit_without_excluded'
  | 'grouping_property_collision'
  | 'group_too_large'
  /** The colony's PAM values are on another scale than its group's (decision 0062). */
  | 'other_scale'
  /** The joint fit collapsed for this colony because another one is on another scale. */
  | 'fit_collapsed_other_scale'
  /** A 95 % limit beyond any temperature a coral ED can have (decision 0062). */
  | 'limits_not_physical'
  /** Intervals were asked for but the fit has no residual degree of freedom (decision 0062). */
  | 'no_residual_df';

export interface ColonyFlag {
  code: ColonyFlagCode;
  /** Plain-language explanation for the researcher. */
  message: string;
}

/**
 * How a group's colonies are fitted: 'joint' (CBASSED50's way and the default: one drm with a
 * curve per colony) or 'per-colony' (one drm per colony, on its own rows; decision 0027).
 */
export type EdFitMode = 'joint' | 'per-colony';

/**
 * A group's joint fit as a whole, for comparing model families (decision 0030): R's
 * `logLik(fit)` and `AIC(fit)` of the group's drm fit (lower AIC: the better trade-off of fit
 * and parameters, comparable between families on the same colonies only).
 */
export interface GroupModelFit {
  model: EdModel;
  /** Colonies in the fit (those left out are not counted). */
  colonyCount: number;
  observationCount: number;
  /** Estimated curve parameters (colonies × the family's free parameters). */
  parameterCount: number;
  rss: number;
  logLik: number;
  aic: number;
}

/** drc's `ED(fit, p, interval = "delta")`: delta-method standard error and 95 % interval, °C. */
export interface EdInterval {
  se: number;
  lower: number;
  upper: number;
}

/** One ED value of a colony. */
export interface EdEstimate {
  /** As drc computes it from the fitted curve, °C; null when the colony was not fitted. */
  raw: number | null;
  /** The value to report: `raw`, or null when it is not estimable (see the colony's flags). */
  value: number | null;
  /** `value` rounded to 2 decimals like R's round(x, 2); what CBASSED50 prints. */
  rounded: number | null;
  /**
   * Per-colony fits only: drc's delta-method SE and 95 % interval of `raw` (null where drc's
   * are meaningless, e.g. no residual degree of freedom). Absent for the joint fit.
   */
  interval?: EdInterval | null;
}

/** A colony's result, with its ED of every threshold kind under the kind's key (`ed50`, …). */
export interface ColonyEdResult extends Record<ThresholdKind, EdEstimate> {
  /** Grouping columns pasted with "_", e.g. "Zugspitze_Nursery_Acropora germania_420". */
  groupingProperty: string;
  /** CBASSED50's colony key: `${groupingProperty}_${genotype}`. */
  key: string;
  genotype: string;
  groupValues: Readonly<Record<string, string>>;
  /** "excluded": not fitted (left out of the joint fit, or its own fit failed; see flags); EDs null. */
  status: 'fitted' | 'excluded';
  /** drc's Hill (b > 0: response falls with temperature), Max (d) and the colony's RSS. */
  hill: number | null;
  max: number | null;
  rss: number | null;
  /** drm's starting point (its `fit$start`: the self-starter's values after drmConvertParm), original units. */
  start: { hill: number; max: number; ed50: number } | null;
  nObservations: number;
  nTemperatures: number;
  minTemperature: number;
  maxTemperature: number;
  /** optim's convergence code of the fit (the group's joint fit, or the colony's own). */
  convergence: OptimConvergence | null;
  /** optim's function-evaluation count of the fit (the group's joint fit, or the colony's own). */
  functionEvaluations: number | null;
  flags: ColonyFlag[];
  /**
   * Model families other than LL.3 only: every drc parameter of the colony's fitted curve in
   * original units (b, c, d, e, f; fixed ones with their fixed value). `hill` is then b and
   * `max` is d, and `start` is null (`startParameters` holds drm's starting point).
   */
  parameters?: ModelParameters;
  startParameters?: ModelParameters;
  /** The family of `parameters` (present with them). */
  model?: EdModel;
}

/** Mean / SD / SE / 95 % CI of one ED over a group's colonies, rounded like CBASSED50. */
export interface EdStatistic {
  /** Number of colonies with a reportable value. */
  n: number;
  mean: number | null;
  /** Null for n < 2 (R: NA). */
  sd: number | null;
  se: number | null;
  confInt: number | null;
}

/** A group's statistics of every threshold kind. */
export type GroupSummary = Record<ThresholdKind, EdStatistic>;

/** The pooled curve of a group (all its rows, one LL.3 curve) with drc's 95 % confidence band. */
export interface PooledCurve {
  /** The shared grid: 100 points from the lowest temperature to the highest + 1 of the file. */
  temperature: number[];
  predicted: number[];
  /** NaN where drc's delta-method variance is negative (drc: "NaNs produced"). */
  lower: number[];
  upper: number[];
  hill: number;
  max: number;
  ed50: number;
  convergence: OptimConvergence;
  /**
   * The pooled (population) ED of every kind, from this one curve through all the group's rows,
   * with drc's delta-method SE and 95 % interval (`ED(fit, c(5, 50, 95), interval = "delta")`);
   * `interval` is null where drc's is NaN (no residual degree of freedom, negative variance).
   */
  eds: Record<ThresholdKind, { value: number; interval: EdInterval | null }>;
}

export interface EdGroupResult {
  groupingProperty: string;
  groupValues: Readonly<Record<string, string>>;
  /** Colonies in order of first appearance. */
  colonies: ColonyEdResult[];
  summary: GroupSummary;
  /** Null when the pooled fit failed (`curveError` says why) or the group was rejected. */
  curve: PooledCurve | null;
  curveError: string | null;
  /** Vertical lines of CBASSED50's curve plot: the group means of the colony EDs. */
  edLines: Record<ThresholdKind, number | null>;
  /** The joint fit's AIC etc. (null: per-colony fits, or no colony could be fitted). */
  modelFit: GroupModelFit | null;
}

export interface EdComputation {
  /** Grouping columns used, e.g. ['Site', 'Condition', 'Species', 'Timepoint']. */
  grouping: string[];
  /** Groups in order of first appearance in the file. */
  groups: EdGroupResult[];
  /** All colonies, group by group (the order of CBASSED50's ED table). */
  colonies: ColonyEdResult[];
  /** File-level problems (too few temperatures, unknown grouping column, colliding groups). */
  errors: string[];
  /** How the numbers were computed (compatibility mode, or the per-colony fit). */
  method: string;
  /** How the colonies were fitted (the option given to computeEds). */
  fit: EdFitMode;
  /** drc model family of the colony curves (default LL.3, CBASSED50's). */
  model: EdModel;
  /** drm's parameter limits of the fits (present only when computeEds was given them). */
  bounds?: ParameterBounds;
}
