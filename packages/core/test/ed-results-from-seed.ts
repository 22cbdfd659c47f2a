import { formatCsvRow } from '../src/csv/csv-writer';
import {
  THRESHOLD_KIND_INFO,
  type ThresholdAbsKey,
  type ThresholdKind,
  type ThresholdListKey,
} from '../src/thresholds/threshold-kinds';

interface SeedThreshold extends Partial<Record<ThresholdAbsKey, number | null>> {
  colony: number;
  condition: string | null;
  timepoint: string | null;
}

/**
 * The calculator's (CBASSED50's) header, spelled out rather than taken from the upload's
 * ED_COLUMNS: this file stands for the external format, so a change to the reader's columns must
 * make the tests fail instead of changing the fixture with it.
 */
const HEADER = [
  '',
  'ED5',
  'ED50',
  'ED95',
  'GroupingProperty',
  'Site',
  'Condition',
  'Species',
  'Timepoint',
];
/** The kinds of the ED5, ED50 and ED95 columns, in that order. */
const HEADER_KINDS: readonly ThresholdKind[] = ['ed5', 'ed50', 'ed95'];

/** One ED row per stored ED50 (the kind the ED results file is matched on). */
const ROW_KIND = THRESHOLD_KIND_INFO.ed50;

/**
 * An ED results file in the calculator's layout (index, ED5, ED50, ED95, GroupingProperty, Site,
 * Condition, Species, Timepoint) made from the thresholds a seed project stores for colonies
 * named "{Site}_{Species}_{Genotype}" (the raw-format naming, e.g. project 61). Used by tests and
 * benchmarks to upload a real raw file with the original platform's ED values.
 */
export function edResultsFromSeedProject(seedJson: unknown, projectId: number): string {
  const seed = seedJson as {
    projects: { id: number; biosamples: number[] }[];
    biosamples: { id: number; colony: number }[];
    colonies: { id: number; name: string; species: string }[];
  } & Partial<Record<ThresholdListKey, SeedThreshold[]>>;
  const project = seed.projects.find((p) => p.id === projectId);
  if (!project) throw new Error(`No project ${projectId} in the seed`);
  const biosamples = new Set(project.biosamples);
  const colonyIds = new Set(
    seed.biosamples.filter((b) => biosamples.has(b.id)).map((b) => b.colony),
  );
  const colonies = new Map(seed.colonies.map((c) => [c.id, c]));
  const find = (list: SeedThreshold[], t: SeedThreshold) =>
    list.find(
      (x) => x.colony === t.colony && x.condition === t.condition && x.timepoint === t.timepoint,
    );
  const rows: (string | number)[][] = [HEADER];
  for (const t of (seed[ROW_KIND.listKey] ?? []).filter((x) => colonyIds.has(x.colony))) {
    const colony = colonies.get(t.colony)!;
    const speciesName = colony.species.replace(/ /g, '_');
    const site = colony.name.slice(0, colony.name.indexOf(`_${speciesName}_`));
    const genotype = colony.name.slice(site.length + speciesName.length + 2);
    const group = [site, t.condition, colony.species, t.timepoint].join('_');
    const values = HEADER_KINDS.map((kind) => {
      const { listKey, absKey } = THRESHOLD_KIND_INFO[kind];
      const entry = kind === ROW_KIND.kind ? t : find(seed[listKey] ?? [], t);
      return entry?.[absKey] ?? 'NA';
    });
    rows.push([
      rows.length,
      ...values,
      `${group}_${genotype}`,
      site,
      t.condition ?? '',
      colony.species,
      t.timepoint ?? '',
    ]);
  }
  return rows.map(formatCsvRow).join('');
}
