import {
  entriesOfKind,
  perThresholdKind as perKind,
  type TColonyPage,
  type ThresholdKind,
} from '@coral/core';
import { computeEds, type CbassRow, type ColonyFlag, type PooledCurve } from '@coral/core/ed50';

/** One assay of the colony: its observations at one condition and timepoint, and their refit. */
export interface RefitSeries {
  /** "Winter · 420", or "—" for an assay without condition and timepoint. */
  label: string;
  condition: string | null;
  timepoint: string | null;
  points: { temperature: number; pam: number }[];
  /** The LL.3 curve the ED engine fitted to these points; null when it could not fit one. */
  curve: Pick<PooledCurve, 'temperature' | 'predicted'> | null;
  /** The refitted ED of each kind (unrounded), null when not estimable or not fitted. */
  refit: Record<ThresholdKind, number | null>;
  /** The value stored for this assay (the dataset's own), null when none is stored. */
  stored: Record<ThresholdKind, number | null>;
  /** Why the engine gave no curve or withheld a value, in the calculator's words. */
  notes: ColonyFlag[];
}

const LABEL_SEPARATOR = ' · ';
const keyOf = (condition: string | null, timepoint: string | null) =>
  JSON.stringify([condition, timepoint]);

/**
 * Refits the colony's raw PAM observations with the calculator's engine (`computeEds`, the
 * CBASSED50-exact LL.3 fit), one fit per condition × timepoint — the groups CBASSED50 fits a
 * colony in — so that the page can show the curve behind each stored threshold and say where
 * the stored value differs from what its own observations give. Observations without a
 * temperature or PAM value cannot be plotted or fitted and are left out.
 */
export function refitColony(colony: TColonyPage): RefitSeries[] {
  const series = new Map<string, RefitSeries>();
  const rows: CbassRow[] = [];
  for (const observation of colony.observations) {
    const { temperature, pam_value: pam, condition, timepoint } = observation;
    if (temperature === null || pam === null) continue;
    const key = keyOf(condition, timepoint);
    if (!series.has(key)) {
      const label = [condition, timepoint].filter((part) => part !== null).join(LABEL_SEPARATOR);
      series.set(key, {
        label: label || '—',
        condition,
        timepoint,
        points: [],
        curve: null,
        refit: perKind(() => null),
        stored: storedValues(colony, condition, timepoint),
        notes: [],
      });
    }
    series.get(key)!.points.push({ temperature, pam });
    rows.push({
      row: rows.length + 2,
      site: '',
      condition: condition ?? '',
      species: '',
      genotype: colony.name,
      timepoint: timepoint ?? '',
      temperature,
      pamValue: pam,
      values: { Condition: condition ?? '', Timepoint: timepoint ?? '', Genotype: colony.name },
    });
  }
  if (rows.length === 0) return [];

  // Grouped by the assay alone: the colony is the group's only curve.
  const computation = computeEds(rows, { grouping: ['Condition', 'Timepoint'] });
  const byValues = new Map(
    [...series.values()].map((s) => [keyOf(s.condition ?? '', s.timepoint ?? ''), s]),
  );
  for (const group of computation.groups) {
    const target = byValues.get(keyOf(group.groupValues.Condition!, group.groupValues.Timepoint!));
    const result = group.colonies[0];
    if (!target || !result) continue;
    target.curve = group.curve && {
      temperature: group.curve.temperature,
      predicted: group.curve.predicted,
    };
    target.refit = perKind((kind) => result[kind].value);
    target.notes = result.flags;
  }
  // A whole-file problem (fewer than 4 temperatures overall) leaves every series unfitted.
  if (computation.errors.length > 0) {
    for (const s of series.values()) {
      s.notes = computation.errors.map((message) => ({ code: 'fit_failed', message }));
    }
  }
  return [...series.values()];
}

function storedValues(
  colony: TColonyPage,
  condition: string | null,
  timepoint: string | null,
): Record<ThresholdKind, number | null> {
  return perKind(
    (kind) =>
      entriesOfKind(colony, kind).find(
        (entry) => entry.condition === condition && entry.timepoint === timepoint,
      )?.abs ?? null,
  );
}

/**
 * Whether a stored value and its refit disagree as printed: both are shown to 2 decimals (as
 * CBASSED50 prints them), so a difference below that is not a difference a reader could see.
 */
export function differs(stored: number | null, refit: number | null): boolean {
  if (stored === null || refit === null) return stored !== refit;
  return stored.toFixed(2) !== refit.toFixed(2);
}
