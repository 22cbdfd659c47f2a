import type { EdComputation } from '@coral/core/ed50';
import {
  BottomAxis,
  BoxAndStrip,
  Chart,
  ChartDownloads,
  ChartLegend,
  boxStatistics,
  linearScale,
  niceDomain,
  ticks,
  useElementWidth,
  type BoxStatistics,
  type LegendItem,
} from '@/components/charts';
import { ScrollableTable } from '@/components/scrollable-table';
import { celsius } from '../utils/ed-display';

/**
 * Okabe–Ito colours (distinguishable with colour-vision deficiencies; the light ones replaced),
 * each at least 3:1 against white, one per condition.
 */
export const CONDITION_COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#7a5c00', '#882255'];

export interface DistributionRow {
  /** The site (facet) when the colonies come from more than one site. */
  facet: string | null;
  label: string;
  condition: string;
  values: number[];
  statistics: BoxStatistics;
}

/**
 * Colony ED50s by species and condition (CBASSED50's plot_ED50_box: boxes by species, coloured
 * by condition, one panel per site). Colonies without an estimable ED50 are left out.
 */
export function distributionRows(computation: EdComputation): DistributionRow[] {
  const has = (column: string) => computation.grouping.includes(column);
  const sites = new Set(computation.colonies.map((c) => c.groupValues.Site ?? ''));
  const facetBySite = has('Site') && sites.size > 1;
  const rows = new Map<string, Omit<DistributionRow, 'statistics'>>();
  for (const colony of computation.colonies) {
    const value = colony.ed50.rounded;
    if (value === null) continue;
    const facet = facetBySite ? (colony.groupValues.Site ?? '') : null;
    const species = has('Species') ? (colony.groupValues.Species ?? '') : 'All species';
    const condition = has('Condition') ? (colony.groupValues.Condition ?? '') : 'All conditions';
    const key = JSON.stringify([facet, species, condition]);
    let row = rows.get(key);
    if (!row) {
      row = { facet, label: species, condition, values: [] };
      rows.set(key, row);
    }
    row.values.push(value);
  }
  const collator = new Intl.Collator('en');
  return [...rows.values()]
    .map((row) => ({ ...row, statistics: boxStatistics(row.values)! }))
    .sort(
      (a, b) =>
        collator.compare(a.facet ?? '', b.facet ?? '') ||
        collator.compare(a.label, b.label) ||
        collator.compare(a.condition, b.condition),
    );
}

const DISTRIBUTION_TITLE = 'Distribution of colony ED50s by species and condition';
const MARGIN = { top: 8, right: 20, bottom: 52, left: 20 };
const FACET_HEIGHT = 26;
const ROW_HEIGHT = 50;

/** Each row's top, with a heading line before each new facet. */
function layoutRows(rows: readonly DistributionRow[]) {
  let y = MARGIN.top;
  let facet: string | null | undefined;
  const layout = [];
  for (const row of rows) {
    const facetTitle = row.facet !== null && row.facet !== facet ? row.facet : null;
    facet = row.facet;
    if (facetTitle !== null) y += FACET_HEIGHT;
    layout.push({ row, top: y, facetTitle });
    y += ROW_HEIGHT;
  }
  return { layout, bottom: y };
}

function DistributionChart({
  rows,
  colorOf,
  width,
}: {
  rows: readonly DistributionRow[];
  colorOf: (condition: string) => string;
  width: number;
}) {
  const all = rows.flatMap((row) => row.values);
  const domain = niceDomain(Math.min(...all), Math.max(...all), 6);
  const right = Math.max(MARGIN.left + 100, width - MARGIN.right);
  const x = linearScale(domain, [MARGIN.left, right]);
  const { layout, bottom } = layoutRows(rows);
  const height = bottom + MARGIN.bottom;
  const description =
    rows
      .map(
        (row) =>
          `${row.facet ? `${row.facet}, ` : ''}${row.label}, ${row.condition}: ${row.statistics.n} colonies, ED50 from ${celsius(row.statistics.min)} to ${celsius(row.statistics.max)}, median ${celsius(row.statistics.median)}, mean ${celsius(row.statistics.mean)}.`,
      )
      .join(' ') + ' The table below lists the same numbers.';
  return (
    <Chart title={DISTRIBUTION_TITLE} description={description} width={width} height={height}>
      <BottomAxis
        scale={x}
        values={ticks(...domain, Math.max(3, Math.floor((right - MARGIN.left) / 60)))}
        y={height - MARGIN.bottom}
        label="ED50 (°C)"
      />
      {layout.map(({ row, top, facetTitle }) => {
        const color = colorOf(row.condition);
        const s = row.statistics;
        const mid = top + 32;
        return (
          <g key={`${row.facet}-${row.label}-${row.condition}`}>
            {facetTitle !== null && (
              <text x={MARGIN.left} y={top - 8} fontWeight={700} className="ed50-facet-title">
                {facetTitle}
              </text>
            )}
            <text x={MARGIN.left} y={top + 12} className="ed50-row-label">
              <tspan fontStyle="italic">{row.label}</tspan>
              <tspan fill={color} fontWeight={600}>
                {` ${row.condition}`}
              </tspan>
              <tspan>{` · n = ${s.n} · mean ${s.mean.toFixed(2)}`}</tspan>
            </text>
            <BoxAndStrip x={x} mid={mid} box={s} values={row.values} color={color} />
          </g>
        );
      })}
    </Chart>
  );
}

/** The distribution plot with its legend and, folded, the numbers as a table. */
export function Ed50Distribution({ computation }: { computation: EdComputation }) {
  const [measure, width] = useElementWidth<HTMLDivElement>();
  const rows = distributionRows(computation);
  const conditions = [...new Set(rows.map((row) => row.condition))];
  const colorOf = (condition: string) =>
    CONDITION_COLORS[conditions.indexOf(condition) % CONDITION_COLORS.length]!;
  const legend: LegendItem[] = [
    ...conditions.map((condition): LegendItem => ({
      label: condition,
      color: colorOf(condition),
      shape: 'box',
    })),
    { label: 'Mean', color: '#212529', shape: 'dot' },
  ];
  return (
    <>
      <h3 className="h5 mt-4">ED50 distribution</h3>
      {rows.length === 0 ? (
        <p>No colony has an estimable ED50.</p>
      ) : (
        <>
          <p className="small text-body-secondary">
            Colony ED50s by species and condition{rows.some((row) => row.facet) ? ', per site' : ''}
            : box from the first to the third quartile with the median, whiskers to the furthest
            colony within 1.5 box lengths, a dot per colony and a diamond at the mean.
          </p>
          <ChartLegend items={legend} label="Legend of the ED50 distribution" />
          <ChartDownloads title={DISTRIBUTION_TITLE}>
            <div ref={measure}>
              <DistributionChart rows={rows} colorOf={colorOf} width={width} />
            </div>
          </ChartDownloads>
          <details className="mt-2">
            <summary>The numbers behind the plot</summary>
            <ScrollableTable
              label="ED50 distribution by species and condition"
              size="sm"
              className="small mt-2"
            >
              <thead>
                <tr>
                  {rows.some((row) => row.facet) && <th scope="col">Site</th>}
                  <th scope="col">Species</th>
                  <th scope="col">Condition</th>
                  <th scope="col" className="text-end">
                    n
                  </th>
                  <th scope="col" className="text-end">
                    Mean (°C)
                  </th>
                  <th scope="col" className="text-end">
                    Median (°C)
                  </th>
                  <th scope="col" className="text-end">
                    Min (°C)
                  </th>
                  <th scope="col" className="text-end">
                    Max (°C)
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.facet}-${row.label}-${row.condition}`}>
                    {rows.some((r) => r.facet) && <td>{row.facet}</td>}
                    <th scope="row" className="fw-normal">
                      {row.label}
                    </th>
                    <td>{row.condition}</td>
                    <td className="text-end">{row.statistics.n}</td>
                    <td className="text-end">{row.statistics.mean.toFixed(2)}</td>
                    <td className="text-end">{row.statistics.median.toFixed(2)}</td>
                    <td className="text-end">{row.statistics.min.toFixed(2)}</td>
                    <td className="text-end">{row.statistics.max.toFixed(2)}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollableTable>
          </details>
        </>
      )}
    </>
  );
}
