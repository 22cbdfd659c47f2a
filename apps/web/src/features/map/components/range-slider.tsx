import type { FilterRange, RangeBounds } from '@coral/core';
import { useId, useState } from 'react';
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
/** A typed value: the number to the slider's step, or null when it is no number. */
function readTyped(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100) / 100;
}

/**
 * What is wrong with a typed [min, max] (decision 0056), or null when it may be applied: each
 * end a number within the data's bounds, the minimum not above the maximum.
 */
export function rangeInputProblem(
  lowText: string,
  highText: string,
  bounds: RangeBounds,
): { end: 'min' | 'max'; message: string } | null {
  const between = `between ${bounds.min.toFixed(2)} and ${bounds.max.toFixed(2)} °C`;
  const low = readTyped(lowText);
  const high = readTyped(highText);
  if (low === null) return { end: 'min', message: `Enter the minimum as a number ${between}.` };
  if (high === null) return { end: 'max', message: `Enter the maximum as a number ${between}.` };
  if (low < bounds.min - 1e-9 || low > bounds.max + 1e-9) {
    return { end: 'min', message: `The minimum must be ${between}.` };
  }
  if (high < bounds.min - 1e-9 || high > bounds.max + 1e-9) {
    return { end: 'max', message: `The maximum must be ${between}.` };
  }
  if (low > high) {
    return { end: 'min', message: 'The minimum must not be above the maximum.' };
  }
  return null;
}

/**
 * A [min, max] slider made of two native range inputs over one track: each thumb is a real
 * slider for the keyboard (arrows move by 0.01 °C, Page keys by more) and assistive technology,
 * named '<label> minimum' / '<label> maximum'. The thumbs cannot cross. Beside them, two text
 * fields take exact values (decision 0056): a typed value is applied on Enter or on leaving the
 * field, and only when both ends are valid; otherwise a message says what to type and nothing
 * changes.
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
  const errorId = useId();
  const [low, high] = value;
  const [typed, setTyped] = useState<[string, string]>([low.toFixed(2), high.toFixed(2)]);
  // A message shows once a value was offered (Enter, leaving the field), not while typing.
  const [offered, setOffered] = useState(false);
  // A new value (a thumb moved, a reset, an applied entry) replaces what was typed.
  const [shown, setShown] = useState(value);
  if (shown[0] !== low || shown[1] !== high) {
    setShown(value);
    setTyped([low.toFixed(2), high.toFixed(2)]);
    setOffered(false);
  }
  const checked = rangeInputProblem(typed[0], typed[1], bounds);
  const problem = offered ? checked : null;
  const commit = () => {
    if (checked) {
      setOffered(true);
      return;
    }
    const next: FilterRange = [readTyped(typed[0])!, readTyped(typed[1])!];
    if (next[0] !== low || next[1] !== high) onChange(next);
    else setTyped([low.toFixed(2), high.toFixed(2)]);
  };
  const span = bounds.max - bounds.min || 1;
  const fromPercent = ((low - bounds.min) / span) * 100;
  const toPercent = ((high - bounds.min) / span) * 100;
  const read = (text: string) => Math.min(bounds.max, Math.max(bounds.min, Number(text)));
  const field = (end: 0 | 1) => {
    const which = end === 0 ? 'min' : 'max';
    const invalid = problem?.end === which;
    return (
      <input
        type="text"
        inputMode="decimal"
        className={`form-control form-control-sm range-slider__number${invalid ? ' is-invalid' : ''}`}
        aria-label={`${label} ${end === 0 ? 'minimum' : 'maximum'} in °C`}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        value={typed[end]}
        onChange={(event) =>
          setTyped((t) => (end === 0 ? [event.target.value, t[1]] : [t[0], event.target.value]))
        }
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
    );
  };
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
      <div className="d-flex align-items-center gap-1 mt-1 range-slider__numbers">
        {field(0)}
        <span aria-hidden="true">–</span>
        {field(1)}
        <span className="small">°C</span>
      </div>
      {problem && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {problem.message}
        </div>
      )}
    </div>
  );
}
