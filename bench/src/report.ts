/** Benchmark figures are printed, never asserted: CI machines vary; ratios within a run do not. */
export interface BenchRow {
  label: string;
  values: Record<string, string>;
}

export function printTable(title: string, rows: BenchRow[]) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r.values)))];
  const widths = [
    Math.max(title.length, ...rows.map((r) => r.label.length)),
    ...columns.map((c) => Math.max(c.length, ...rows.map((r) => (r.values[c] ?? '').length))),
  ];
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`\n${line([title, ...columns])}`);
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) {
    console.log(line([row.label, ...columns.map((c) => row.values[c] ?? '')]));
  }
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
export const ratio = (value: number) => `×${value < 10 ? value.toFixed(2) : value.toFixed(0)}`;
export const count = (value: number) => value.toLocaleString('en-US');

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export function verdict(value: number, target: number) {
  return `${value <= target ? 'meets' : 'MISSES'} target ${ms(target)}`;
}
