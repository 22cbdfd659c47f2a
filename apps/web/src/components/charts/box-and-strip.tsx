import type { LinearScale } from './scale';

/** The five numbers and the mean a box is drawn from (whiskers as Tukey's). */
export interface BoxFigures {
  lowerWhisker: number;
  q1: number;
  median: number;
  q3: number;
  upperWhisker: number;
  mean: number;
}

/**
 * One horizontal box plot with its values as a strip of dots over it and the mean as a diamond,
 * centred on `mid`: the calculator's ED50 distribution and the species page draw it alike.
 */
export function BoxAndStrip({
  x,
  mid,
  box,
  values,
  color,
  dotRadius = 2.8,
}: {
  x: LinearScale;
  mid: number;
  box: BoxFigures;
  values: readonly number[];
  color: string;
  dotRadius?: number;
}) {
  return (
    <>
      <line x1={x(box.lowerWhisker)} x2={x(box.q1)} y1={mid} y2={mid} stroke={color} />
      <line x1={x(box.q3)} x2={x(box.upperWhisker)} y1={mid} y2={mid} stroke={color} />
      <rect
        x={x(box.q1)}
        y={mid - 8}
        width={Math.max(1, x(box.q3) - x(box.q1))}
        height={16}
        fill={color}
        fillOpacity={0.18}
        stroke={color}
        strokeWidth={1.5}
      />
      <line
        x1={x(box.median)}
        x2={x(box.median)}
        y1={mid - 8}
        y2={mid + 8}
        stroke={color}
        strokeWidth={2.5}
      />
      {values.map((value, i) => (
        <circle
          key={i}
          cx={x(value)}
          // Spread dots vertically by the golden ratio so equal values stay visible.
          cy={mid + (((i * 0.618034) % 1) - 0.5) * 12}
          r={dotRadius}
          fill={color}
          stroke="#fff"
          strokeWidth={0.6}
        />
      ))}
      <path
        d={`M${x(box.mean)},${mid - 6}l5,6l-5,6l-5,-6Z`}
        fill="#fff"
        stroke="#212529"
        strokeWidth={1.5}
      />
    </>
  );
}
