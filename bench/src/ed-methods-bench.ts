import {
  compareComputedGroups,
  computeEds,
  parseCbassCsv,
  type ComputeEdsOptions,
} from '@coral/core/ed50';
import { syntheticCbassCsv } from './ed50-bench';
import { count, printTable, ratio } from './report';

/**
 * Decision 0027: colonies per second of each ED method on the same synthetic file, next to
 * the default (CBASSED50's LL.3 joint fit per group, which must keep ≥ 5,000 colonies/s), and the
 * ratio of each to the default. ED table only (no pooled curves), as the CLI and the upload
 * worker run it. Rates are per second of this process's CPU time (fastest of three runs): on a
 * shared 2-core machine the wall clock also counts the other processes' turns.
 */
const METHODS: { label: string; options: ComputeEdsOptions }[] = [
  { label: 'LL.3 joint fit per group (default, CBASSED50)', options: {} },
  { label: 'LL.3 joint fit + delta-method intervals', options: { intervals: true } },
  { label: 'LL.3 one fit per colony (with intervals)', options: { fit: 'per-colony' } },
  {
    label: 'LL.3 joint fit, bounded (Hill 20–100, L-BFGS-B)',
    options: { bounds: { lower: { b: 20 }, upper: { b: 100 } } },
  },
  {
    label: 'LL.3 one fit per colony, bounded (Hill 20–100)',
    options: { fit: 'per-colony', bounds: { lower: { b: 20 }, upper: { b: 100 } } },
  },
  ...(['LL.2', 'LL.4', 'LL.5', 'W1.3', 'W2.3'] as const).flatMap((model) => [
    { label: `${model} joint fit per group (with AIC)`, options: { model } },
    {
      label: `${model} one fit per colony (with intervals)`,
      options: { model, fit: 'per-colony' as const },
    },
  ]),
];

const TARGET_COLONIES_PER_SECOND = 5000;

/** CPU milliseconds of the fastest of three runs (one run when it takes over 5 s: LL.5). */
function fastestMs(run: () => void): number {
  const once = () => {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  const first = once();
  return first > 5000 ? first : Math.min(first, once(), once());
}

export function runEdMethodsBench(): void {
  const groups = 500;
  const genotypes = 10;
  const rows = parseCbassCsv(syntheticCbassCsv(groups, genotypes)).rows;
  const colonies = groups * genotypes;
  computeEds(parseCbassCsv(syntheticCbassCsv(20, 10, 1)).rows, { curves: false }); // warm-up

  const results = METHODS.map(({ label, options }) => ({
    label,
    ms: fastestMs(() => computeEds(rows, { ...options, curves: false })),
  }));
  const defaultMs = results[0]!.ms;
  printTable(`ED methods: ${count(colonies)} colonies (${count(groups)} groups × ${genotypes})`, [
    ...results.map(({ label, ms }) => ({
      label,
      values: {
        'CPU time': `${Math.round(ms)} ms`,
        'colonies/s': count(Math.round(colonies / (ms / 1000))),
        'time vs default': ratio(ms / defaultMs),
      },
    })),
  ]);
  const defaultRate = colonies / (defaultMs / 1000);
  console.log(
    `LL.3 joint fit: ${count(Math.round(defaultRate))} colonies/s: ${
      defaultRate >= TARGET_COLONIES_PER_SECOND ? 'MEETS' : 'MISSES'
    } target ${count(TARGET_COLONIES_PER_SECOND)} colonies/s`,
  );

  // The group comparison (Tukey HSD of ED5, ED50 and ED95): a realistic study (14 groups, as the
  // Fiji file) and a large one (50 groups, 1,225 pairs per threshold).
  const comparisonRows = [14, 50].map((groupCount) => {
    const computation = computeEds(parseCbassCsv(syntheticCbassCsv(groupCount, 10, 3)).rows, {
      curves: false,
    });
    const ms = fastestMs(() => compareComputedGroups(computation));
    const pairs = (groupCount * (groupCount - 1)) / 2;
    return {
      label: `${groupCount} groups × 10 colonies (${count(pairs)} pairs × 3 thresholds)`,
      values: {
        'CPU time': `${Math.round(ms)} ms`,
        'pairs/s': count(Math.round((3 * pairs) / (ms / 1000))),
      },
    };
  });
  printTable('Group comparison (Tukey HSD, as R: TukeyHSD(aov(ED ~ group)))', comparisonRows);
}
