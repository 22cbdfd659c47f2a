import { glibcPow } from './glibc-pow';

/**
 * R's `x ^ y` for doubles (arithmetic.c's R_POW / R_pow): x * x for y = 2, 1 for x = 1 or y = 0
 * (even when the other is NaN), else C's pow(), glibc's on Linux, reproduced bit for bit by
 * glibcPow. V8's `**` differs from glibc in the last bit for about 6 % of the LL.5 model's
 * arguments, and a correctly rounded power for about 0.06 %; either is enough to move R's BFGS
 * onto another path on LL.5's flat surfaces (decision 0030).
 */
export function rPow(x: number, y: number): number {
  if (y === 2) return x * x;
  if (x === 1 || y === 0) return 1;
  return glibcPow(x, y);
}
