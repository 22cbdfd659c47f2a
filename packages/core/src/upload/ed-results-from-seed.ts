import { formatCsvRow } from '../csv/csv-writer';

interface SeedThreshold {
  colony: number;
  condition: string | null;
  timepoint: string | null;
  abs_thermal_tolerance?: number | null;
  abs_breakpoint_temperature?: number | null;
  abs_thermal_limit?: number | null;
}

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
    thermal_tolerances: SeedThreshold[];
    breakpoint_temperatures: SeedThreshold[];
    thermal_limits: SeedThreshold[];
  };
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
  const rows: (string | number)[][] = [
    ['', 'ED5', 'ED50', 'ED95', 'GroupingProperty', 'Site', 'Condition', 'Species', 'Timepoint'],
  ];
  for (const t of seed.thermal_tolerances.filter((x) => colonyIds.has(x.colony))) {
    const colony = colonies.get(t.colony)!;
    const speciesName = colony.species.replace(/ /g, '_');
    const site = colony.name.slice(0, colony.name.indexOf(`_${speciesName}_`));
    const genotype = colony.name.slice(site.length + speciesName.length + 2);
    const group = [site, t.condition, colony.species, t.timepoint].join('_');
    rows.push([
      rows.length,
      find(seed.breakpoint_temperatures, t)?.abs_breakpoint_temperature ?? 'NA',
      t.abs_thermal_tolerance ?? 'NA',
      find(seed.thermal_limits, t)?.abs_thermal_limit ?? 'NA',
      `${group}_${genotype}`,
      site,
      t.condition ?? '',
      colony.species,
      t.timepoint ?? '',
    ]);
  }
  return rows.map(formatCsvRow).join('');
}
