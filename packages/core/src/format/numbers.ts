/**
 * Display precision (product-spec §5): values 2 decimals, coordinates 4 decimals. Missing values:
 * 'N/A'.
 */
export const NOT_AVAILABLE = 'N/A';

export function formatFixed(value: number | null | undefined, decimals: number): string {
  return value == null || !Number.isFinite(value) ? NOT_AVAILABLE : value.toFixed(decimals);
}

/** A threshold or temperature value: 2 decimals. */
export function formatValue(value: number | null | undefined): string {
  return formatFixed(value, 2);
}

/** "latitude, longitude" to 4 decimals. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${formatFixed(latitude, 4)}, ${formatFixed(longitude, 4)}`;
}

/** A temperature: 2 decimals and the unit, "37.57°C"; missing: 'N/A' (no unit). */
export function formatCelsius(value: number | null | undefined): string {
  const shown = formatValue(value);
  return shown === NOT_AVAILABLE ? shown : `${shown}°C`;
}

/** '+N more' after the first items of a list, or null when nothing is left out. */
export function moreItemsLabel(hiddenCount: number): string | null {
  return hiddenCount > 0 ? `+${hiddenCount} more` : null;
}
