/** Deterministic PRNG (mulberry32): the same seed gives the same synthetic dataset every run. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** Standard normal (Box–Muller). */
    normal: (mean: number, sd: number) =>
      mean + sd * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    /** Index drawn with probability ∝ 1/(rank+1): a few species and sites dominate, as in the field. */
    zipf: (n: number) => {
      const total = harmonic(n);
      let target = next() * total;
      for (let i = 0; i < n; i++) {
        target -= 1 / (i + 1);
        if (target <= 0) return i;
      }
      return n - 1;
    },
  };
}

const harmonics = new Map<number, number>();
function harmonic(n: number) {
  let value = harmonics.get(n);
  if (value === undefined) {
    value = 0;
    for (let i = 1; i <= n; i++) value += 1 / i;
    harmonics.set(n, value);
  }
  return value;
}
