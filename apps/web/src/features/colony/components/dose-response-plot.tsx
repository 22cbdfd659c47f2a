import { THRESHOLD_KINDS_BY_LEVEL, THRESHOLD_KIND_INFO } from '@coral/core';
import {
  BottomAxis,
  Chart,
  LeftAxis,
  linearScale,
  linePath,
  niceDomain,
  ticks,
  EdMarker,
} from '@/components/charts';
import type { RefitSeries } from '../utils/refit';

export const PLOT_COLORS = { curve: '#0b5f73', points: '#495057' } as const;

const HEIGHT = 260;
const MARGIN = { top: 28, right: 16, bottom: 52, left: 60 };

function describe(series: RefitSeries): string {
  const temperatures = [...new Set(series.points.map((p) => p.temperature))].sort((a, b) => a - b);
  const parts = [
    `${series.points.length} PAM measurements (Fv/Fm) at ${temperatures.join(', ')} °C.`,
  ];
  const eds = THRESHOLD_KINDS_BY_LEVEL.flatMap((kind) => {
    const value = series.refit[kind];
    return value === null ? [] : [`${THRESHOLD_KIND_INFO[kind].edLabel} ${value.toFixed(2)} °C`];
  });
  parts.push(
    series.curve
      ? `The refitted dose-response curve; dashed lines at ${eds.join(', ') || 'no estimable ED'}.`
      : 'No curve could be fitted.',
  );
  return parts.join(' ');
}

/**
 * One assay of the colony as a dose-response plot: the raw PAM values against temperature, the
 * ED engine's refitted LL.3 curve and dashed lines at its ED values. The response axis starts
 * at 0, so how far the efficiency falls is seen at its true scale.
 */
export function DoseResponsePlot({ series, width }: { series: RefitSeries; width: number }) {
  const plotRight = Math.max(MARGIN.left + 80, width - MARGIN.right);
  const temperatures = [
    ...series.points.map((p) => p.temperature),
    ...(series.curve?.temperature ?? []),
  ];
  const responses = [
    ...series.points.map((p) => p.pam),
    ...(series.curve?.predicted.filter(Number.isFinite) ?? []),
  ];
  const temperatureDomain = niceDomain(Math.min(...temperatures), Math.max(...temperatures), 6);
  const responseDomain = niceDomain(0, Math.max(...responses, 0.1), 5);
  const x = linearScale(temperatureDomain, [MARGIN.left, plotRight]);
  const y = linearScale(responseDomain, [HEIGHT - MARGIN.bottom, MARGIN.top]);
  const edLines = THRESHOLD_KINDS_BY_LEVEL.flatMap((kind) => {
    const value = series.refit[kind];
    const info = THRESHOLD_KIND_INFO[kind];
    return value !== null && value >= temperatureDomain[0] && value <= temperatureDomain[1]
      ? [{ kind, label: info.edLabel, color: info.color, px: x(value) }]
      : [];
  });
  return (
    <Chart
      title={`Dose-response, ${series.label}`}
      description={describe(series)}
      width={width}
      height={HEIGHT}
    >
      <LeftAxis
        scale={y}
        values={ticks(...responseDomain, 5)}
        x={MARGIN.left}
        gridTo={plotRight}
        label="PAM (Fv/Fm)"
      />
      <BottomAxis
        scale={x}
        values={ticks(
          ...temperatureDomain,
          Math.max(3, Math.floor((plotRight - MARGIN.left) / 60)),
        )}
        y={HEIGHT - MARGIN.bottom}
        label="Temperature (°C)"
      />
      {series.curve && (
        <path
          d={linePath(series.curve.temperature, series.curve.predicted, x, y)}
          fill="none"
          stroke={PLOT_COLORS.curve}
          strokeWidth={2.5}
          data-testid="refit-curve"
        />
      )}
      <g fill={PLOT_COLORS.points} fillOpacity={0.8}>
        {series.points.map((point, i) => (
          <circle key={i} cx={x(point.temperature)} cy={y(point.pam)} r={3.5} />
        ))}
      </g>
      {edLines.map((line, i) => (
        <EdMarker
          key={line.kind}
          x={line.px}
          top={MARGIN.top}
          bottom={HEIGHT - MARGIN.bottom}
          // Neighbouring labels alternate rows, so close EDs do not overprint.
          labelY={MARGIN.top - 8 - (i % 2) * 12}
          color={line.color}
          label={line.label}
        />
      ))}
    </Chart>
  );
}
