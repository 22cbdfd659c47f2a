import type { AnovaResult, FTestResult, KindAnalyses } from '@coral/core/analysis';
import { ScrollableTable } from '@/components/scrollable-table';
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
    <ScrollableTable label={`Group tests: ${threshold}`} size="sm" bordered className="small">
      <thead>
        <tr>
          <th scope="col">Test</th>
          <th scope="col" className="text-end">
            F
          </th>
          <th scope="col" className="text-end">
            df
          </th>
          <th scope="col" className="text-end">
            Residual df
          </th>
          <th scope="col" className="text-end">
            p
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ name, r, result }) => (
          <tr key={name}>
            <th scope="row" className="fw-normal">
              {name} <span className="text-body-secondary">({r})</span>
            </th>
            {result.test === null ? (
              <td colSpan={4}>{result.reason}</td>
            ) : (
              <>
                <td className="text-end">{statistic(result.test.f)}</td>
                <td className="text-end">{degrees(result.test.df1)}</td>
                <td className="text-end">{degrees(result.test.df2)}</td>
                <td className="text-end">{pValue(result.test.p)}</td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
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
      <ScrollableTable
        label={`Compact letters (Wilcoxon, ${method}): ${threshold}`}
        size="sm"
        bordered
        className="small w-auto"
      >
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">Letters</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group}>
              <th scope="row" className="fw-normal">
                {groupLabel(group)}
              </th>
              <td className="font-monospace">{letters[group]}</td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
      <ScrollableTable
        label={`Pairwise Wilcoxon tests (${method}): ${threshold}`}
        size="sm"
        bordered
        className="small"
      >
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">against</th>
            <th scope="col" className="text-end">
              W
            </th>
            <th scope="col" className="text-end">
              p
            </th>
            <th scope="col" className="text-end">
              Adjusted p ({method})
            </th>
            <th scope="col">p by</th>
          </tr>
        </thead>
        <tbody>
          {pairs.map((pair) => (
            <tr key={`${pair.group}\u0000${pair.reference}`}>
              <th scope="row" className="fw-normal">
                {groupLabel(pair.group)}
              </th>
              <td>{groupLabel(pair.reference)}</td>
              <td className="text-end">{statistic(pair.w)}</td>
              <td className="text-end">{pValue(pair.p)}</td>
              <td className="text-end">{pValue(pair.pAdjusted)}</td>
              <td>{pair.exact ? 'exact' : 'normal approximation'}</td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
    </>
  );
}

/** One of car's Anova tables (type II, type III, or the refit without influential colonies). */
export function AnovaTable({ result, label }: { result: AnovaResult; label: string }) {
  if (result.rows === null) return <Reason>{result.reason}</Reason>;
  return (
    <ScrollableTable label={label} size="sm" bordered className="small caption-top">
      {/* Seen as well as announced: type II and III tables look alike. */}
      <caption className="text-body fw-semibold">{label}</caption>
      <thead>
        <tr>
          <th scope="col">Term</th>
          <th scope="col" className="text-end">
            Sum of squares
          </th>
          <th scope="col" className="text-end">
            df
          </th>
          <th scope="col" className="text-end">
            F
          </th>
          <th scope="col" className="text-end">
            p
          </th>
        </tr>
      </thead>
      <tbody>
        {result.rows.map((row) => (
          <tr key={row.term}>
            <th scope="row" className="fw-normal">
              {row.term}
            </th>
            <td className="text-end">{statistic(row.sumSquares)}</td>
            <td className="text-end">{degrees(row.df)}</td>
            <td className="text-end">{statistic(row.f)}</td>
            <td className="text-end">{pValue(row.p)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
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
      <ScrollableTable
        label={`Marginal means of ${threshold} by ${factor}`}
        size="sm"
        bordered
        className="small"
      >
        <thead>
          <tr>
            <th scope="col">{factor}</th>
            <th scope="col" className="text-end">
              Mean, °C
            </th>
            <th scope="col" className="text-end">
              SE
            </th>
            <th scope="col" className="text-end">
              df
            </th>
            <th scope="col" className="text-end">
              95 % interval, °C
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.level}>
              <th scope="row" className="fw-normal">
                {row.level}
              </th>
              <td className="text-end">{celsius2(row.estimate)}</td>
              <td className="text-end">{statistic(row.se)}</td>
              <td className="text-end">{degrees(row.df)}</td>
              <td className="text-end">
                {celsius2(row.lower)} to {celsius2(row.upper)}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
      <ScrollableTable
        label={`Tukey contrasts of ${threshold} by ${factor}`}
        size="sm"
        bordered
        className="small"
      >
        <thead>
          <tr>
            <th scope="col">Contrast</th>
            <th scope="col" className="text-end">
              Estimate, °C
            </th>
            <th scope="col" className="text-end">
              SE
            </th>
            <th scope="col" className="text-end">
              df
            </th>
            <th scope="col" className="text-end">
              t ratio
            </th>
            <th scope="col" className="text-end">
              p (Tukey)
            </th>
          </tr>
        </thead>
        <tbody>
          {contrasts.map((row) => (
            <tr key={row.contrast}>
              <th scope="row" className="fw-normal">
                {row.contrast}
              </th>
              <td className="text-end">{celsius2(row.estimate)}</td>
              <td className="text-end">{statistic(row.se)}</td>
              <td className="text-end">{degrees(row.df)}</td>
              <td className="text-end">{statistic(row.tRatio)}</td>
              <td className="text-end">{pValue(row.p)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollableTable>
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
          <ScrollableTable
            label={`Influential colonies: ${threshold}`}
            size="sm"
            bordered
            className="small w-auto"
          >
            <thead>
              <tr>
                <th scope="col">Colony</th>
                <th scope="col" className="text-end">
                  Cook’s distance
                </th>
              </tr>
            </thead>
            <tbody>
              {flagged.map((colony) => (
                <tr key={colony.index}>
                  <th scope="row" className="fw-normal">
                    {colonyLabel(colonyKeys[colony.index] ?? String(colony.index + 1))}
                  </th>
                  <td className="text-end">{colony.cooksDistance.toPrecision(4)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollableTable>
          <AnovaTable
            result={refit}
            label={`Type II ANOVA without the influential colonies: ${threshold}`}
          />
        </>
      )}
    </>
  );
}
