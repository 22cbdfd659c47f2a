import type { EdGroupResult } from '@coral/core/ed50';
import { useId } from 'react';
import {
  BottomAxis,
  Chart,
  LeftAxis,
  linearScale,
  ticks,
  type LinearScale,
} from '@/components/charts';
import type { GroupPoints } from '../worker/protocol';
import { ED_KINDS, celsius } from '../utils/ed-display';

/** Colours of the plot's parts; each ED line takes its kind's colour from the registry. */
export const CURVE_COLORS = {
  curve: '#0b5f73',
  band: '#3fa7b8',
  points: '#495057',
} as const;

const HEIGHT = 300;
const MARGIN = { top: 34, right: 16, bottom: 52, left: 60 };

export interface CurveDomains {
  temperature: [number, number];
  response: [number, number];
}

/** Grouping values as the figure names a group: "Zugspitze · Nursery · Acropora germania · 420". */
export const groupLabel = (group: EdGroupResult, grouping: readonly string[]) =>
  grouping.map((column) => group.groupValues[column] ?? '').join(' · ');

/** An SVG path through the finite points; NaN (drc's "NaNs produced") breaks the line. */
function linePath(xs: readonly number[], ys: readonly number[], x: LinearScale, y: LinearScale) {
  let path = '';
  let drawing = false;
  xs.forEach((tx, i) => {
    const value = ys[i]!;
    if (!Number.isFinite(value)) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${x(tx).toFixed(1)},${y(value).toFixed(1)}`;
    drawing = true;
  });
  return path;
}

/** The confidence band as polygons, one per run of finite lower and upper values. */
function bandPaths(
  xs: readonly number[],
  lower: readonly number[],
  upper: readonly number[],
  x: LinearScale,
  y: LinearScale,
): string[] {
  const paths: string[] = [];
  let run: number[] = [];
  const close = () => {
    if (run.length > 1) {
      const top = run.map((i) => `${x(xs[i]!).toFixed(1)},${y(upper[i]!).toFixed(1)}`);
      const bottom = run.map((i) => `${x(xs[i]!).toFixed(1)},${y(lower[i]!).toFixed(1)}`).reverse();
      paths.push(`M${[...top, ...bottom].join('L')}Z`);
    }
    run = [];
  };
  xs.forEach((_, i) => {
    if (Number.isFinite(lower[i]) && Number.isFinite(upper[i])) run.push(i);
    else close();
  });
  close();
  return paths;
}

/** Labels of lines closer than a label's width go on separate rows above the plot. */
function labelRows<T extends { px: number }>(lines: readonly T[]): (T & { labelY: number })[] {
  let previous = -Infinity;
  let row = 0;
  return lines.map((line) => {
    row = line.px - previous < 44 ? row + 1 : 0;
    previous = line.px;
    return { ...line, labelY: MARGIN.top - 20 + row * 12 };
  });
}

function describe(group: EdGroupResult, points: GroupPoints, title: string): string {
  const temperatures = [...new Set(points.temperature)].sort((a, b) => a - b);
  const parts = [
    `${title}: ${points.temperature.length} measurements of ${group.colonies.length} colonies at ${temperatures.join(', ')} °C.`,
  ];
  const curve = group.curve;
  if (curve) {
    const first = curve.predicted[0]!;
    const last = curve.predicted.at(-1)!;
    parts.push(
      `The pooled fitted curve falls from ${first.toFixed(2)} at ${curve.temperature[0]!.toFixed(1)} °C to ${last.toFixed(2)} at ${curve.temperature.at(-1)!.toFixed(1)} °C, with its 95 % confidence band.`,
    );
  } else {
    parts.push(`No pooled curve: ${group.curveError ?? 'not fitted'}.`);
  }
  const lines = ED_KINDS.filter((kind) => group.edLines[kind.kind] !== null).map(
    (kind) => `mean ${kind.edLabel} ${celsius(group.edLines[kind.kind]!)}`,
  );
  if (lines.length > 0) parts.push(`Dashed lines: ${lines.join(', ')}.`);
  return parts.join(' ');
}

/**
 * One group as CBASSED50's plot_model_curve draws it: the raw PAM values, the pooled LL.3 curve
 * with its 95 % confidence band, and dashed lines at the group means of the colony ED5, ED50 and
 * ED95.
 */
export function GroupCurvePlot({
  group,
  points,
  title,
  domains,
  width,
}: {
  group: EdGroupResult;
  points: GroupPoints;
  title: string;
  domains: CurveDomains;
  width: number;
}) {
  const plotRight = Math.max(MARGIN.left + 80, width - MARGIN.right);
  const x = linearScale(domains.temperature, [MARGIN.left, plotRight]);
  const y = linearScale(domains.response, [HEIGHT - MARGIN.bottom, MARGIN.top]);
  const xTicks = ticks(
    ...domains.temperature,
    Math.max(3, Math.floor((plotRight - MARGIN.left) / 60)),
  );
  const yTicks = ticks(...domains.response, 5);
  const curve = group.curve;
  const edLines = ED_KINDS.flatMap((kind) => {
    const value = group.edLines[kind.kind];
    return value !== null && value >= domains.temperature[0] && value <= domains.temperature[1]
      ? [{ kind: kind.kind, label: kind.edLabel, color: kind.color, value }]
      : [];
  });
  const labelled = labelRows(edLines.map((line) => ({ ...line, px: x(line.value) })));
  const clipId = `${useId()}-plot-area`;
  const plotTop = MARGIN.top;
  const plotBottom = HEIGHT - MARGIN.bottom;
  return (
    <Chart title={title} description={describe(group, points, title)} width={width} height={HEIGHT}>
      <LeftAxis scale={y} values={yTicks} x={MARGIN.left} gridTo={plotRight} label="PAM (Fv/Fm)" />
      <BottomAxis scale={x} values={xTicks} y={HEIGHT - MARGIN.bottom} label="Temperature (°C)" />
      <clipPath id={clipId}>
        <rect
          x={MARGIN.left}
          y={plotTop}
          width={plotRight - MARGIN.left}
          height={plotBottom - plotTop}
        />
      </clipPath>
      {curve && (
        <g clipPath={`url(#${clipId})`}>
          {bandPaths(curve.temperature, curve.lower, curve.upper, x, y).map((path, i) => (
            <path key={i} d={path} fill={CURVE_COLORS.band} fillOpacity={0.3} stroke="none" />
          ))}
        </g>
      )}
      <g fill={CURVE_COLORS.points} fillOpacity={0.7}>
        {points.temperature.map((t, i) => (
          <circle key={i} cx={x(t)} cy={y(points.pamValue[i]!)} r={3} />
        ))}
      </g>
      {curve && (
        <path
          clipPath={`url(#${clipId})`}
          d={linePath(curve.temperature, curve.predicted, x, y)}
          fill="none"
          stroke={CURVE_COLORS.curve}
          strokeWidth={2.5}
        />
      )}
      {labelled.map((line) => (
        <g key={line.kind}>
          <line
            x1={line.px}
            x2={line.px}
            y1={MARGIN.top}
            y2={HEIGHT - MARGIN.bottom}
            stroke={line.color}
            strokeWidth={1.5}
            strokeDasharray="5 4"
          />
          <text x={line.px} y={line.labelY} textAnchor="middle" fill={line.color} fontWeight={600}>
            {line.label}
          </text>
        </g>
      ))}
    </Chart>
  );
}
