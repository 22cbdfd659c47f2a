import fs from 'node:fs';
import path from 'node:path';
import { decodeDataFile, ed50, THRESHOLD_KINDS_BY_LEVEL, THRESHOLD_KIND_INFO } from '@coral/core';
import * as analysis from '@coral/core/analysis';
import { analysesArguments, analysesRArgument, mmmArgument, writeAnalyses } from './ed50-analyses';
import {
  CliFailure,
  CliUsageError,
  defineCommand,
  type CliContext,
  type CliInput,
  type CliOptions,
} from './cli-command';

const ED50_OPTIONS = {
  out: {
    type: 'string',
    value: 'results.csv',
    description: 'write the ED table to this file instead of standard output',
  },
  summary: { type: 'string', value: 'summary.csv', description: 'also write the summary table' },
  grouping: {
    type: 'string',
    value: ed50.DEFAULT_GROUPING.join(','),
    description: 'the columns whose values make a group, separated by commas (this is the default)',
  },
  'row-names': {
    type: 'boolean',
    description: "add the leading index column of the calculator page's ED50_Results.csv",
  },
  'not-estimable': {
    type: 'string',
    value: 'NA|drc',
    choices: ['NA', 'drc'],
    description:
      "what a value that cannot be estimated is: NA (the page's, default) or drc's number",
  },
  fit: {
    type: 'string',
    value: 'joint|per-colony',
    choices: ['joint', 'per-colony'],
    description:
      "joint: CBASSED50's one fit per group with a curve per colony (default); per-colony: each colony fitted alone",
  },
  model: {
    type: 'string',
    value: ed50.ED_MODELS.join('|'),
    choices: ed50.ED_MODELS,
    description:
      "drc's model family of the colony curves: LL.3 (CBASSED50's, default), LL.2, LL.4, LL.5, W1.3 or W2.3, with either fit; with the joint fit prints each group's AIC",
  },
  lower: {
    type: 'string',
    value: 'b=..,d=..,e=..',
    description:
      "lower bounds of drc's LL.3 parameters, drm(lowerl =): b the Hill slope, d Max (the response's units), e ED50 (°C); e.g. --lower b=20,e=30. Fits with R's L-BFGS-B",
  },
  upper: {
    type: 'string',
    value: 'b=..,d=..,e=..',
    description:
      'upper bounds of the same parameters, drm(upperl =); e.g. --upper b=100 (LL.3, joint or per-colony fit)',
  },
  intervals: {
    type: 'boolean',
    description:
      "append the SE and 95 % limits of ED5/ED50/ED95 (drc's delta method, for either fit)",
  },
  unrounded: {
    type: 'boolean',
    description: 'write the values at full precision instead of rounded to 2 decimals',
  },
  pooled: {
    type: 'string',
    value: 'pooled.csv',
    description:
      "also write each group's pooled ED5/ED50/ED95 (one LL.3 curve through all its rows) with drc's delta-method SE and 95 % limits",
  },
  compare: {
    type: 'string',
    value: 'comparison.csv',
    description:
      "also write the groups compared pairwise, as R's TukeyHSD(aov(ED ~ group)): difference of means, 95 % limits, adjusted p",
  },
  analyses: {
    type: 'string',
    value: 'analyses.csv',
    description:
      "also write the post-fit analyses of the colonies' EDs as R gives them: Welch ANOVA, Levene's test, pairwise Wilcoxon tests with letters between the groups, drc's compParm of the groups' curves, and with --factors the factorial ANOVA (type II, type III), marginal means with Tukey contrasts and Cook's screening",
  },
  factors: {
    type: 'string',
    value: 'Site,Species',
    description:
      "one or two grouping columns for --analyses' factorial ANOVA, separated by commas (default: none, no factorial part)",
  },
  mmm: {
    type: 'string',
    value: 'mmm.csv',
    description:
      "with --analyses: a CSV of each site's maximum monthly mean (columns Site and MMM, or another grouping column and MMM) for ED − MMM and ED against MMM (lm)",
  },
  'p-adjust': {
    type: 'string',
    value: analysis.P_ADJUST_METHODS.join('|'),
    choices: analysis.P_ADJUST_METHODS,
    description: "p-value adjustment of --analyses' pairwise Wilcoxon tests (default holm, R's)",
  },
  'analyses-r': {
    type: 'string',
    value: 'folder',
    description:
      'with --analyses: also write into this folder an R script (analyses.R) with its input data (colony_eds.csv, mmm.csv) that re-runs the analyses with car, emmeans and multcompView',
  },
} as const satisfies CliOptions;

interface Ed50Arguments {
  file: string;
  out: string | null;
  summary: string | null;
  grouping: string[];
  rowNames: boolean;
  notEstimable: 'NA' | 'drc';
  fit: ed50.EdFitMode;
  /** null: not given (LL.3, and no AIC lines). */
  model: ed50.EdModel | null;
  /** null: no --lower / --upper (drm without limits, R's BFGS). */
  bounds: ed50.ParameterBounds | null;
  intervals: boolean;
  unrounded: boolean;
  pooled: string | null;
  compare: string | null;
  analyses: string | null;
  mmm: string | null;
  factors: string[];
  pAdjust: analysis.PAdjustMethod;
  analysesR: string | null;
}

function ed50Arguments({
  arguments: [file],
  options,
}: CliInput<typeof ED50_OPTIONS>): Ed50Arguments {
  const fit = options.fit === 'per-colony' ? 'per-colony' : 'joint';
  const model = modelOf(options.model);
  return {
    file: file!,
    out: options.out ?? null,
    summary: options.summary ?? null,
    grouping:
      options.grouping === undefined ? [...ed50.DEFAULT_GROUPING] : groupingOf(options.grouping),
    rowNames: options['row-names'],
    notEstimable: options['not-estimable'] === 'drc' ? 'drc' : 'NA',
    fit,
    model,
    bounds: boundsOf(options.lower, options.upper, model),
    intervals: options.intervals,
    unrounded: options.unrounded,
    pooled: options.pooled ?? null,
    compare: options.compare ?? null,
    ...analysesArguments(options.analyses, options.factors, options['p-adjust']),
    mmm: mmmArgument(options.analyses, options.mmm),
    analysesR: analysesRArgument(options.analyses, options['analyses-r']),
  };
}

function modelOf(model: string | undefined): ed50.EdModel | null {
  if (model === undefined) return null;
  if (!ed50.isEdModel(model)) {
    throw new CliUsageError(`--model takes one of ${ed50.ED_MODELS.join(', ')}: "${model}".`);
  }
  return model;
}

/** --lower / --upper as drm's lowerl / upperl, with a message naming the flag at fault. */
function boundsOf(
  lower: string | undefined,
  upper: string | undefined,
  model: ed50.EdModel | null,
): ed50.ParameterBounds | null {
  if (lower === undefined && upper === undefined) return null;
  if (model !== null && model !== ed50.DEFAULT_ED_MODEL) {
    throw new CliUsageError(
      `--lower and --upper bound drc's LL.3 parameters b, d, e: they cannot be used with --model ${model}.`,
    );
  }
  const bounds: ed50.ParameterBounds = {};
  for (const [flag, text] of [
    ['lower', lower],
    ['upper', upper],
  ] as const) {
    if (text === undefined) continue;
    const parsed = ed50.parseParameterLimits(text);
    if (!parsed.ok) throw new CliUsageError(`--${flag} ${JSON.stringify(text)}: ${parsed.error}`);
    bounds[flag] = parsed.limits;
  }
  const problems = ed50.validateBounds(bounds);
  if (problems.length > 0) throw new CliUsageError(problems.join(' '));
  return bounds;
}

/** One line per group: the joint fit's AIC (drc's AIC(fit)), to compare models on the same data. */
function reportModelFits(computation: ed50.EdComputation, warn: (line: string) => void): void {
  for (const group of computation.groups) {
    const fit = group.modelFit;
    warn(
      fit === null
        ? `${group.groupingProperty}: no ${computation.model} fit, no AIC.`
        : `${group.groupingProperty}: ${fit.model} AIC ${fit.aic.toFixed(2)} (logLik ${fit.logLik.toFixed(2)}, ${fit.parameterCount} curve parameters, ${fit.colonyCount} colonies, ${fit.observationCount} rows).`,
    );
  }
}

function groupingOf(list: string): string[] {
  const columns = list.split(',').map((column) => column.trim());
  if (columns.some((column) => column === '')) {
    throw new CliUsageError(`--grouping takes column names separated by commas: "${list}".`);
  }
  if (columns.includes('Genotype')) {
    throw new CliUsageError(
      'Genotype cannot be a grouping column: it identifies the colonies (curves) within a group.',
    );
  }
  return columns;
}

/**
 * The file as CSV text, by the platform's one data-file decoder (core tabular/decode-data-file.ts):
 * an Excel workbook's first sheet, or text in UTF-16 with a byte-order mark, UTF-8, or else
 * Windows-1252 (Excel).
 */
function readText(file: string, absolutePath: string, warn: (line: string) => void): string {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(absolutePath);
  } catch (error) {
    throw new CliFailure(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
    );
  }
  const decoded = decodeDataFile(bytes);
  if (!decoded.ok) throw new CliFailure(`${file}: ${decoded.problem} ${decoded.fix}`);
  if (decoded.encoding === 'windows-1252') warn(`${file} is not UTF-8; read as Windows-1252.`);
  return decoded.text;
}

function writeFile(file: string, absolutePath: string, text: string): void {
  try {
    fs.writeFileSync(absolutePath, text);
  } catch (error) {
    throw new CliFailure(
      `Cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
    );
  }
}

/**
 * What the file-level check found: errors stop the command, the rest are notes on stderr. Row
 * problems are one line per problem with its full count (decision 0024: "268 rows skipped: …").
 */
function reportParse(parsed: ed50.CbassParseResult, warn: (line: string) => void): void {
  const rowCodes = new Set(parsed.rowIssueGroups.map((group) => group.code));
  const fileLevel = (issue: ed50.CbassIssue) =>
    issue.row === undefined && !rowCodes.has(issue.code);
  for (const note of parsed.warnings.filter(fileLevel)) warn(note.message);
  for (const group of parsed.rowIssueGroups) warn(ed50.describeRowIssueGroup(group));
  const fatal = parsed.errors.filter(fileLevel);
  if (!parsed.canCompute) {
    const reasons = fatal.length > 0 ? fatal.map((e) => e.message) : ['No row can be used.'];
    throw new CliFailure(
      ['The file cannot be computed:', ...reasons.map((reason) => `  ${reason}`)].join('\n'),
    );
  }
}

/** Per-colony problems, one line per flag: `<GroupingProperty>_<genotype>: <message>`. */
function reportColonies(computation: ed50.EdComputation, warn: (line: string) => void): void {
  for (const colony of computation.colonies) {
    for (const flag of colony.flags) warn(`${colony.key}: ${flag.message}`);
  }
}

function summaryLine(computation: ed50.EdComputation): string {
  const colonies = computation.colonies;
  const withEd50 = colonies.filter((colony) => colony.ed50.value !== null).length;
  const excluded = colonies.filter((colony) => colony.status === 'excluded').length;
  const parts = [`${withEd50} with an ED50`];
  if (colonies.length - withEd50 - excluded > 0) {
    parts.push(`${colonies.length - withEd50 - excluded} without an estimable ED50 (NA)`);
  }
  if (excluded > 0) parts.push(`${excluded} not fitted (NA)`);
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `${count(colonies.length, 'colony', 'colonies')} in ${count(computation.groups.length, 'group', 'groups')}: ${parts.join(', ')}.`;
}

async function run(input: CliInput<typeof ED50_OPTIONS>, context: CliContext): Promise<number> {
  const options = ed50Arguments(input);
  const warn = (line: string) => context.io.stderr.write(`${line}\n`);
  const parsed = ed50.parseCbassCsv(
    readText(options.file, context.resolvePath(options.file), warn),
  );
  reportParse(parsed, warn);
  const computation = ed50.computeEds(parsed.rows, {
    grouping: options.grouping,
    // The pooled curves are only needed for the pooled EDs.
    curves: options.pooled !== null,
    fit: options.fit,
    intervals: options.intervals,
    model: options.model ?? ed50.DEFAULT_ED_MODEL,
    ...(options.bounds ? { bounds: options.bounds } : {}),
  });
  if (computation.colonies.length === 0) {
    throw new CliFailure(
      ['No ED values could be computed:', ...computation.errors.map((error) => `  ${error}`)].join(
        '\n',
      ),
    );
  }
  for (const error of computation.errors) warn(error);
  reportColonies(computation, warn);
  if (options.model !== null && options.fit === 'joint') reportModelFits(computation, warn);
  const results = ed50.formatEdResultsCsv(computation, {
    rowNames: options.rowNames,
    notEstimable: options.notEstimable,
    unrounded: options.unrounded,
    intervals: options.intervals,
  });
  const write = (file: string, text: string) => writeFile(file, context.resolvePath(file), text);
  if (options.summary) {
    write(options.summary, ed50.formatSummaryCsv(computation, { unrounded: options.unrounded }));
  }
  const unrounded = { unrounded: options.unrounded };
  if (options.pooled) write(options.pooled, ed50.formatPooledEdsCsv(computation, unrounded));
  if (options.compare) {
    const comparisons = ed50.compareComputedGroups(computation, unrounded);
    for (const kind of THRESHOLD_KINDS_BY_LEVEL) {
      const { reason } = comparisons[kind];
      if (reason) warn(`${THRESHOLD_KIND_INFO[kind].edLabel} groups not compared: ${reason}`);
    }
    write(options.compare, ed50.formatGroupComparisonCsv(comparisons, unrounded));
  }
  if (options.analyses) {
    const { table, rScript } = writeAnalyses(computation, parsed.rows, options, {
      warn,
      readMmm: (file) => readText(file, context.resolvePath(file), warn),
    });
    write(options.analyses, table);
    if (options.analysesR !== null && rScript !== null) {
      const folder = options.analysesR;
      try {
        fs.mkdirSync(context.resolvePath(folder), { recursive: true });
      } catch (error) {
        throw new CliFailure(
          `Cannot write ${folder}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
        );
      }
      for (const exported of rScript) {
        const file = path.join(folder, exported.name);
        write(file, exported.text);
      }
    }
  }

  if (options.out) write(options.out, results);
  else context.io.stdout.write(results);
  const written = new Intl.ListFormat('en', { type: 'conjunction', style: 'long' }).format(
    [
      options.out,
      options.summary,
      options.pooled,
      options.compare,
      options.analyses,
      options.analysesR,
    ].filter((file): file is string => Boolean(file)),
  );
  warn(`${summaryLine(computation)}${written ? ` Written: ${written}.` : ''}`);
  return 0;
}

/**
 * `npm run cli -- ed50 <raw.csv> …`: ED5/ED50/ED95 per colony with the calculator's engine
 * (CBASSED50's procedure; decision 0010), in CBASSED50's ED table layout. The CSV goes to stdout or
 * --out; notes on the file and on colonies go to stderr. Exit code 0 when computed, 1 when the
 * file cannot be used (the reason on stderr), 2 for a usage mistake.
 */
export const ed50Command = defineCommand({
  name: 'ed50',
  summary: 'ED5/ED50/ED95 per colony of a raw CBASS file (CBASSED50-compatible)',
  arguments: [
    {
      name: 'raw.csv',
      required: true,
      description:
        "a raw CBASS file (CBASSED50's long format, one row per nubbin): CSV, or an Excel workbook (.xlsx, its first sheet)",
    },
  ],
  options: ED50_OPTIONS,
  tooManyArguments: 'One raw CBASS file at a time.',
  notes: [
    '--fit per-colony, --model (other than LL.3), --intervals and --unrounded give numbers ' +
      'CBASSED50 does not: drc 3.0-1 fitting each colony alone or with another model family, its ' +
      'delta-method intervals, values at full precision.',
    '--pooled and --compare write what published CBASS studies report beside the colonies: ' +
      'each group\'s pooled EDs (drc\'s ED(fit, interval = "delta") on one LL.3 curve through ' +
      "all its rows) and Tukey's pairwise comparison of the groups' mean EDs (R's " +
      'TukeyHSD(aov(ED ~ group)), on the values the summary uses).',
    '--analyses writes, on the values the summary uses (or unrounded with --unrounded), what ' +
      'papers run after the fit, each as R gives it (decision 0061): oneway.test(var.equal = ' +
      'FALSE), car::leveneTest(center = median), pairwise.wilcox.test with --p-adjust and ' +
      "multcompView's letters between the groups; with --factors Site,Species (grouping " +
      "columns) car::Anova type II and III (contr.sum), emmeans with Tukey pairs, and Cook's " +
      'distance above 4/n flagged with the type II ANOVA refitted without those colonies; and ' +
      'drc\'s compParm(fit, "e", "/" and "-") between the groups\' LL.3 curves fitted ' +
      'together (drm(Pam ~ Temperature, curveid = group)). --analyses-r <folder> writes beside ' +
      'it analyses.R with its input data (colony_eds.csv, and mmm.csv with --mmm): Rscript ' +
      'analyses.R in that folder re-runs every analysis but compParm with car, emmeans and ' +
      'multcompView and writes analyses_from_r.csv in the same columns.',
    '--lower and --upper bound the LL.3 fit as drm(..., lowerl, upperl) does (drc then fits ' +
      "with R's L-BFGS-B, so even limits that end up inactive change the numbers); b is the Hill " +
      'slope (positive when the response falls with temperature: "Hill 20-100" is --lower b=20 ' +
      '--upper b=100), d is Max, e is ED50. Colonies whose fit ends on a bound are noted.',
    "--model prints the AIC of every group's joint fit (R's AIC(fit)) on standard error: run " +
      'the file once per model and keep, per group, the lowest AIC. With --fit per-colony each ' +
      "colony is fitted alone with that model (no AIC per group); --intervals adds drc's " +
      'delta-method limits for any model and fit. ' +
      ed50.NO_RESIDUAL_DF_NOTE,
    "The ED table goes to standard output (or --out) in CBASSED50's layout; notes on the file " +
      'and on colonies and a one-line summary go to standard error. Paths are relative to the ' +
      'folder you type the command in.',
    'Exit code 0 when computed, 1 when the file cannot be used (the reason is printed), ' +
      '2 for a mistake on the command line.',
  ],
  run,
});
