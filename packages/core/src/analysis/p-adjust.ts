/** The p-value adjustments offered (R's `p.adjust` methods; "none" leaves them as they are). */
export const P_ADJUST_METHODS = ['holm', 'BH', 'bonferroni', 'none'] as const;
export type PAdjustMethod = (typeof P_ADJUST_METHODS)[number];

export const isPAdjustMethod = (value: string): value is PAdjustMethod =>
  (P_ADJUST_METHODS as readonly string[]).includes(value);

/**
 * R's `p.adjust(p, method)`: Holm's step-down, Benjamini–Hochberg's false discovery rate, or
 * Bonferroni, over the p values given (all of them finite), in their order.
 */
export function pAdjust(p: readonly number[], method: PAdjustMethod): number[] {
  const n = p.length;
  if (method === 'none' || n <= 1) return [...p];
  if (method === 'bonferroni') return p.map((value) => Math.min(1, n * value));
  const order = p.map((_, i) => i);
  const adjusted = new Array<number>(n);
  if (method === 'holm') {
    order.sort((a, b) => p[a]! - p[b]! || a - b);
    let running = 0;
    order.forEach((index, rank) => {
      running = Math.max(running, (n - rank) * p[index]!);
      adjusted[index] = Math.min(1, running);
    });
  } else {
    order.sort((a, b) => p[b]! - p[a]! || a - b);
    let running = Infinity;
    order.forEach((index, rank) => {
      running = Math.min(running, (n / (n - rank)) * p[index]!);
      adjusted[index] = Math.min(1, running);
    });
  }
  return adjusted;
}
