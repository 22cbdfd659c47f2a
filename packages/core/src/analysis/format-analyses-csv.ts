import { formatFull, quote } from '../ed50/format-csv';
import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS_BY_LEVEL } from '../thresholds/threshold-kinds';
import type { ThresholdKind } from '../thresholds/threshold-kinds';
import type { KindAnalyses } from './computed-analyses';
import type { AnovaResult } from './factorial-anova';
import type { KindMmmAnalyses } from './computed-mmm';
import type { GroupCurveComparisonResult } from './group-curves';
import type { MmmRegressionResult } from './relative-tolerance';

const HEADER = [
  'Threshold',
  'Analysis',
  'Term',
  'Level',
  'Other',
  'Estimate',
  'SE',
  'DF',
  'DF2',
  'Statistic',
  'P',
  'Lower',
  'Upper',
  'Letters',
  'Note',
] as const;
type Column = (typeof HEADER)[number];
type Row = Partial<Record<Column, string | number | null>>;

const cell = (value: string | number | null | undefined) =>
  value === null || value === undefined
    ? 'NA'
    : typeof value === 'number'
      ? formatFull(value)
      : quote(value);

/**
 * The post-fit analyses as one long CSV table (decision 0061), every threshold kind in turn, at
 * full precision: `Threshold, Analysis, Term, Level, Other, Estimate, SE, DF, DF2, Statistic, P,
 * Lower, Upper, Letters, Note`. Analyses: welch and levene (F, its two df, p); wilcoxon (Level
 * against Other: W, the adjusted p, exact or normal in Note); letters (compact letters per
 * group); anova_type2 / anova_type3 (Term, sum of squares as Estimate, df, F, p); emmeans (Term =
 * factor, Level, mean, SE, df, 95 % limits); emmeans_pairs (Level − Other, estimate, SE, df, t
 * ratio, Tukey p); cooks (Level = colony, Cook's distance, "flagged" above 4/n) and
 * cooks_refit_type2 (the type II ANOVA without the flagged colonies). Given the groups' curves,
 * then (ED50 only) compparm_ratio and compparm_difference: drc's compParm(fit, "e", "/" | "-")
 * between the groups' curves of one fit (Level against Other: estimate, SE, df, t, p). Given
 * MMM values: relative_to_mmm (Level = colony, ED − MMM), mmm_regression_colonies and
 * mmm_regression_sites (Term (Intercept) and MMM: estimate, SE, df, t, p; Term R² and
 * adjusted R²). A part that cannot be computed is one row with its reason in Note.
 */
export function formatAnalysesCsv(
  analyses: Record<ThresholdKind, KindAnalyses>,
  extra: {
    curves?: GroupCurveComparisonResult;
    mmm?: Record<ThresholdKind, KindMmmAnalyses>;
  } = {},
): string {
  const { curves, mmm } = extra;
  const lines = [HEADER.map(quote).join(',')];
  for (const kind of THRESHOLD_KINDS_BY_LEVEL) {
    const threshold = THRESHOLD_KIND_INFO[kind].edLabel;
    const add = (row: Row) => lines.push(HEADER.map((column) => cell(row[column])).join(','));
    const reason = (analysis: string, text: string) =>
      add({ Threshold: threshold, Analysis: analysis, Note: text });
    const { welch, levene, wilcoxon, factorial } = analyses[kind];
    for (const [name, result] of [
      ['welch', welch],
      ['levene', levene],
    ] as const) {
      if (result.test === null) reason(name, result.reason);
      else {
        const { f, df1, df2, p } = result.test;
        add({
          Threshold: threshold,
          Analysis: name,
          Term: 'group',
          DF: df1,
          DF2: df2,
          Statistic: f,
          P: p,
        });
      }
    }
    if (wilcoxon.result === null) reason('wilcoxon', wilcoxon.reason);
    else {
      for (const pair of wilcoxon.result.pairs) {
        add({
          Threshold: threshold,
          Analysis: 'wilcoxon',
          Term: wilcoxon.result.method,
          Level: pair.group,
          Other: pair.reference,
          Statistic: pair.w,
          P: pair.pAdjusted,
          Note: pair.exact ? 'exact' : 'normal approximation',
        });
      }
      for (const group of wilcoxon.result.groups) {
        add({
          Threshold: threshold,
          Analysis: 'letters',
          Term: wilcoxon.result.method,
          Level: group,
          Letters: wilcoxon.result.letters[group]!,
        });
      }
    }
    if (mmm) {
      const { relative, colonies, sites, missing } = mmm[kind];
      for (const colony of relative) {
        add({
          Threshold: threshold,
          Analysis: 'relative_to_mmm',
          Level: colony.key,
          Estimate: colony.value,
        });
      }
      const regression = (name: string, result: MmmRegressionResult) => {
        if (result.regression === null) return reason(name, result.reason);
        const { intercept, slope, df, rSquared, adjustedRSquared, n } = result.regression;
        for (const [term, coefficient] of [
          ['(Intercept)', intercept],
          ['MMM', slope],
        ] as const) {
          add({
            Threshold: threshold,
            Analysis: name,
            Term: term,
            Estimate: coefficient.estimate,
            SE: coefficient.se,
            DF: df,
            Statistic: coefficient.t,
            P: coefficient.p,
            Note: `${n} points`,
          });
        }
        add({ Threshold: threshold, Analysis: name, Term: 'R²', Estimate: rSquared });
        add({
          Threshold: threshold,
          Analysis: name,
          Term: 'adjusted R²',
          Estimate: adjustedRSquared,
        });
      };
      regression('mmm_regression_colonies', colonies);
      regression('mmm_regression_sites', sites);
      if (missing.length > 0) {
        reason('relative_to_mmm', `No MMM for ${missing.join(', ')}: their colonies are left out.`);
      }
    }
    if (factorial === null) continue;
    const anova = (name: string, result: AnovaResult) => {
      if (result.rows === null) return reason(name, result.reason);
      for (const row of result.rows) {
        add({
          Threshold: threshold,
          Analysis: name,
          Term: row.term,
          Estimate: row.sumSquares,
          DF: row.df,
          Statistic: row.f,
          P: row.p,
        });
      }
    };
    anova('anova_type2', factorial.typeII);
    anova('anova_type3', factorial.typeIII);
    for (const means of factorial.means) {
      if (means.result === null) {
        reason('emmeans', means.reason);
        continue;
      }
      const term = means.result.factor;
      for (const mean of means.result.means) {
        add({
          Threshold: threshold,
          Analysis: 'emmeans',
          Term: term,
          Level: mean.level,
          Estimate: mean.estimate,
          SE: mean.se,
          DF: mean.df,
          Lower: mean.lower,
          Upper: mean.upper,
        });
      }
      for (const contrast of means.result.contrasts) {
        add({
          Threshold: threshold,
          Analysis: 'emmeans_pairs',
          Term: term,
          Level: contrast.level,
          Other: contrast.other,
          Estimate: contrast.estimate,
          SE: contrast.se,
          DF: contrast.df,
          Statistic: contrast.tRatio,
          P: contrast.p,
        });
      }
    }
    const influence = factorial.influence;
    if (influence.screening === null) reason('cooks', influence.reason);
    else {
      for (const colony of influence.screening.colonies) {
        add({
          Threshold: threshold,
          Analysis: 'cooks',
          Term: `threshold 4/n = ${formatFull(influence.screening.threshold)}`,
          Level: factorial.colonyKeys[colony.index]!,
          Estimate: colony.cooksDistance,
          Note: colony.flagged ? 'flagged' : '',
        });
      }
      anova('cooks_refit_type2', influence.screening.refit);
    }
  }
  if (curves) {
    const add = (row: Row) => lines.push(HEADER.map((column) => cell(row[column])).join(','));
    const threshold = THRESHOLD_KIND_INFO.ed50.edLabel;
    if (curves.comparison === null) {
      add({ Threshold: threshold, Analysis: 'compparm_ratio', Note: curves.reason });
    } else {
      const { ratios, differences, dfResidual } = curves.comparison;
      for (const [name, pairs] of [
        ['compparm_ratio', ratios],
        ['compparm_difference', differences],
      ] as const) {
        for (const pair of pairs) {
          add({
            Threshold: threshold,
            Analysis: name,
            Term: 'e',
            Level: pair.curve,
            Other: pair.other,
            Estimate: pair.estimate,
            SE: pair.se,
            DF: dfResidual,
            Statistic: pair.t,
            P: pair.p,
          });
        }
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
