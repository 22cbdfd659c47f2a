/**
 * Temperatures in the engine's notes, always with 2 decimals (decision 0024): a fitted 39.0036 °C
 * printed as "39 °C" reads as a tested temperature and hides how close it is to one.
 */
export const noteCelsius = (temperature: number): string => `${temperature.toFixed(2)} °C`;

/** "36.00, 39.00 °C": a list of temperatures with the unit once. */
export const noteCelsiusList = (temperatures: readonly number[]): string =>
  `${temperatures.map((t) => t.toFixed(2)).join(', ')} °C`;
