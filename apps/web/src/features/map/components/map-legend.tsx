import Form from 'react-bootstrap/Form';
import { NO_DATA_COLOR, type ColorMode, type ColorScale } from '../utils/color-scale';

interface MapLegendProps {
  mode: ColorMode;
  scale: ColorScale;
  onModeChange: (mode: ColorMode) => void;
}

/** What the marker colours mean: mean trustworthy ED50 of the colonies, absolute or − MMM. */
export function MapLegend({ mode, scale, onModeChange }: MapLegendProps) {
  return (
    <div className="map-legend" role="group" aria-labelledby="map-legend-title">
      <div id="map-legend-title" className="fw-semibold mb-1">
        Marker colour
      </div>
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
  );
}
