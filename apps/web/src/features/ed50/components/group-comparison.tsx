import { formatPValue, type TukeyPair } from '@coral/core/ed50';
import type { ThresholdKind } from '@coral/core';
import Button from 'react-bootstrap/Button';
import { useState } from 'react';
import { StatTable } from '@/components/stat-table';
import { ThresholdSelect } from '@/components/threshold-select';
import { saveFile } from '@/lib/save-file';
import type { CalculatorResult } from '../worker/protocol';
import { ED_KINDS } from '../utils/ed-display';

export const POOLED_HEADING = 'Pooled EDs by group';
export const COMPARISON_HEADING = 'Groups compared (Tukey HSD)';
export const POOLED_FILE_NAME = 'Pooled_EDs.csv';
export const COMPARISON_FILE_NAME = 'Group_comparison.csv';

/** 2 decimals, without R's and JavaScript's "-0.00" for a difference that rounds to 0. */
const fixed2 = (x: number) => (Math.abs(x) < 0.005 ? 0 : x).toFixed(2);
const csvBlob = (text: string) => new Blob([text], { type: 'text/csv;charset=utf-8' });
const groupLabel = (values: Readonly<Record<string, string>>, grouping: readonly string[]) =>
  grouping.map((column) => values[column] ?? '').join(' · ');

/**
 * What published CBASS studies report beside the colonies' EDs: each group's pooled EDs (one
 * LL.3 curve through all its rows, with drc's delta-method 95 % intervals) and the groups'
 * mean EDs compared pairwise by Tukey's HSD, as R's TukeyHSD(aov(ED ~ group)).
 */
export function GroupComparison({ result }: { result: CalculatorResult }) {
  const { computation, summaryOrder } = result;
  const groups = summaryOrder.map((index) => computation.groups[index]!);
  const hasPooled = groups.some((group) => group.curve !== null);
  return (
    <>
      {hasPooled && (
        <>
          <h3 className="h5 mt-4" id="ed50-pooled-heading">
            {POOLED_HEADING}
          </h3>
          <p className="small text-body-secondary">
            One LL.3 curve through all the rows of a group (the curve drawn in the group plots), its
            ED values and their 95 % intervals by drc’s delta method, as{' '}
            <code>ED(fit, c(5, 50, 95), interval = "delta")</code> gives them. They describe the
            group as one population; the summary above averages the colonies’ own values.
          </p>
          <StatTable
            label={POOLED_HEADING}
            rows={groups}
            rowKey={(group) => group.groupingProperty}
            rowHeader={{
              header: 'Group',
              cell: (group) => groupLabel(group.groupValues, computation.grouping),
            }}
            columns={ED_KINDS.map(({ kind, edLabel }) => ({
              header: `${edLabel} (95 % interval), °C`,
              numeric: true,
              cell: (group: (typeof groups)[number]) => {
                const ed = group.curve?.eds[kind];
                if (!ed) return 'Not fitted';
                const interval = ed.interval
                  ? ` (${ed.interval.lower.toFixed(2)}–${ed.interval.upper.toFixed(2)})`
                  : '';
                return `${ed.value.toFixed(2)}${interval}`;
              },
            }))}
          />
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() => saveFile(csvBlob(result.pooledCsv), POOLED_FILE_NAME)}
          >
            Download {POOLED_FILE_NAME}
          </Button>
        </>
      )}
      <Comparison result={result} />
    </>
  );
}

function Comparison({ result }: { result: CalculatorResult }) {
  const [kind, setKind] = useState<ThresholdKind>('ed50');
  const { comparison, reason } = result.comparisons[kind];
  const label = ED_KINDS.find((info) => info.kind === kind)!.edLabel;
  const names = new Map(
    result.computation.groups.map((group) => [
      group.groupingProperty,
      groupLabel(group.groupValues, result.computation.grouping),
    ]),
  );
  const nameOf = (property: string) => names.get(property) ?? property;
  return (
    <>
      <h3 className="h5 mt-4" id="ed50-comparison-heading">
        {COMPARISON_HEADING}
      </h3>
      <p className="small text-body-secondary">
        Every pair of groups: the difference of their mean colony values, its 95 % interval and p
        value adjusted for all pairs, by Tukey’s honest significant differences on a one-way ANOVA,
        as R’s <code>TukeyHSD(aov(ED50 ~ group))</code> (Tukey–Kramer for groups of different
        sizes). An interval that excludes 0 means the two groups differ at the 5 % level.
      </p>
      <ThresholdSelect label="Threshold" value={kind} onChange={setKind} />
      {comparison === null ? (
        <p>{reason}</p>
      ) : (
        <>
          <p className="small">
            {comparison.groups.length} groups, {comparison.dfResidual} residual degrees of freedom,
            residual mean square {comparison.meanSquareError.toFixed(4)} °C², critical studentized
            range {comparison.criticalValue.toFixed(3)}.
          </p>
          <StatTable
            label={`${COMPARISON_HEADING}: ${label}`}
            rows={comparison.pairs}
            rowKey={(pair) => `${pair.group}\u0000${pair.reference}`}
            rowHeader={{ header: 'Group', cell: (pair) => nameOf(pair.group) }}
            columns={[
              { header: 'minus', cell: (pair) => nameOf(pair.reference) },
              { header: 'Difference, °C', numeric: true, cell: (pair) => fixed2(pair.difference) },
              {
                header: '95 % interval, °C',
                numeric: true,
                cell: (pair) => `${fixed2(pair.lower)} to ${fixed2(pair.upper)}`,
              },
              {
                header: 'Adjusted p',
                numeric: true,
                cell: (pair) => formatPValue(pair.pAdjusted),
              },
            ]}
          />
          <DifferencePlot pairs={comparison.pairs} label={label} nameOf={nameOf} />
        </>
      )}
      <Button
        variant="outline-primary"
        size="sm"
        className="mt-2"
        onClick={() => saveFile(csvBlob(result.comparisonCsv), COMPARISON_FILE_NAME)}
      >
        Download {COMPARISON_FILE_NAME}
      </Button>
    </>
  );
}

const ROW_HEIGHT = 20;
const PLOT_WIDTH = 960;
const LABEL_WIDTH = 560;
/** Characters of a pair's label that fit in LABEL_WIDTH at 11 px. */
const LABEL_CHARACTERS = 92;

/** R's plot(TukeyHSD(...)): each pair's difference with its interval, and the line at 0. */
function DifferencePlot({
  pairs,
  label,
  nameOf,
}: {
  pairs: readonly TukeyPair[];
  label: string;
  nameOf: (property: string) => string;
}) {
  const low = Math.min(0, ...pairs.map((pair) => pair.lower));
  const high = Math.max(0, ...pairs.map((pair) => pair.upper));
  const span = high - low || 1;
  const x = (value: number) =>
    LABEL_WIDTH + ((value - low) / span) * (PLOT_WIDTH - LABEL_WIDTH - 10);
  const height = pairs.length * ROW_HEIGHT + 30;
  return (
    <svg
      role="img"
      aria-label={`Differences of mean ${label} between groups with 95 % intervals`}
      viewBox={`0 0 ${PLOT_WIDTH} ${height}`}
      className="d-block w-100 mt-2 mb-2"
      style={{ maxWidth: PLOT_WIDTH }}
    >
      <line x1={x(0)} x2={x(0)} y1={0} y2={height - 25} stroke="#6c757d" strokeDasharray="4 3" />
      {pairs.map((pair, i) => {
        const y = i * ROW_HEIGHT + 10;
        const differs = pair.lower > 0 || pair.upper < 0;
        const colour = differs ? '#0d6efd' : '#495057';
        return (
          <g key={`${pair.group}\u0000${pair.reference}`}>
            <text x={LABEL_WIDTH - 8} y={y + 4} textAnchor="end" fontSize={11}>
              {shorten(`${nameOf(pair.group)} − ${nameOf(pair.reference)}`)}
            </text>
            <line x1={x(pair.lower)} x2={x(pair.upper)} y1={y} y2={y} stroke={colour} />
            <circle cx={x(pair.difference)} cy={y} r={3} fill={colour} />
          </g>
        );
      })}
      <text x={x(low)} y={height - 8} fontSize={11}>
        {fixed2(low)}
      </text>
      <text x={x(high)} y={height - 8} fontSize={11} textAnchor="end">
        {fixed2(high)}
      </text>
      <text x={(x(low) + x(high)) / 2} y={height - 8} fontSize={11} textAnchor="middle">
        Difference of mean {label} (°C)
      </text>
    </svg>
  );
}

const shorten = (label: string) =>
  label.length <= LABEL_CHARACTERS ? label : `${label.slice(0, LABEL_CHARACTERS - 1)}…`;
