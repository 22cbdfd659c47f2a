import type { FilterRange, RangeBounds } from '@coral/core';
import { useId } from 'react';
import Badge from 'react-bootstrap/Badge';

/** Product-spec §9: every temperature slider moves in steps of 0.01 °C. */
export const SLIDER_STEP = 0.01;

interface RangeSliderProps {
  label: string;
  bounds: RangeBounds;
  value: FilterRange;
  /** 1 in the sidebar, 2 in the Advanced Temperature Filters modal (product-spec §5). */
  decimals: 1 | 2;
  active: boolean;
  onChange: (value: FilterRange) => void;
  className?: string;
}

const celsius = (value: number, decimals: number) => `${value.toFixed(decimals)}°C`;

/**
 * A [min, max] slider made of two native range inputs over one track: each thumb is a real
 * slider for the keyboard (arrows move by 0.01 °C, Page keys by more) and assistive technology,
 * named '<label> minimum' / '<label> maximum'. The thumbs cannot cross.
 */
export function RangeSlider({
  label,
  bounds,
  value,
  decimals,
  active,
  onChange,
  className = '',
}: RangeSliderProps) {
  const labelId = useId();
  const [low, high] = value;
  const span = bounds.max - bounds.min || 1;
  const fromPercent = ((low - bounds.min) / span) * 100;
  const toPercent = ((high - bounds.min) / span) * 100;
  const read = (text: string) => Math.min(bounds.max, Math.max(bounds.min, Number(text)));
  return (
    <div className={`range-slider ${className}`} role="group" aria-labelledby={labelId}>
      <div className="d-flex align-items-center justify-content-between gap-2">
        <span id={labelId} className="range-slider__label">
          {label}
        </span>
        {active && <Badge bg="primary">Active</Badge>}
      </div>
      <div
        className="range-slider__track"
        style={{
          background: `linear-gradient(to right, var(--range-rail) ${fromPercent}%, var(--range-fill) ${fromPercent}%, var(--range-fill) ${toPercent}%, var(--range-rail) ${toPercent}%)`,
        }}
      >
        <input
          type="range"
          // When the thumbs meet at the top end, the lower one must stay reachable.
          className={toPercent - fromPercent < 2 && toPercent > 50 ? 'range-slider__on-top' : ''}
          aria-label={`${label} minimum`}
          aria-valuetext={celsius(low, decimals)}
          min={bounds.min}
          max={bounds.max}
          step={SLIDER_STEP}
          value={low}
          onChange={(event) => onChange([Math.min(read(event.target.value), high), high])}
        />
        <input
          type="range"
          aria-label={`${label} maximum`}
          aria-valuetext={celsius(high, decimals)}
          min={bounds.min}
          max={bounds.max}
          step={SLIDER_STEP}
          value={high}
          onChange={(event) => onChange([low, Math.max(read(event.target.value), low)])}
        />
      </div>
      <div className="d-flex justify-content-between small range-slider__values">
        <span>Min: {celsius(low, decimals)}</span>
        <span>Max: {celsius(high, decimals)}</span>
      </div>
    </div>
  );
}
