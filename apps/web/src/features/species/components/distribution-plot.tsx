import type { TValueDistribution } from '@coral/core';
import {
  BottomAxis,
  BoxAndStrip,
  Chart,
  linearScale,
  niceDomain,
  ticks,
  useElementWidth,
} from '@/components/charts';

/** One row of a plot: a site or a condition, and its values (null: none to plot). */
export interface PlotRow {
  key: string;
  label: string;
  distribution: TValueDistribution | null;
}

const MARGIN = { top: 6, right: 16, bottom: 52, left: 16 };
const ROW_HEIGHT = 48;
/** Okabe–Ito blue: at least 3:1 against white, distinguishable with colour-vision deficiencies. */
const COLOR = '#0072B2';

const celsius = (value: number) => `${value.toFixed(2)} °C`;

/** What the plot shows in words (the table beside it holds every number). */
function describe(rows: readonly PlotRow[], measure: string): string {
  return (
    rows
      .map(({ label, distribution: d }) =>
        d
          ? `${label}: ${d.n} values, ${measure} from ${celsius(d.min)} to ${celsius(d.max)}, median ${celsius(d.median)}.`
          : `${label}: no value.`,
      )
      .join(' ') + ' The table beside the plot lists the numbers.'
  );
}

/**
 * Box and strip plot, one row per group on a shared axis: box from the first to the third
 * quartile with the median, whiskers to the furthest value within 1.5 box lengths (Tukey, as R's
 * boxplot), a dot per value and a diamond at the mean. Drawn at the width it gets.
 */
export function DistributionPlot({
  title,
  measure,
  axisLabel,
  rows,
}: {
  title: string;
  /** The measure in words, for the text alternative ("ED50", "ED50 − MMM"). */
  measure: string;
  axisLabel: string;
  rows: readonly PlotRow[];
}) {
  const [measureRef, width] = useElementWidth<HTMLDivElement>(480);
  const all = rows.flatMap((row) => row.distribution?.values ?? []);
  const domain = niceDomain(Math.min(...all), Math.max(...all), 5);
  const right = Math.max(MARGIN.left + 100, width - MARGIN.right);
  const x = linearScale(domain, [MARGIN.left, right]);
  const height = MARGIN.top + rows.length * ROW_HEIGHT + MARGIN.bottom;
  return (
    <div ref={measureRef}>
      <Chart title={title} description={describe(rows, measure)} width={width} height={height}>
        <BottomAxis
          scale={x}
          values={ticks(...domain, Math.max(2, Math.floor((right - MARGIN.left) / 70)))}
          y={height - MARGIN.bottom}
          label={axisLabel}
        />
        {rows.map((row, index) => {
          const top = MARGIN.top + index * ROW_HEIGHT;
          const mid = top + 30;
          const d = row.distribution;
          return (
            <g key={row.key}>
              <text x={MARGIN.left} y={top + 12} className="species-plot-label">
                {row.label}
                <tspan fill="#495057">{d ? ` · n = ${d.n}` : ' · no value'}</tspan>
              </text>
              {d && (
                <>
                  <BoxAndStrip
                    x={x}
                    mid={mid}
                    box={{
                      lowerWhisker: d.lower_whisker,
                      q1: d.q1,
                      median: d.median,
                      q3: d.q3,
                      upperWhisker: d.upper_whisker,
                      mean: d.mean,
                    }}
                    values={d.values}
                    color={COLOR}
                    dotRadius={2.6}
                  />
                </>
              )}
            </g>
          );
        })}
      </Chart>
    </div>
  );
}
