import type { AnovaResult, FTestResult, KindAnalyses, KindMmmAnalyses } from '@coral/core/analysis';
import { StatTable } from '@/components/stat-table';
import { celsius2, degrees, pValue, statistic } from './format';

/**
 * The tables of the post-fit analyses (decision 0061), one component per analysis, typed by
 * core's result types only, so the calculator and the Compare page render the same tables
 * (decision 0068). Every table is a named, focusable scrolling region (phones scroll them
 * sideways); a part core could not compute shows core's reason instead of a table.
 */

type Factorial = NonNullable<KindAnalyses['factorial']>;
type MarginalMeansResult = Factorial['means'][number];

/** Names a group (or a colony) for display; the analyses name them by their keys. */
export type LabelOf = (name: string) => string;
const same: LabelOf = (name) => name;

/** Why a part has no table: core's reason, in words. */
function Reason({ children }: { children: string }) {
  return <p className="small text-body-secondary">{children}</p>;
}

/** Welch's ANOVA and Levene's test of the groups, one row each. */
export function FTestsTable({
  welch,
  levene,
  threshold,
}: {
  welch: FTestResult;
  levene: FTestResult;
  /** The threshold's label (ED50), which names the table. */
  threshold: string;
}) {
  const rows = [
    {
      name: 'Welch’s ANOVA (unequal variances)',
      r: 'oneway.test(var.equal = FALSE)',
      result: welch,
    },
    { name: 'Levene’s test (median-centred)', r: 'car::leveneTest', result: levene },
  ];
  return (
    <StatTable
      label={`Group tests: ${threshold}`}
      rows={rows}
      rowKey={(row) => row.name}
      rowHeader={{
        header: 'Test',
        cell: ({ name, r }) => (
          <>
            {name} <span className="text-body-secondary">({r})</span>
          </>
        ),
      }}
      spanning={({ result }) => (result.test === null ? result.reason : null)}
      columns={[
        { header: 'F', numeric: true, cell: ({ result }) => statistic(result.test!.f) },
        { header: 'df', numeric: true, cell: ({ result }) => degrees(result.test!.df1) },
        { header: 'Residual df', numeric: true, cell: ({ result }) => degrees(result.test!.df2) },
        { header: 'p', numeric: true, cell: ({ result }) => pValue(result.test!.p) },
      ]}
    />
  );
}

/** Pairwise Wilcoxon tests: each group's compact letters, then every pair with both p values. */
export function WilcoxonTables({
  wilcoxon,
  threshold,
  groupLabel = same,
}: {
  wilcoxon: KindAnalyses['wilcoxon'];
  threshold: string;
  groupLabel?: LabelOf;
}) {
  if (wilcoxon.result === null) return <Reason>{wilcoxon.reason}</Reason>;
  const { groups, pairs, letters, method } = wilcoxon.result;
  return (
    <>
      <StatTable
        label={`Compact letters (Wilcoxon, ${method}): ${threshold}`}
        className="small w-auto"
        rows={groups}
        rowKey={(group) => group}
        rowHeader={{ header: 'Group', cell: groupLabel }}
        columns={[
          { header: 'Letters', className: 'font-monospace', cell: (group) => letters[group] },
        ]}
      />
      <StatTable
        label={`Pairwise Wilcoxon tests (${method}): ${threshold}`}
        rows={pairs}
        rowKey={(pair) => `${pair.group}\u0000${pair.reference}`}
        rowHeader={{ header: 'Group', cell: (pair) => groupLabel(pair.group) }}
        columns={[
          { header: 'against', cell: (pair) => groupLabel(pair.reference) },
          { header: 'W', numeric: true, cell: (pair) => statistic(pair.w) },
          { header: 'p', numeric: true, cell: (pair) => pValue(pair.p) },
          {
            header: `Adjusted p (${method})`,
            numeric: true,
            cell: (pair) => pValue(pair.pAdjusted),
          },
          { header: 'p by', cell: (pair) => (pair.exact ? 'exact' : 'normal approximation') },
        ]}
      />
    </>
  );
}

/** One of car's Anova tables (type II, type III, or the refit without influential colonies). */
export function AnovaTable({ result, label }: { result: AnovaResult; label: string }) {
  if (result.rows === null) return <Reason>{result.reason}</Reason>;
  return (
    <StatTable
      label={label}
      className="small caption-top"
      // Seen as well as announced: type II and III tables look alike.
      caption={<caption className="text-body fw-semibold">{label}</caption>}
      rows={result.rows}
      rowKey={(row) => row.term}
      rowHeader={{ header: 'Term', cell: (row) => row.term }}
      columns={[
        { header: 'Sum of squares', numeric: true, cell: (row) => statistic(row.sumSquares) },
        { header: 'df', numeric: true, cell: (row) => degrees(row.df) },
        { header: 'F', numeric: true, cell: (row) => statistic(row.f) },
        { header: 'p', numeric: true, cell: (row) => pValue(row.p) },
      ]}
    />
  );
}

/** emmeans of one factor with their 95 % limits, and its Tukey-adjusted pairwise contrasts. */
export function MarginalMeansTables({
  means,
  threshold,
}: {
  means: MarginalMeansResult;
  threshold: string;
}) {
  if (means.result === null) return <Reason>{means.reason}</Reason>;
  const { factor, means: rows, contrasts } = means.result;
  return (
    <>
      <StatTable
        label={`Marginal means of ${threshold} by ${factor}`}
        rows={rows}
        rowKey={(row) => row.level}
        rowHeader={{ header: factor, cell: (row) => row.level }}
        columns={[
          { header: 'Mean, °C', numeric: true, cell: (row) => celsius2(row.estimate) },
          { header: 'SE', numeric: true, cell: (row) => statistic(row.se) },
          { header: 'df', numeric: true, cell: (row) => degrees(row.df) },
          {
            header: '95 % interval, °C',
            numeric: true,
            cell: (row) => `${celsius2(row.lower)} to ${celsius2(row.upper)}`,
          },
        ]}
      />
      <StatTable
        label={`Tukey contrasts of ${threshold} by ${factor}`}
        rows={contrasts}
        rowKey={(row) => row.contrast}
        rowHeader={{ header: 'Contrast', cell: (row) => row.contrast }}
        columns={[
          { header: 'Estimate, °C', numeric: true, cell: (row) => celsius2(row.estimate) },
          { header: 'SE', numeric: true, cell: (row) => statistic(row.se) },
          { header: 'df', numeric: true, cell: (row) => degrees(row.df) },
          { header: 't ratio', numeric: true, cell: (row) => statistic(row.tRatio) },
          { header: 'p (Tukey)', numeric: true, cell: (row) => pValue(row.p) },
        ]}
      />
    </>
  );
}

/**
 * Cook's screening: the colonies above 4/n (listed, never dropped silently, decision 0061) and
 * the type II ANOVA refitted without them.
 */
export function InfluenceTables({
  factorial,
  threshold,
  colonyLabel = same,
}: {
  factorial: Factorial;
  threshold: string;
  colonyLabel?: LabelOf;
}) {
  const { influence, colonyKeys } = factorial;
  if (influence.screening === null) return <Reason>{influence.reason}</Reason>;
  const { threshold: cutoff, colonies, flaggedCount, refit } = influence.screening;
  const flagged = colonies.filter((colony) => colony.flagged);
  return (
    <>
      <p className="small">
        {flaggedCount} of {colonies.length} colonies have a Cook’s distance above 4/n ={' '}
        {cutoff.toPrecision(4)}
        {flaggedCount > 0 ? '; the type II ANOVA below is refitted without them.' : '.'}
      </p>
      {flagged.length > 0 && (
        <>
          <StatTable
            label={`Influential colonies: ${threshold}`}
            className="small w-auto"
            rows={flagged}
            rowKey={(colony) => colony.index}
            rowHeader={{
              header: 'Colony',
              cell: (colony) => colonyLabel(colonyKeys[colony.index] ?? String(colony.index + 1)),
            }}
            columns={[
              {
                header: 'Cook’s distance',
                numeric: true,
                cell: (colony) => colony.cooksDistance.toPrecision(4),
              },
            ]}
          />
          <AnovaTable
            result={refit}
            label={`Type II ANOVA without the influential colonies: ${threshold}`}
          />
        </>
      )}
    </>
  );
}

/**
 * Thermal tolerance relative to the local maximum monthly mean (decision 0061): each site's MMM
 * with its colonies' mean ED and mean ED − MMM, lm(ED ~ MMM) over the colonies and over the
 * sites (one point per site: its mean ED), and each colony's ED − MMM.
 */
export function MmmTables({
  mmm,
  threshold,
  column = 'Site',
  colonyLabel = same,
}: {
  mmm: KindMmmAnalyses;
  threshold: string;
  /** The column the MMM was given per (Site, usually). */
  column?: string;
  colonyLabel?: LabelOf;
}) {
  const regressions = [
    { name: 'Over the colonies', points: 'colonies', result: mmm.colonies },
    { name: `Over the ${column.toLowerCase()} means`, points: 'sites', result: mmm.sites },
  ];
  return (
    <>
      {mmm.missing.length > 0 && (
        <Reason>{`No MMM for ${mmm.missing.join(', ')}: their colonies are left out.`}</Reason>
      )}
      <StatTable
        label={`${threshold} − MMM by ${column}`}
        className="small w-auto"
        rows={mmm.sitePoints}
        rowKey={(point) => `${point.site}\u0000${point.mmm}`}
        rowHeader={{ header: column, cell: (point) => point.site }}
        columns={[
          { header: 'MMM, °C', numeric: true, cell: (point) => celsius2(point.mmm) },
          { header: 'Colonies', numeric: true, cell: (point) => point.n },
          { header: `Mean ${threshold}, °C`, numeric: true, cell: (point) => celsius2(point.ed) },
          {
            header: `Mean ${threshold} − MMM, °C`,
            numeric: true,
            cell: (point) => celsius2(point.ed - point.mmm),
          },
        ]}
      />
      <p className="small text-body-secondary">
        The regression <code>lm({threshold} ~ MMM)</code> as R’s <code>summary()</code> gives it:
        the slope is the change of {threshold} per °C of MMM.
      </p>
      <StatTable
        label={`Regression of ${threshold} on MMM`}
        rows={regressions}
        rowKey={(row) => row.points}
        rowHeader={{ header: 'Points', cell: (row) => row.name }}
        spanning={({ result }) => (result.regression === null ? result.reason : null)}
        columns={[
          { header: 'n', numeric: true, cell: ({ result }) => result.regression!.n },
          {
            header: 'Slope',
            numeric: true,
            cell: ({ result }) => statistic(result.regression!.slope.estimate),
          },
          {
            header: 'SE',
            numeric: true,
            cell: ({ result }) => statistic(result.regression!.slope.se),
          },
          {
            header: 't',
            numeric: true,
            cell: ({ result }) => statistic(result.regression!.slope.t),
          },
          { header: 'p', numeric: true, cell: ({ result }) => pValue(result.regression!.slope.p) },
          {
            header: 'Intercept, °C',
            numeric: true,
            cell: ({ result }) => celsius2(result.regression!.intercept.estimate),
          },
          {
            header: 'R²',
            numeric: true,
            cell: ({ result }) => statistic(result.regression!.rSquared),
          },
          {
            header: 'Mean ED − MMM, °C',
            numeric: true,
            cell: ({ result }) => celsius2(result.regression!.meanRelative),
          },
        ]}
      />
      <details className="small mb-2">
        <summary>
          {threshold} − MMM of each colony ({mmm.relative.length})
        </summary>
        <StatTable
          label={`${threshold} − MMM per colony`}
          className="small w-auto"
          rows={mmm.relative}
          rowKey={(colony) => colony.key}
          rowHeader={{ header: 'Colony', cell: (colony) => colonyLabel(colony.key) }}
          columns={[
            {
              header: `${threshold} − MMM, °C`,
              numeric: true,
              cell: (colony) => celsius2(colony.value),
            },
          ]}
        />
      </details>
    </>
  );
}
