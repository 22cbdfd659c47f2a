import Form from 'react-bootstrap/Form';
import { useState } from 'react';
import {
  ChartDownloads,
  ChartLegend,
  niceDomain,
  useElementWidth,
  type LegendItem,
} from '@/components/charts';
import { Pager, pageBounds } from '@/components/pager';
import type { CalculatorResult } from '../worker/protocol';
import { ED_KINDS, celsius, plural } from '../utils/ed-display';
import {
  CURVE_COLORS,
  GENOTYPE_COLORS,
  GroupCurvePlot,
  groupLabel,
  type CurveDomains,
  type GenotypeCurves,
} from './group-curve-plot';

export const PLOTS_PER_PAGE = 6;
export const SHOW_GENOTYPES_LABEL = "Show each genotype's curve";
/** Pixels between plots (the grid's CSS gap). */
const GRID_GAP = 16;

const LEGEND: LegendItem[] = [
  { label: 'PAM measurements', color: CURVE_COLORS.points, shape: 'dot' },
  { label: 'Pooled fitted curve (always LL.3)', color: CURVE_COLORS.curve, shape: 'line' },
  { label: '95 % confidence band', color: CURVE_COLORS.band, shape: 'band' },
  ...ED_KINDS.map((kind): LegendItem => ({
    label: `Mean ${kind.edLabel}`,
    color: kind.color,
    shape: 'dashed',
  })),
];

const GENOTYPE_LEGEND: LegendItem = {
  label: 'A genotype’s fitted curve (one colour each)',
  color: GENOTYPE_COLORS[0],
  shape: 'line',
};

/**
 * The same axes for every group, so curves can be compared at a glance. The response axis starts
 * at 0: Fv/Fm is never negative, so drc's symmetric delta-method band is cut at 0 instead of
 * pushing the axis below it (decision 0004). Its top comes from the data and makes room for the band,
 * up to 1.5 × the highest value (a runaway band is cut at the plot's edge).
 */
export function sharedDomains(result: CalculatorResult): CurveDomains {
  let low = Infinity;
  let high = -Infinity;
  let top = 0;
  let bandHigh = 0;
  for (const [i, group] of result.computation.groups.entries()) {
    const points = result.points[i]!;
    for (const t of points.temperature) {
      low = Math.min(low, t);
      high = Math.max(high, t);
    }
    for (const value of points.pamValue) top = Math.max(top, value);
    if (group.curve) {
      low = Math.min(low, group.curve.temperature[0]!);
      high = Math.max(high, group.curve.temperature.at(-1)!);
      for (const value of group.curve.predicted) {
        if (Number.isFinite(value)) top = Math.max(top, value);
      }
      for (const value of group.curve.upper) {
        if (Number.isFinite(value)) bandHigh = Math.max(bandHigh, value);
      }
    }
  }
  if (!Number.isFinite(low)) return { temperature: [25, 40], response: [0, 1] };
  const span = top > 0 ? top : 1;
  const [, niceTop] = niceDomain(0, Math.max(span, Math.min(bandHigh, 1.5 * span)), 5);
  return { temperature: [low, high], response: [0, niceTop] };
}

/** The fitted colonies' own curves of group `index`, named by genotype. */
export function genotypeCurvesOf(result: CalculatorResult, index: number): GenotypeCurves {
  const group = result.computation.groups[index]!;
  const values = result.colonyCurves.values[index] ?? [];
  return {
    temperature: result.colonyCurves.temperature,
    curves: group.colonies.flatMap((colony, i) => {
      const curve = values[i];
      return curve ? [{ genotype: colony.genotype, values: curve }] : [];
    }),
  };
}

/** One plot per group (paged when there are many), each with its mean ED values in words. */
export function GroupCurves({ result }: { result: CalculatorResult }) {
  const [page, setPage] = useState(0);
  const [showGenotypes, setShowGenotypes] = useState(false);
  const [measure, width] = useElementWidth<HTMLDivElement>();
  const { computation } = result;
  const domains = sharedDomains(result);
  const bounds = pageBounds(computation.groups.length, page, PLOTS_PER_PAGE);
  const columns = width >= 900 ? 2 : 1;
  const plotWidth = Math.floor((width - (columns - 1) * GRID_GAP) / columns);
  return (
    <>
      <h3 className="h5 mt-4">Curves by group</h3>
      <p className="small text-body-secondary">
        Each plot shows a group’s measurements and the curve fitted through all of them (as
        CBASSED50’s plot_model_curve draws it). The dashed lines are the group means of the colony
        values in the tables.
      </p>
      <Form.Check
        id="ed50-show-genotype-curves"
        type="checkbox"
        className="mb-2"
        label={SHOW_GENOTYPES_LABEL}
        checked={showGenotypes}
        onChange={(event) => setShowGenotypes(event.currentTarget.checked)}
      />
      {showGenotypes && (
        <p className="small text-body-secondary">
          The thin lines are each genotype’s (colony’s) own curve
          {result.computation.fit === 'joint' ? ' from the group’s joint fit' : ', fitted alone'},
          the curves behind the ED values in the tables; the legend under each plot names them.
        </p>
      )}
      <ChartLegend
        items={showGenotypes ? [...LEGEND, GENOTYPE_LEGEND] : LEGEND}
        label="Legend of the curve plots"
      />
      {bounds.pageCount > 1 && (
        <Pager
          page={bounds.page}
          pageCount={bounds.pageCount}
          onPageChange={setPage}
          label="Pages of the curve plots"
        />
      )}
      <div
        ref={measure}
        className="ed50-plot-grid mt-2"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: GRID_GAP }}
      >
        {computation.groups.slice(bounds.start, bounds.end).map((group, offset) => {
          const index = bounds.start + offset;
          const title = groupLabel(group, computation.grouping);
          const means = ED_KINDS.filter((kind) => group.edLines[kind.kind] !== null).map(
            (kind) => `${kind.edLabel} ${celsius(group.edLines[kind.kind]!)}`,
          );
          return (
            <figure key={index} className="mb-0">
              {/* Above its plot: under it, in a grid, it would read as the next plot's title. */}
              <figcaption className="small mb-1">
                <span className="fw-semibold">{title}</span> —{' '}
                {plural(group.colonies.length, 'colony', 'colonies')}
                {means.length > 0 ? `; mean ${means.join(', ')}` : ''}
                {!group.curve && group.curveError ? `. No pooled curve: ${group.curveError}` : ''}
              </figcaption>
              <ChartDownloads title={title}>
                <GroupCurvePlot
                  group={group}
                  points={result.points[index]!}
                  title={title}
                  domains={domains}
                  width={plotWidth}
                  genotypeCurves={showGenotypes ? genotypeCurvesOf(result, index) : null}
                />
              </ChartDownloads>
            </figure>
          );
        })}
      </div>
    </>
  );
}
