import { useState } from 'react';
import { ChartLegend, niceDomain, useElementWidth, type LegendItem } from '@/components/charts';
import { Pager, pageBounds } from '@/components/pager';
import type { CalculatorResult } from '../worker/protocol';
import { ED_KINDS, celsius, plural } from '../utils/ed-display';
import { CURVE_COLORS, GroupCurvePlot, groupLabel, type CurveDomains } from './group-curve-plot';

export const PLOTS_PER_PAGE = 6;
/** Pixels between plots (the grid's CSS gap). */
const GRID_GAP = 16;

const LEGEND: LegendItem[] = [
  { label: 'PAM measurements', color: CURVE_COLORS.points, shape: 'dot' },
  { label: 'Pooled fitted curve (LL.3)', color: CURVE_COLORS.curve, shape: 'line' },
  { label: '95 % confidence band', color: CURVE_COLORS.band, shape: 'band' },
  ...ED_KINDS.map((kind): LegendItem => ({
    label: `Mean ${kind.edLabel}`,
    color: kind.color,
    shape: 'dashed',
  })),
];

/**
 * The same axes for every group, so curves can be compared at a glance. Like ggplot in
 * CBASSED50's plot, the response axis makes room for the confidence band, also below 0 (drc's
 * delta-method band is symmetric); a band far wider than the data is cut at the plot's edge.
 */
export function sharedDomains(result: CalculatorResult): CurveDomains {
  let low = Infinity;
  let high = -Infinity;
  let top = 0;
  let bandLow = 0;
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
      for (const value of group.curve.lower) {
        if (Number.isFinite(value)) bandLow = Math.min(bandLow, value);
      }
      for (const value of group.curve.upper) {
        if (Number.isFinite(value)) bandHigh = Math.max(bandHigh, value);
      }
    }
  }
  if (!Number.isFinite(low)) return { temperature: [25, 40], response: [0, 1] };
  const span = top > 0 ? top : 1;
  return {
    temperature: [low, high],
    response: niceDomain(
      Math.max(bandLow, -0.5 * span),
      Math.max(span, Math.min(bandHigh, 1.5 * span)),
      5,
    ),
  };
}

/** One plot per group (paged when there are many), each with its mean ED values in words. */
export function GroupCurves({ result }: { result: CalculatorResult }) {
  const [page, setPage] = useState(0);
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
      <ChartLegend items={LEGEND} label="Legend of the curve plots" />
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
              <GroupCurvePlot
                group={group}
                points={result.points[index]!}
                title={title}
                domains={domains}
                width={plotWidth}
              />
              <figcaption className="small">
                <span className="fw-semibold">{title}</span> —{' '}
                {plural(group.colonies.length, 'colony', 'colonies')}
                {means.length > 0 ? `; mean ${means.join(', ')}` : ''}
                {!group.curve && group.curveError ? `. No pooled curve: ${group.curveError}` : ''}
              </figcaption>
            </figure>
          );
        })}
      </div>
    </>
  );
}
