import { useId, type ReactNode } from 'react';
import { tickFormatter, type LinearScale } from './scale';

export interface ChartMargin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * An SVG chart as one image for assistive technology: role="img", named by its <title> and
 * described by its <desc> (the text alternative says what the chart shows in words; the tables
 * next to the charts hold the numbers). Drawn at the width it gets, so text keeps its size on a
 * phone instead of being scaled down with the picture.
 */
export function Chart({
  title,
  description,
  width,
  height,
  className,
  children,
}: {
  title: string;
  description: string;
  width: number;
  height: number;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className={['chart', className].filter(Boolean).join(' ')}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  );
}

/** A horizontal axis at `y` with tick marks, tick labels and a centred axis title below. */
export function BottomAxis({
  scale,
  values,
  y,
  label,
  format = tickFormatter(values),
}: {
  scale: LinearScale;
  values: readonly number[];
  y: number;
  label: string;
  format?: (value: number) => string;
}) {
  const [x0, x1] = scale.range;
  return (
    <g className="chart-axis" aria-hidden="true">
      <line x1={x0} x2={x1} y1={y} y2={y} />
      {values.map((value) => (
        <g key={value} transform={`translate(${scale(value)},${y})`}>
          <line y2={5} />
          <text y={18} textAnchor="middle">
            {format(value)}
          </text>
        </g>
      ))}
      <text className="chart-axis-title" x={(x0 + x1) / 2} y={y + 38} textAnchor="middle">
        {label}
      </text>
    </g>
  );
}

/**
 * A vertical axis at `x` with tick labels on the left, light grid lines across to `gridTo`, and
 * the axis title rotated along it.
 */
export function LeftAxis({
  scale,
  values,
  x,
  gridTo,
  label,
  format = tickFormatter(values),
}: {
  scale: LinearScale;
  values: readonly number[];
  x: number;
  gridTo: number;
  label: string;
  format?: (value: number) => string;
}) {
  const [y0, y1] = scale.range;
  return (
    <g className="chart-axis" aria-hidden="true">
      {values.map((value) => (
        <g key={value} transform={`translate(0,${scale(value)})`}>
          <line className="chart-grid" x1={x} x2={gridTo} />
          <line x1={x - 5} x2={x} />
          <text x={x - 8} dy="0.32em" textAnchor="end">
            {format(value)}
          </text>
        </g>
      ))}
      <line x1={x} x2={x} y1={y0} y2={y1} />
      <text
        className="chart-axis-title"
        transform={`translate(${x - 44},${(y0 + y1) / 2}) rotate(-90)`}
        textAnchor="middle"
      >
        {label}
      </text>
    </g>
  );
}

/** A legend entry drawn in HTML next to a chart (wraps on small screens, readable as text). */
export interface LegendItem {
  label: string;
  color: string;
  shape: 'line' | 'dashed' | 'dot' | 'band' | 'box';
}

export function ChartLegend({ items, label }: { items: readonly LegendItem[]; label: string }) {
  return (
    <ul className="chart-legend list-unstyled d-flex flex-wrap gap-3 small mb-2" aria-label={label}>
      {items.map((item) => (
        <li key={item.label} className="d-flex align-items-center gap-1">
          <svg width="22" height="12" aria-hidden="true" focusable="false">
            {item.shape === 'line' && (
              <line x1="1" x2="21" y1="6" y2="6" stroke={item.color} strokeWidth="2.5" />
            )}
            {item.shape === 'dashed' && (
              <line
                x1="1"
                x2="21"
                y1="6"
                y2="6"
                stroke={item.color}
                strokeWidth="2"
                strokeDasharray="4 3"
              />
            )}
            {item.shape === 'dot' && <circle cx="11" cy="6" r="4" fill={item.color} />}
            {item.shape === 'band' && (
              <rect x="1" y="1" width="20" height="10" fill={item.color} opacity="0.35" />
            )}
            {item.shape === 'box' && (
              <rect
                x="3"
                y="1"
                width="16"
                height="10"
                fill={item.color}
                fillOpacity="0.25"
                stroke={item.color}
                strokeWidth="1.5"
              />
            )}
          </svg>
          {item.label}
        </li>
      ))}
    </ul>
  );
}
