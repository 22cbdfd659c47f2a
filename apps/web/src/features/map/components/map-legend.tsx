import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { NO_DATA_COLOR, type ColorMode, type ColorScale } from '../utils/color-scale';
import { isNarrowScreen } from '../utils/screen';

interface MapLegendProps {
  mode: ColorMode;
  scale: ColorScale;
  onModeChange: (mode: ColorMode) => void;
}

/**
 * What the marker colours mean: mean trustworthy ED50 of the colonies, absolute or − MMM.
 * Its title is a button that folds it: on a phone it starts folded, so it does not cover the
 * markers, yet the colours can always be looked up (decision 0018).
 */
export function MapLegend({ mode, scale, onModeChange }: MapLegendProps) {
  const [open, setOpen] = useState(() => !isNarrowScreen());
  const bodyId = useId();
  return (
    <div className="map-legend" role="group" aria-label="Marker colour">
      <Button
        variant="link"
        size="sm"
        className="map-legend__toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((was) => !was)}
      >
        Marker colour
        <span aria-hidden="true" className="ms-1">
          {open ? '▾' : '▸'}
        </span>
      </Button>
      <div id={bodyId} hidden={!open} className="mt-1">
        <Form.Select
          size="sm"
          className="mb-2"
          aria-label="Colour markers by"
          value={mode}
          onChange={(event) => onModeChange(event.target.value as ColorMode)}
        >
          <option value="absolute">Mean ED50 (°C)</option>
          <option value="relative">Mean ED50 − MMM (°C)</option>
        </Form.Select>
        <ul className="list-unstyled mb-0">
          {[...scale.bins].reverse().map((bin) => (
            <li key={bin.color}>
              <span className="map-legend__swatch" style={{ background: bin.color }} />
              {bin.from.toFixed(1)} – {bin.to.toFixed(1)}°C
            </li>
          ))}
          <li>
            <span className="map-legend__swatch" style={{ background: NO_DATA_COLOR }} />
            no ED50
          </li>
        </ul>
      </div>
    </div>
  );
}
