import {
  absoluteValueFlags,
  entriesOfKind,
  mean,
  sampleStandardDeviation,
  THRESHOLD_KINDS_BY_LEVEL,
  type ThresholdKind,
  type TProjectColony,
} from '@coral/core';

/** Mean and sample standard deviation over `n` colonies; `sd` null for one colony. */
export interface MeanSd {
  mean: number;
  sd: number | null;
  n: number;
}

/** One species under one condition and timepoint, as a CBASS assay compares them. */
export interface GroupSummary {
  key: string;
  species: string;
  condition: string | null;
  timepoint: string | null;
  /** Colonies with any threshold of the group. */
  colonies: number;
  /** Per kind, over the colonies with a trustworthy value (null: none has one). */
  values: Record<ThresholdKind, MeanSd | null>;
}

const collator = new Intl.Collator('en');

function meanSd(values: readonly number[]): MeanSd | null {
  if (values.length === 0) return null;
  return { mean: mean(values), sd: sampleStandardDeviation(values), n: values.length };
}

/**
 * The project's colonies by species × condition × timepoint (decision 0056): how many colonies,
 * and for ED5, ED50 and ED95 the mean ± SD over the colonies of each colony's value (its mean,
 * should it have several entries in the group), as the map's popups summarise a site. Values with
 * quality flags on the absolute value (a failed fit, an implausible value) are left out, as
 * "Hide flagged values" would. Sorted by species, then condition and timepoint (none last).
 */
export function summarizeProjectGroups(colonies: readonly TProjectColony[]): GroupSummary[] {
  const groups = new Map<
    string,
    {
      species: string;
      condition: string | null;
      timepoint: string | null;
      colonies: Set<number>;
      perKind: Record<ThresholdKind, Map<number, number[]>>;
    }
  >();
  for (const colony of colonies) {
    for (const kind of THRESHOLD_KINDS_BY_LEVEL) {
      for (const entry of entriesOfKind(colony, kind)) {
        const key = JSON.stringify([colony.species, entry.condition, entry.timepoint]);
        let group = groups.get(key);
        if (!group) {
          group = {
            species: colony.species,
            condition: entry.condition,
            timepoint: entry.timepoint,
            colonies: new Set(),
            perKind: Object.fromEntries(
              THRESHOLD_KINDS_BY_LEVEL.map((k) => [k, new Map<number, number[]>()]),
            ) as Record<ThresholdKind, Map<number, number[]>>,
          };
          groups.set(key, group);
        }
        group.colonies.add(colony.id);
        if (entry.abs === null || absoluteValueFlags(entry.quality_flags).length > 0) continue;
        const values = group.perKind[kind].get(colony.id) ?? [];
        values.push(entry.abs);
        group.perKind[kind].set(colony.id, values);
      }
    }
  }
  const last = (text: string | null) => Number(text === null);
  return [...groups]
    .map(([key, group]) => ({
      key,
      species: group.species,
      condition: group.condition,
      timepoint: group.timepoint,
      colonies: group.colonies.size,
      values: Object.fromEntries(
        THRESHOLD_KINDS_BY_LEVEL.map((kind) => [
          kind,
          meanSd([...group.perKind[kind].values()].map((list) => mean(list))),
        ]),
      ) as Record<ThresholdKind, MeanSd | null>,
    }))
    .sort(
      (a, b) =>
        collator.compare(a.species, b.species) ||
        last(a.condition) - last(b.condition) ||
        collator.compare(a.condition ?? '', b.condition ?? '') ||
        last(a.timepoint) - last(b.timepoint) ||
        collator.compare(a.timepoint ?? '', b.timepoint ?? ''),
    );
}

/** "36.12 ± 0.45" (°C, 2 decimals); one colony has no SD; none: an en dash. */
export function formatMeanSd(value: MeanSd | null): string {
  if (!value) return '–';
  return value.sd === null
    ? value.mean.toFixed(2)
    : `${value.mean.toFixed(2)} ± ${value.sd.toFixed(2)}`;
}
