import { THRESHOLD_KIND_INFO, type ThresholdKind } from '@coral/core';
import type { KindAnalyses, KindMmmAnalyses } from '@coral/core/analysis';
import { useState, type ReactNode } from 'react';
import { ThresholdSelect } from '@/components/threshold-select';
import {
  AnovaTable,
  FTestsTable,
  InfluenceTables,
  MarginalMeansTables,
  MmmTables,
  WilcoxonTables,
  type LabelOf,
} from './analysis-tables';

type HeadingLevel = 3 | 4 | 5;

export interface KindAnalysisReportProps {
  analyses: KindAnalyses;
  /** The threshold's label (ED5, ED50, ED95): it names every table. */
  threshold: string;
  /** How to show a group's name (the analyses use the group keys); default: as it is. */
  groupLabel?: LabelOf;
  /** How to show a colony's key in the influential colonies; default: as it is. */
  colonyLabel?: LabelOf;
  /** The level of this report's headings (the page's heading above is one level up). */
  headingLevel?: HeadingLevel;
  /** ED − MMM and the regression on MMM, when MMMs were given, and the column they are per. */
  mmm?: { analyses: KindMmmAnalyses; column: string };
}

function Heading({ level, children }: { level: HeadingLevel; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return <Tag className="h6 mt-3">{children}</Tag>;
}

/**
 * Every post-fit analysis of one threshold kind (decision 0061) as tables: the groups' Welch and
 * Levene F tests, the pairwise Wilcoxon tests with adjusted p values and compact letters, with
 * MMMs ED − MMM and the regression on MMM, and,
 * when factors were given, the factorial ANOVA (type II and III), the marginal means with their
 * Tukey contrasts per factor and the screening of influential colonies with its refit.
 */
export function KindAnalysisReport({
  analyses,
  threshold,
  groupLabel,
  colonyLabel,
  headingLevel = 4,
  mmm,
}: KindAnalysisReportProps) {
  const { welch, levene, wilcoxon, factorial } = analyses;
  const factors = factorial?.factors.join(' × ');
  return (
    <div data-testid="analysis-report">
      <Heading level={headingLevel}>Group tests</Heading>
      <FTestsTable welch={welch} levene={levene} threshold={threshold} />
      <Heading level={headingLevel}>Pairwise Wilcoxon tests and compact letters</Heading>
      <p className="small text-body-secondary">
        As R’s <code>pairwise.wilcox.test</code>; letters by <code>multcompLetters</code> of the
        adjusted p values: groups that share a letter do not differ at the 5 % level.
      </p>
      <WilcoxonTables wilcoxon={wilcoxon} threshold={threshold} groupLabel={groupLabel} />
      {mmm && (
        <>
          <Heading level={headingLevel}>
            Thermal tolerance relative to the MMM ({threshold} − MMM)
          </Heading>
          <MmmTables
            mmm={mmm.analyses}
            threshold={threshold}
            column={mmm.column}
            colonyLabel={colonyLabel}
          />
        </>
      )}
      {factorial && (
        <>
          <Heading level={headingLevel}>Factorial ANOVA ({factors})</Heading>
          <p className="small text-body-secondary">
            The full model{' '}
            <code>
              {threshold} ~ {factorial.factors.join(' * ')}
            </code>{' '}
            as <code>car::Anova</code> gives it; type III with sum-to-zero contrasts.
          </p>
          <AnovaTable result={factorial.typeII} label={`Type II ANOVA: ${threshold}`} />
          <AnovaTable result={factorial.typeIII} label={`Type III ANOVA: ${threshold}`} />
          <Heading level={headingLevel}>Marginal means and Tukey contrasts</Heading>
          <p className="small text-body-secondary">
            As <code>emmeans(fit, ~ factor)</code> and <code>pairs()</code> give them (equal
            weights, Tukey-adjusted p).
          </p>
          {factorial.means.map((means, i) => (
            <MarginalMeansTables key={factorial.factors[i]} means={means} threshold={threshold} />
          ))}
          <Heading level={headingLevel}>Influential colonies (Cook’s distance)</Heading>
          <InfluenceTables factorial={factorial} threshold={threshold} colonyLabel={colonyLabel} />
        </>
      )}
    </div>
  );
}

export interface AnalysisReportProps extends Omit<
  KindAnalysisReportProps,
  'analyses' | 'threshold' | 'mmm'
> {
  /** `analyseComputation`'s result (or the same analyses of other EDs): one entry per kind. */
  analyses: Record<ThresholdKind, KindAnalyses>;
  /** `analyseMmm`'s result and the column the MMMs are per, when MMMs were given. */
  mmm?: { analyses: Record<ThresholdKind, KindMmmAnalyses>; column: string } | null;
  /** The threshold shown first (ED50 by default). */
  initialKind?: ThresholdKind;
}

/** The analyses of every threshold kind, one at a time, chosen in a labelled select. */
export function AnalysisReport({
  analyses,
  initialKind = 'ed50',
  mmm,
  ...props
}: AnalysisReportProps) {
  const [kind, setKind] = useState<ThresholdKind>(initialKind);
  const threshold = THRESHOLD_KIND_INFO[kind].edLabel;
  return (
    <>
      <ThresholdSelect label="Analyses of" value={kind} onChange={setKind} />
      <KindAnalysisReport
        analyses={analyses[kind]}
        threshold={threshold}
        {...(mmm ? { mmm: { analyses: mmm.analyses[kind], column: mmm.column } } : {})}
        {...props}
      />
    </>
  );
}
