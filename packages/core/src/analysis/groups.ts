/** Values of one group of colonies (a factor level), in the order the caller lists groups. */
export interface ValueGroup {
  name: string;
  values: readonly number[];
}

/** The groups with their finite values; groups left without values are dropped (R drops NA). */
export const presentGroups = (groups: readonly ValueGroup[]): ValueGroup[] =>
  groups
    .map((group) => ({ name: group.name, values: group.values.filter(Number.isFinite) }))
    .filter((group) => group.values.length > 0);

export const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** Sample variance (n − 1), R's var(). */
export function variance(values: readonly number[]): number {
  const m = mean(values);
  return values.reduce((sum, value) => sum + (value - m) * (value - m), 0) / (values.length - 1);
}

/** R's median(): the middle value, or the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}
