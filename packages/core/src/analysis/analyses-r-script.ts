import { formatFull, quote } from '../ed50/format-csv';
import { groupingValue } from '../ed50/grouping';
import type { CbassRow, EdComputation } from '../ed50/types';
import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS_BY_LEVEL } from '../thresholds/threshold-kinds';
import { factorsProblem, type ComputedAnalysesOptions } from './computed-analyses';
import type { MmmTable } from './mmm-table';
import type { EdScale, ObservedEd } from './observed-analyses';

/** One file of an exported analysis: its name in the folder (or zip) and its text. */
export interface ExportedFile {
  name: string;
  text: string;
}

/** The file the exported script writes its results to, in `formatAnalysesCsv`'s columns. */
export const R_SCRIPT_RESULTS_FILE = 'analyses_from_r.csv';

/** An R string literal (JSON's escapes are R's). */
const rString = (text: string) => JSON.stringify(text);
const rVector = (texts: readonly string[]) =>
  texts.length === 0 ? 'character(0)' : `c(${texts.map(rString).join(', ')})`;

/**
 * The post-fit analyses of a computation (decision 0061) as a self-contained R script with its
 * input data: `colony_eds.csv` (each colony's key, group, grouping columns and the ED values the
 * analyses used), `mmm.csv` when an MMM table is given, and `analyses.R`, which re-runs every
 * analysis of `formatAnalysesCsv` except drc's compParm (that needs the raw observations and a
 * drc fit, decision 0061) with stats, car, emmeans and multcompView, prints the results and
 * writes them to `analyses_from_r.csv` in the same columns and row order as the platform's table.
 */
export function analysesRScript(
  computation: EdComputation,
  options: ComputedAnalysesOptions & {
    mmm?: MmmTable;
    /** The raw rows and grouping of the computation: adds drc's compParm between group curves. */
    curves?: { rows: readonly CbassRow[]; grouping: readonly string[] };
  } = {},
): ExportedFile[] {
  const factors = [...(options.factors ?? [])];
  const problem = factors.length > 0 ? factorsProblem(computation, factors) : null;
  if (problem) throw new Error(problem);
  const files = rScriptFiles({
    columns: computation.grouping,
    colonies: computation.colonies.map((colony) => ({
      key: colony.key,
      group: colony.groupingProperty,
      columns: computation.grouping.map((column) => colony.groupValues[column] ?? ''),
      ed: THRESHOLD_KINDS_BY_LEVEL.map((kind) =>
        options.unrounded ? colony[kind].value : colony[kind].rounded,
      ),
    })),
    settings: {
      factors,
      pAdjust: options.pAdjust ?? 'holm',
      groups: computation.groups.map((group) => group.groupingProperty),
      mmmColumn: options.mmm?.column ?? null,
      mmmInEds: false,
      relative: false,
      curves: options.curves !== undefined,
      input: `colony_eds.csv (each colony's ${options.unrounded ? 'full-precision' : '2-decimal'} ED5/ED50/ED95 as the platform fitted them,
# drc's LL.3 model as in CBASSED50)${options.mmm ? ', mmm.csv (the maximum monthly mean per ' + options.mmm.column + ')' : ''}${options.curves ? ",\n# observations.csv (each row's group, temperature and Pam value, for drc's compParm between the\n# groups' curves)" : ''}`,
    },
  });
  if (options.mmm) {
    const { column, mmm } = options.mmm;
    const rows = [...mmm].map(([key, value]) => `${quote(key)},${formatFull(value)}`);
    files.push({ name: 'mmm.csv', text: `${[`${quote(column)},"MMM"`, ...rows].join('\n')}\n` });
  }
  if (options.curves) {
    const { rows, grouping } = options.curves;
    const lines = rows.map((row) =>
      [
        quote(grouping.map((column) => groupingValue(row, column)).join('_')),
        formatFull(row.temperature),
        formatFull(row.pamValue),
      ].join(','),
    );
    files.push({
      name: 'observations.csv',
      text: `${['"Group","Temperature","Pam"', ...lines].join('\n')}\n`,
    });
  }
  return files;
}

/**
 * A comparison of the platform's data (the Compare page, decision 0067) as the same R script
 * (one generator: the calculator's analyses and these are the same R calls): `colony_eds.csv`
 * holds each observation's key, group, factor levels, site, MMM and stored ED5/ED50/ED95 in the
 * order the platform analysed them, `analyses.R` re-runs `formatAnalysesCsv`'s analyses (tests on
 * ED − MMM when the comparison is relative) and `README.txt` cites every dataset used.
 */
export function observedAnalysesRScript(
  observations: readonly ObservedEd[],
  options: {
    factors: readonly string[];
    scale: EdScale;
    pAdjust: string;
    /** The groups in the platform's order (the first factor's levels). */
    groups: readonly string[];
    /** One line per dataset used: its recommended citation. */
    citations: readonly string[];
  },
): ExportedFile[] {
  const factors = [...options.factors];
  const [first] = factors;
  const files = rScriptFiles({
    columns: [...factors, COMPARE_SITE_COLUMN, 'MMM'],
    colonies: observations.map((o) => ({
      key: o.key,
      group: first === undefined ? '' : (o.levels[first] ?? ''),
      columns: [...factors.map((factor) => o.levels[factor] ?? ''), o.site, o.mmm],
      ed: THRESHOLD_KINDS_BY_LEVEL.map((kind) => o.ed[kind]),
    })),
    settings: {
      factors,
      pAdjust: options.pAdjust,
      groups: [...options.groups],
      mmmColumn: COMPARE_SITE_COLUMN,
      mmmInEds: true,
      relative: options.scale === 'relative',
      curves: false,
      input: `colony_eds.csv (each colony's stored ED5/ED50/ED95 under one condition and timepoint, as the
# platform serves them, with its factor levels, site and the site's MMM)`,
    },
  });
  files.push({
    name: 'README.txt',
    text: [
      'A comparison of the coral CBASS platform, exported with its data: run `Rscript analyses.R` in this folder.',
      `Data used, cite: ${options.citations.join(' | ')}`,
      '',
    ].join('\n'),
  });
  return files;
}

/** The column of the Compare script's input that names each observation's site (for MMM). */
const COMPARE_SITE_COLUMN = 'Site';

interface RScriptInput {
  /** Columns between Group and the ED values (grouping columns, factors, site, MMM). */
  columns: readonly string[];
  colonies: readonly {
    key: string;
    group: string;
    /** Cells of `columns`: text, or a number (the MMM; null where not known, NA in R). */
    columns: readonly (string | number | null)[];
    /** ED values in THRESHOLD_KINDS_BY_LEVEL order. */
    ed: readonly (number | null)[];
  }[];
  settings: ScriptSettings;
}

/** analyses.R and colony_eds.csv: the files every exported analysis has. */
function rScriptFiles({ columns, colonies, settings }: RScriptInput): ExportedFile[] {
  const kinds = THRESHOLD_KINDS_BY_LEVEL.map((kind) => THRESHOLD_KIND_INFO[kind].edLabel);
  const header = ['Colony', 'Group', ...columns, ...kinds];
  const lines = [header.map(quote).join(',')];
  for (const colony of colonies) {
    lines.push(
      [
        quote(colony.key),
        quote(colony.group),
        ...colony.columns.map((cell) =>
          cell === null ? 'NA' : typeof cell === 'number' ? formatFull(cell) : quote(cell),
        ),
        ...colony.ed.map((value) => (value === null ? 'NA' : formatFull(value))),
      ].join(','),
    );
  }
  return [
    { name: 'analyses.R', text: script({ ...settings, kinds }) },
    { name: 'colony_eds.csv', text: `${lines.join('\n')}\n` },
  ];
}

interface ScriptSettings {
  factors: string[];
  pAdjust: string;
  groups: string[];
  mmmColumn: string | null;
  /** The MMM is a column of colony_eds.csv (each observation's own), not mmm.csv by mmmColumn. */
  mmmInEds: boolean;
  /** The tests, ANOVA and contrasts on ED − MMM (the regressions stay on the absolute EDs). */
  relative: boolean;
  curves: boolean;
  /** What the input files hold, for the script's header. */
  input: string;
}

function script(settings: ScriptSettings & { kinds: string[] }): string {
  return `# Post-fit analyses of per-colony ED values, exported by the coral CBASS platform.
# Re-runs, with R's own functions, every analysis of the platform's analyses table, prints the
# results and writes them to ${R_SCRIPT_RESULTS_FILE} in the platform's columns and row order.
#
# Input: ${settings.input}.
# Usage, in this folder: Rscript analyses.R
# Needs R >= 4 with car, emmeans and multcompView:
#   install.packages(c("car", "emmeans", "multcompView"))
# ${settings.curves ? 'and drc for compParm' : 'and, for the ED fit itself, drc'}: install.packages("drc")
suppressPackageStartupMessages({ library(car); library(emmeans); library(multcompView) })
compare_curves <- ${settings.curves ? 'TRUE' : 'FALSE'}

factors <- ${rVector(settings.factors)}   # factorial ANOVA factors (grouping columns)
p_adjust <- ${rString(settings.pAdjust)}   # p.adjust method of the pairwise Wilcoxon tests
group_levels <- ${rVector(settings.groups)}
kinds <- ${rVector(settings.kinds)}
mmm_column <- ${settings.mmmColumn === null ? 'NULL' : rString(settings.mmmColumn)}
relative <- ${settings.relative ? 'TRUE' : 'FALSE'}   # the tests on ED - MMM (the regressions on ED)

eds <- read.csv("colony_eds.csv", check.names = FALSE, colClasses = "character",
                na.strings = character(0))
for (kind in kinds) eds[[kind]] <- suppressWarnings(as.numeric(eds[[kind]]))
# Factor levels in order of first appearance, as the platform lists groups.
fac <- function(x) factor(x, levels = unique(x))

columns <- c("Threshold", "Analysis", "Term", "Level", "Other", "Estimate", "SE", "DF", "DF2",
             "Statistic", "P", "Lower", "Upper", "Letters", "Note")
out <- character(0)
cell <- function(x) {
  if (is.null(x) || length(x) == 0 || is.na(x)) return("NA")
  if (is.numeric(x)) return(sprintf("%.17g", x))
  paste0('"', gsub('"', '""', x), '"')
}
add <- function(...) {
  r <- list(...)
  out <<- c(out, paste(vapply(columns, function(col) cell(r[[col]]), ""), collapse = ","))
}
attempt <- function(threshold, analysis, expr) {
  tryCatch(expr, error = function(e) add(Threshold = threshold, Analysis = analysis,
                                         Note = paste("R:", conditionMessage(e))))
}

# Each colony's site and the site's maximum monthly mean (MMM), NA where not known.
if (!is.null(mmm_column)) {
  site_all <- eds[[mmm_column]]
  ${
    settings.mmmInEds
      ? 'mmm_all <- suppressWarnings(as.numeric(eds$MMM))'
      : `mmm <- read.csv("mmm.csv", check.names = FALSE, colClasses = "character",
                  na.strings = character(0))
  mmm_all <- as.numeric(mmm$MMM[match(site_all, mmm[[mmm_column]])])`
  }
}

for (kind in kinds) {
  v <- if (relative) eds[[kind]] - mmm_all else eds[[kind]]
  d <- eds[!is.na(v), ]
  y <- v[!is.na(v)]
  g <- factor(d$Group, levels = group_levels[group_levels %in% d$Group])

  # Welch's ANOVA and Levene's test (center = median) between the groups.
  attempt(kind, "welch", {
    w <- oneway.test(y ~ g, var.equal = FALSE)
    add(Threshold = kind, Analysis = "welch", Term = "group", DF = w$parameter[[1]],
        DF2 = w$parameter[[2]], Statistic = w$statistic[[1]], P = w$p.value)
  })
  attempt(kind, "levene", {
    l <- leveneTest(y ~ g, center = median)
    add(Threshold = kind, Analysis = "levene", Term = "group", DF = l[1, "Df"], DF2 = l[2, "Df"],
        Statistic = l[1, "F value"], P = l[1, "Pr(>F)"])
  })

  # Pairwise Wilcoxon tests (as pairwise.wilcox.test, with W), compact letters of the adjusted p.
  attempt(kind, "wilcoxon", {
    lv <- levels(g)
    if (length(lv) < 2) stop("at least two groups with values are needed")
    pairs_w <- NULL
    for (j in seq_along(lv)) for (i in seq_along(lv)) if (i > j) {
      xi <- y[g == lv[i]]; xj <- y[g == lv[j]]
      t <- suppressWarnings(wilcox.test(xi, xj))
      pairs_w <- rbind(pairs_w, data.frame(group = lv[i], reference = lv[j], w = t$statistic[[1]],
        p = t$p.value, exact = grepl("exact", t$method), stringsAsFactors = FALSE))
    }
    pairs_w$adjusted <- p.adjust(pairs_w$p, method = p_adjust)
    for (k in seq_len(nrow(pairs_w))) {
      add(Threshold = kind, Analysis = "wilcoxon", Term = p_adjust, Level = pairs_w$group[k],
          Other = pairs_w$reference[k], Statistic = pairs_w$w[k], P = pairs_w$adjusted[k],
          Note = if (pairs_w$exact[k]) "exact" else "normal approximation")
    }
    full <- matrix(1, length(lv), length(lv), dimnames = list(lv, lv))
    for (k in seq_len(nrow(pairs_w))) {
      full[pairs_w$group[k], pairs_w$reference[k]] <- pairs_w$adjusted[k]
      full[pairs_w$reference[k], pairs_w$group[k]] <- pairs_w$adjusted[k]
    }
    letters <- multcompLetters(full)$Letters
    for (level in lv) {
      add(Threshold = kind, Analysis = "letters", Term = p_adjust, Level = level,
          Letters = letters[[level]])
    }
  })

  # Thermal tolerance relative to the local MMM and the regressions on MMM (Evensen et al. 2022).
  if (!is.null(mmm_column)) {
    ok <- !is.na(eds[[kind]]) & !is.na(mmm_all)
    ed <- eds[[kind]][ok]; m <- mmm_all[ok]; site <- site_all[ok]
    for (k in seq_along(ed)) {
      add(Threshold = kind, Analysis = "relative_to_mmm", Level = eds$Colony[ok][k],
          Estimate = ed[k] - m[k])
    }
    regression <- function(name, x, yy) attempt(kind, name, {
      fit <- lm(yy ~ x); s <- summary(fit); co <- coef(s)
      if (nrow(co) < 2) stop("every point has the same MMM: no slope")
      for (r in 1:2) {
        add(Threshold = kind, Analysis = name, Term = c("(Intercept)", "MMM")[r],
            Estimate = co[r, 1], SE = co[r, 2], DF = fit$df.residual, Statistic = co[r, 3],
            P = co[r, 4], Note = paste(length(x), "points"))
      }
      add(Threshold = kind, Analysis = name, Term = "R\\u00b2", Estimate = s$r.squared)
      add(Threshold = kind, Analysis = name, Term = "adjusted R\\u00b2", Estimate = s$adj.r.squared)
    })
    regression("mmm_regression_colonies", m, ed)
    # One point per site and MMM (a site name may recur at another MMM).
    sf <- fac(paste(site, sprintf("%.17g", m), sep = "\r"))
    regression("mmm_regression_sites", as.numeric(tapply(m, sf, function(v) v[1])),
               as.numeric(tapply(ed, sf, mean)))
    missing <- unique(site_all[is.na(mmm_all)])
    if (length(missing) > 0) {
      add(Threshold = kind, Analysis = "relative_to_mmm",
          Note = paste0("No MMM for ", paste(missing, collapse = ", "),
                        ": their colonies are left out."))
    }
  }

  if (length(factors) == 0) next
  # Factorial ANOVA (car::Anova type II and III with contr.sum), marginal means with Tukey
  # contrasts (emmeans), Cook's distance above 4/n and the type II ANOVA refitted without them.
  dd <- data.frame(y = y, A = fac(d[[factors[1]]]), Colony = d$Colony, stringsAsFactors = FALSE)
  form <- y ~ A
  if (length(factors) == 2) { dd$B <- fac(d[[factors[2]]]); form <- y ~ A * B }
  names_of <- c(A = factors[1], B = factors[2], "A:B" = paste(factors, collapse = ":"),
                "(Intercept)" = "(Intercept)", Residuals = "Residuals")
  old <- options(contrasts = c("contr.sum", "contr.poly"))
  fit <- lm(form, data = dd)
  if (any(is.na(coef(fit)))) {
    # An empty cell: the platform refuses the design rather than fit aliased coefficients.
    for (name in c("anova_type2", "anova_type3", rep("emmeans", length(factors)), "cooks")) {
      add(Threshold = kind, Analysis = name,
          Note = "R: the design has an empty cell (aliased coefficients in lm)")
    }
    options(old)
    next
  }
  anova_rows <- function(name, model, type) attempt(kind, name, {
    a <- Anova(model, type = type)
    for (r in seq_len(nrow(a))) {
      add(Threshold = kind, Analysis = name, Term = names_of[[rownames(a)[r]]],
          Estimate = a[r, "Sum Sq"], DF = a[r, "Df"], Statistic = a[r, "F value"],
          P = a[r, "Pr(>F)"])
    }
  })
  anova_rows("anova_type2", fit, 2)
  anova_rows("anova_type3", fit, 3)
  for (k in seq_along(factors)) attempt(kind, "emmeans", {
    f <- c("A", "B")[k]
    e <- suppressMessages(emmeans(fit, f))
    es <- as.data.frame(summary(e))
    for (r in seq_len(nrow(es))) {
      add(Threshold = kind, Analysis = "emmeans", Term = factors[k],
          Level = as.character(es[[f]][r]), Estimate = es$emmean[r], SE = es$SE[r],
          DF = es$df[r], Lower = es$lower.CL[r], Upper = es$upper.CL[r])
    }
    ps <- as.data.frame(summary(pairs(e)))
    lv <- as.character(es[[f]]); r <- 0
    for (i in seq_along(lv)) for (j in seq_along(lv)) if (j > i) {
      r <- r + 1
      add(Threshold = kind, Analysis = "emmeans_pairs", Term = factors[k], Level = lv[i],
          Other = lv[j], Estimate = ps$estimate[r], SE = ps$SE[r], DF = ps$df[r],
          Statistic = ps$t.ratio[r], P = ps$p.value[r])
    }
  })
  attempt(kind, "cooks", {
    cd <- cooks.distance(fit)
    threshold <- 4 / nrow(dd)
    flagged <- cd > threshold
    for (r in seq_along(cd)) {
      add(Threshold = kind, Analysis = "cooks", Term = paste("threshold 4/n =", cell(threshold)),
          Level = dd$Colony[r], Estimate = cd[[r]], Note = if (flagged[r]) "flagged" else "")
    }
    anova_rows("cooks_refit_type2", lm(form, data = dd[!flagged, ]), 2)
  })
  options(old)
}

# drc's compParm between the groups' curves: one LL.3 fit with a curve per group (ED50 = e).
if (compare_curves) attempt("ED50", "compparm_ratio", {
  # DRC_LOADER: a file that loads drc's sources instead of the installed package (for testing).
  if (nzchar(Sys.getenv("DRC_LOADER"))) source(Sys.getenv("DRC_LOADER")) else
    suppressPackageStartupMessages(library(drc))
  obs <- read.csv("observations.csv", check.names = FALSE, colClasses = c("character", "numeric", "numeric"),
                  na.strings = character(0))
  obs$Group <- fac(obs$Group)
  fit <- drm(Pam ~ Temperature, curveid = Group, data = obs, fct = LL.3())
  lv <- levels(obs$Group)
  for (op in c("/", "-")) {
    cp <- compParm(fit, "e", op, display = FALSE)
    r <- 0
    for (i in seq_along(lv)) for (j in seq_along(lv)) if (j > i) {
      r <- r + 1
      add(Threshold = "ED50", Analysis = if (op == "/") "compparm_ratio" else "compparm_difference",
          Term = "e", Level = lv[i], Other = lv[j], Estimate = cp[r, 1], SE = cp[r, 2],
          DF = df.residual(fit), Statistic = cp[r, 3], P = cp[r, 4])
    }
  }
})

writeLines(c(paste0('"', columns, '"', collapse = ","), out), ${rString(R_SCRIPT_RESULTS_FILE)}, useBytes = TRUE)
results <- read.csv(${rString(R_SCRIPT_RESULTS_FILE)}, check.names = FALSE, encoding = "UTF-8")
print(results, digits = 15, row.names = FALSE)
`;
}
