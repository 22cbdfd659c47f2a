/**
 * A dashed vertical line at an ED value, labelled above the plot ("ED50 36.42 °C"): the
 * calculator's group plots and the colony page's dose-response plots draw the same marker.
 */
export function EdMarker({
  x,
  top,
  bottom,
  labelY,
  color,
  label,
}: {
  x: number;
  top: number;
  bottom: number;
  labelY: number;
  color: string;
  label: string;
}) {
  return (
    <g>
      <line
        x1={x}
        x2={x}
        y1={top}
        y2={bottom}
        stroke={color}
        strokeWidth={1.5}
        strokeDasharray="5 4"
      />
      <text x={x} y={labelY} textAnchor="middle" fill={color} fontWeight={600}>
        {label}
      </text>
    </g>
  );
}
