import type { EdGroupResult } from '@coral/core/ed50';
import { useId } from 'react';
import {
  BottomAxis,
  Chart,
  LeftAxis,
  linearScale,
  linePath,
  ticks,
  type LinearScale,
  EdMarker,
} from '@/components/charts';
import type { GroupPoints } from '../worker/protocol';
import { ED_KINDS, celsius } from '../utils/ed-display';

/** Colours of the plot's parts; each ED line takes its kind's colour from the registry. */
export const CURVE_COLORS = {
  curve: '#0b5f73',
  band: '#3fa7b8',
  points: '#495057',
} as const;

/**
 * Colours of the genotypes' own curves: Okabe–Ito and Tol's dark colours, each at least 3:1
 * against white; after ten genotypes the colours repeat with another dash pattern.
 */
export const GENOTYPE_COLORS = [
  '#0072B2',
  '#D55E00',
  '#009E73',
  '#CC79A7',
  '#7a5c00',
  '#882255',
  '#332288',
  '#117733',
  '#AA4499',
  '#44546a',
] as const;
const GENOTYPE_DASHES = [undefined, '6 3', '2 2', '8 3 2 3'] as const;

/** How the curve of the `index`th genotype of a group is drawn. */
export function genotypeStyle(index: number): { color: string; dash: string | undefined } {
  return {
    color: GENOTYPE_COLORS[index % GENOTYPE_COLORS.length]!,
    dash: GENOTYPE_DASHES[Math.floor(index / GENOTYPE_COLORS.length) % GENOTYPE_DASHES.length],
  };
}

const HEIGHT = 300;
const MARGIN = { top: 34, right: 16, bottom: 52, left: 60 };
/** The genotype legend under the plot, part of the image so that a saved file keeps it. */
const LEGEND_ROW = 16;
const LEGEND_SWATCH = 22;
const LEGEND_CHAR = 6.6;

/** Each genotype's own curve in a plot (from the group's joint fit, or its own fit per colony). */
export interface GenotypeCurves {
  temperature: readonly number[];
  curves: readonly { genotype: string; values: readonly number[] }[];
}

export interface CurveDomains {
  temperature: [number, number];
  response: [number, number];
}

/** Grouping values as the figure names a group: "Zugspitze · Nursery · Acropora germania · 420". */
export const groupLabel = (group: EdGroupResult, grouping: readonly string[]) =>
  grouping.map((column) => group.groupValues[column] ?? '').join(' · ');

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

/** Legend entries placed left to right, wrapping onto new rows at the plot's right edge. */
function legendLayout(genotypes: readonly string[], left: number, right: number, top: number) {
  const heading = 'Genotypes:';
  // The heading is bold: wider letters than the entries' (an estimate; SVG text is not measured).
  const firstX = left + heading.length * LEGEND_CHAR * 1.15 + 10;
  let x = firstX;
  let row = 0;
  const items = genotypes.map((genotype, index) => {
    const width = LEGEND_SWATCH + 4 + genotype.length * LEGEND_CHAR + 12;
    if (x + width > right && x > firstX) {
      row += 1;
      x = left;
    }
    const item = { genotype, index, x, y: top + row * LEGEND_ROW };
    x += width;
    return item;
  });
  return { heading, items, height: genotypes.length > 0 ? (row + 1) * LEGEND_ROW + 8 : 0 };
}

function describe(
  group: EdGroupResult,
  points: GroupPoints,
  title: string,
  genotypeCurves: GenotypeCurves | null,
): string {
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
  if (genotypeCurves) {
    const genotypes = genotypeCurves.curves.map((curve) => curve.genotype);
    parts.push(
      genotypes.length > 0
        ? `Thin lines: the fitted curve of each genotype (${genotypes.join(', ')}).`
        : 'No genotype has a fitted curve.',
    );
  }
  return parts.join(' ');
}

/**
 * One group as CBASSED50's plot_model_curve draws it: the raw PAM values, the pooled LL.3 curve
 * with its 95 % confidence band, and dashed lines at the group means of the colony ED5, ED50 and
 * ED95. With `genotypeCurves`, also each genotype's own fitted curve, with a legend under the
 * plot.
 */
export function GroupCurvePlot({
  group,
  points,
  title,
  domains,
  width,
  genotypeCurves = null,
}: {
  group: EdGroupResult;
  points: GroupPoints;
  title: string;
  domains: CurveDomains;
  width: number;
  /** Null: the genotypes' curves are not shown. */
  genotypeCurves?: GenotypeCurves | null;
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
  const legend = genotypeCurves
    ? legendLayout(
        genotypeCurves.curves.map((curve) => curve.genotype),
        MARGIN.left,
        plotRight,
        HEIGHT + 4,
      )
    : null;
  return (
    <Chart
      title={title}
      description={describe(group, points, title, genotypeCurves)}
      width={width}
      height={HEIGHT + (legend?.height ?? 0)}
    >
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
      {genotypeCurves && (
        <g
          clipPath={`url(#${clipId})`}
          fill="none"
          strokeWidth={1.25}
          className="ed50-genotype-curves"
        >
          {genotypeCurves.curves.map((curve, index) => {
            const style = genotypeStyle(index);
            return (
              <path
                key={curve.genotype}
                d={linePath(genotypeCurves.temperature, curve.values, x, y)}
                stroke={style.color}
                strokeDasharray={style.dash}
              >
                <title>{`Genotype ${curve.genotype}`}</title>
              </path>
            );
          })}
        </g>
      )}
      <g fill={CURVE_COLORS.points} fillOpacity={0.7}>
        {points.temperature.map((t, i) => (
          <circle key={i} cx={x(t)} cy={y(points.pamValue[i]!)} r={3} />
        ))}
      </g>
      {curve && (
        <g clipPath={`url(#${clipId})`} fill="none">
          {genotypeCurves && (
            // A white edge keeps the pooled curve readable on top of the genotypes' curves.
            <path
              d={linePath(curve.temperature, curve.predicted, x, y)}
              stroke="#ffffff"
              strokeWidth={5}
            />
          )}
          <path
            d={linePath(curve.temperature, curve.predicted, x, y)}
            stroke={CURVE_COLORS.curve}
            strokeWidth={2.5}
          />
        </g>
      )}
      {labelled.map((line) => (
        <EdMarker
          key={line.kind}
          x={line.px}
          top={MARGIN.top}
          bottom={HEIGHT - MARGIN.bottom}
          labelY={line.labelY}
          color={line.color}
          label={line.label}
        />
      ))}
      {legend && legend.items.length > 0 && (
        <g className="ed50-genotype-legend" aria-hidden="true">
          <text x={MARGIN.left} y={HEIGHT + 4} dy="0.32em" fontWeight={600}>
            {legend.heading}
          </text>
          {legend.items.map((item) => {
            const style = genotypeStyle(item.index);
            return (
              <g key={item.genotype} transform={`translate(${item.x},${item.y})`}>
                <line
                  x2={LEGEND_SWATCH}
                  stroke={style.color}
                  strokeWidth={2}
                  strokeDasharray={style.dash}
                />
                <text x={LEGEND_SWATCH + 4} dy="0.32em">
                  {item.genotype}
                </text>
              </g>
            );
          })}
        </g>
      )}
    </Chart>
  );
}
