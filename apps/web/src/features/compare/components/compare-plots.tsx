import type { ReactNode } from 'react';
import type { GroupSummary, KindMmmAnalyses } from '@coral/core/analysis';

const WIDTH = 640;
const MARGIN = { top: 12, right: 16, bottom: 36, left: 52 };

function ticks(min: number, max: number, count = 5): number[] {
  const step = (max - min) / (count - 1);
  return Array.from({ length: count }, (_, i) => min + i * step);
}

function padded(values: number[]): [number, number] {
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = max > min ? (max - min) * 0.08 : 1;
  return [min - pad, max + pad];
}

/**
 * A linear axis over the values (padded by 8 %) drawn from pixel `start` to pixel `end` (a y
 * axis runs from the bottom, so its end is above its start), and its five ticks.
 */
function linearAxis(values: number[], start: number, end: number) {
  const [min, max] = padded(values);
  return {
    min,
    max,
    at: (value: number) => start + ((value - min) / (max - min)) * (end - start),
    ticks: ticks(min, max),
  };
}

/** A plot's SVG, named by its title. */
function PlotSvg({
  height,
  id,
  title,
  children,
}: {
  height: number;
  /** Names the title (`${id}-title`) and the plot for tests (`${id}-plot`). */
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      // The drawn size, which the saved SVG and PNG take (export-chart's chartSize); on the
      // page it scales to the column's width.
      width={WIDTH}
      height={height}
      className="w-100 h-auto chart"
      role="img"
      aria-labelledby={`${id}-title`}
      data-testid={`${id}-plot`}
    >
      <title id={`${id}-title`}>{title}</title>
      {children}
    </svg>
  );
}

/**
 * Mean ± SD of ED50 per group (absolute or relative to the MMM), with the groups' compact letters
 * (decision 0067); one row per group so long names stay readable on a phone.
 */
export function GroupMeansPlot({
  groups,
  scale,
  letters,
}: {
  groups: GroupSummary[];
  scale: 'absolute' | 'relative';
  letters: Record<string, string> | null;
}) {
  const shown = groups.filter((group) => group[scale].ed50.mean !== null);
  if (shown.length === 0) return <p>No group has an ED50 to plot.</p>;
  const row = 26;
  const left = 200;
  const height = MARGIN.top + shown.length * row + MARGIN.bottom;
  const low = shown.map((g) => g[scale].ed50.mean! - (g[scale].ed50.sd ?? 0));
  const high = shown.map((g) => g[scale].ed50.mean! + (g[scale].ed50.sd ?? 0));
  const axis = linearAxis([...low, ...high], left, WIDTH - 40);
  const x = axis.at;
  const label = scale === 'absolute' ? 'ED50 (°C)' : 'ED50 − MMM (°C)';
  return (
    <PlotSvg
      height={height}
      id="compare-means"
      title={`${label} by group: mean ± SD, with compact letters`}
    >
      {axis.ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={x(tick)}
            x2={x(tick)}
            y1={MARGIN.top}
            y2={height - MARGIN.bottom}
            stroke="#dee2e6"
          />
          <text x={x(tick)} y={height - MARGIN.bottom + 16} fontSize="11" textAnchor="middle">
            {tick.toFixed(1)}
          </text>
        </g>
      ))}
      <text x={(left + WIDTH) / 2} y={height - 4} fontSize="12" textAnchor="middle">
        {label}
      </text>
      {shown.map((group, i) => {
        const y = MARGIN.top + i * row + row / 2;
        const { mean, sd } = group[scale].ed50;
        const name = group.name.length > 30 ? `${group.name.slice(0, 29)}…` : group.name;
        return (
          <g key={group.name}>
            <text x={left - 8} y={y + 4} fontSize="12" textAnchor="end">
              {name}
            </text>
            {sd !== null && (
              <line x1={x(mean! - sd)} x2={x(mean! + sd)} y1={y} y2={y} stroke="#495057" />
            )}
            <circle cx={x(mean!)} cy={y} r={4.5} fill="#0b5ed7" />
            {letters?.[group.name] && (
              <text x={WIDTH - 30} y={y + 4} fontSize="12" fontWeight="bold">
                {letters[group.name]}
              </text>
            )}
          </g>
        );
      })}
    </PlotSvg>
  );
}

/** The sites' mean ED50 at their MMM with lm(ED50 ~ MMM)'s line over the sites. */
export function MmmRegressionPlot({ mmm }: { mmm: KindMmmAnalyses }) {
  const points = mmm.sitePoints;
  if (points.length === 0) return <p>No site has an MMM: no regression on MMM.</p>;
  const height = 300;
  const xAxis = linearAxis(
    points.map((p) => p.mmm),
    MARGIN.left,
    WIDTH - MARGIN.right,
  );
  const yAxis = linearAxis(
    points.map((p) => p.ed),
    height - MARGIN.bottom,
    MARGIN.top,
  );
  const { min: xMin, max: xMax, at: x } = xAxis;
  const y = yAxis.at;
  const regression = mmm.sites.regression;
  return (
    <PlotSvg
      height={height}
      id="compare-mmm"
      title="Mean ED50 of each site against its maximum monthly mean, with the regression line"
    >
      {xAxis.ticks.map((tick) => (
        <text
          key={tick}
          x={x(tick)}
          y={height - MARGIN.bottom + 16}
          fontSize="11"
          textAnchor="middle"
        >
          {tick.toFixed(1)}
        </text>
      ))}
      {yAxis.ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={MARGIN.left}
            x2={WIDTH - MARGIN.right}
            y1={y(tick)}
            y2={y(tick)}
            stroke="#dee2e6"
          />
          <text x={MARGIN.left - 6} y={y(tick) + 4} fontSize="11" textAnchor="end">
            {tick.toFixed(1)}
          </text>
        </g>
      ))}
      <text x={(MARGIN.left + WIDTH) / 2} y={height - 4} fontSize="12" textAnchor="middle">
        MMM (°C)
      </text>
      <text
        x={14}
        y={height / 2}
        fontSize="12"
        textAnchor="middle"
        transform={`rotate(-90 14 ${height / 2})`}
      >
        Mean ED50 (°C)
      </text>
      {regression && (
        <line
          x1={x(xMin)}
          x2={x(xMax)}
          y1={y(regression.intercept.estimate + regression.slope.estimate * xMin)}
          y2={y(regression.intercept.estimate + regression.slope.estimate * xMax)}
          stroke="#d63384"
          strokeWidth={2}
        />
      )}
      {points.map((point) => (
        <circle
          key={`${point.site} ${point.mmm}`}
          cx={x(point.mmm)}
          cy={y(point.ed)}
          r={5}
          fill="#0b5ed7"
        >
          <title>{`${point.site}: MMM ${point.mmm.toFixed(2)} °C, mean ED50 ${point.ed.toFixed(2)} °C (n = ${point.n})`}</title>
        </circle>
      ))}
    </PlotSvg>
  );
}
