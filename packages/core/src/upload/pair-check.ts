import { cleanLabel, normaliseNumericLabel } from '../tabular/values';
import type { PlanColony, PlanObservation, ValuesByKind } from './upload-plan';

/**
 * The one rule that pairs the rows of an ED50 results file with the curves of a main data file.
 * The server's import (ed-results.ts matchEdRows) reports its outcome row by row; the upload
 * page (prepare-upload.ts checkUploadPair) sums it up in one message before anything is sent,
 * so a mismatched pair is refused in the browser by the same rule the worker applies.
 */

/** One row of the calculator's ED results file, with its value of each kind (field id = kind). */
export interface EdRow extends ValuesByKind {
  row: number;
  site: string;
  condition: string;
  species: string;
  timepoint: string;
  genotype: string;
}

/** A colony × condition × timepoint of the main file that an ED results row may belong to. */
export interface CurveCandidate {
  colony: PlanColony;
  condition: string | null;
  timepoint: string | null;
  observations: PlanObservation[];
  /** First main-file row of the curve. */
  row: number;
}

/** How the rows of the ED results file name a curve of a layout (its `edMatching`). */
export interface EdMatching {
  /** The grouping tuples (`groupingTuple`) under which an ED row names it. */
  tuples(candidate: CurveCandidate): string[];
  /** A curve without ED row: in words, and the field of the main file to point at. */
  unmatched(candidate: CurveCandidate): { what: string; field: string };
}

const GROUP_FIELDS = ['Site', 'Condition', 'Species', 'Timepoint', 'Genotype'] as const;

/** The grouping tuple an ED row and a colony's curve are matched on (never by position). */
export function groupingTuple(
  site: string,
  condition: string,
  species: string,
  timepoint: string,
  genotype: string,
): string {
  return JSON.stringify([
    cleanLabel(site),
    cleanLabel(condition),
    cleanLabel(species),
    normaliseNumericLabel(timepoint),
    normaliseNumericLabel(genotype),
  ]);
}

/** A grouping tuple in words, for messages. */
export const describeGroup = (r: {
  site: string;
  condition: string;
  species: string;
  timepoint: string;
  genotype: string;
}) =>
  `Site ${r.site}, Condition ${r.condition}, Species ${r.species}, Timepoint ${r.timepoint}, Genotype ${r.genotype}`;

const edRowTuple = (r: EdRow) =>
  groupingTuple(r.site, r.condition, r.species, r.timepoint, r.genotype);

export interface EdPairing {
  /** Every ED row in file order with the keys of the curves it names (one when it pairs). */
  rows: { edRow: EdRow; keys: string[] }[];
  /** Keys of the curves of the main file that no ED row names. */
  missing: string[];
}

/**
 * Pairs ED rows with curves by grouping tuple. Which tuples name a curve is the layout's
 * (`edMatching.tuples`). A curve counts as paired when an ED row names it and no other curve.
 */
export function pairEdRows(
  candidates: ReadonlyMap<string, CurveCandidate>,
  edRows: readonly EdRow[],
  layout: { edMatching: EdMatching },
): EdPairing {
  const byTuple = new Map<string, string[]>();
  for (const [key, candidate] of candidates) {
    for (const tuple of layout.edMatching.tuples(candidate)) {
      byTuple.set(tuple, [...(byTuple.get(tuple) ?? []), key]);
    }
  }
  const rows = edRows.map((edRow) => ({ edRow, keys: byTuple.get(edRowTuple(edRow)) ?? [] }));
  const paired = new Set(rows.filter((r) => r.keys.length === 1).map((r) => r.keys[0]!));
  const missing = [...candidates.keys()].filter((key) => !paired.has(key));
  return { rows, missing };
}

const SHOWN_VALUES = 3;
const listValues = (values: readonly string[]) =>
  values.length <= SHOWN_VALUES
    ? values.join(', ')
    : `${values.slice(0, SHOWN_VALUES).join(', ')} and ${values.length - SHOWN_VALUES} more`;

/**
 * One message for a pair that does not pair up, naming what differs: the first grouping field
 * (Site, Condition, Species, Timepoint, Genotype) whose values in the ED file do not occur in
 * the main file, else the first ED row that names no colony, else the colonies without ED row.
 * Null when every ED row names exactly one curve and every curve has its row.
 */
export function describePairMismatch(
  candidates: ReadonlyMap<string, CurveCandidate>,
  pairing: EdPairing,
  layout: { edMatching: EdMatching },
): string | null {
  const unmatched = pairing.rows.filter((r) => r.keys.length === 0).map((r) => r.edRow);
  const ambiguous = pairing.rows.filter((r) => r.keys.length > 1);
  if (unmatched.length > 0) {
    const total = pairing.rows.length;
    const lead =
      unmatched.length === total
        ? 'No row of the ED50 results file matches a colony of the main data file.'
        : `${unmatched.length} of the ${total} rows of the ED50 results file match no colony of the main data file.`;
    const mainValues = GROUP_FIELDS.map(() => new Set<string>());
    for (const candidate of candidates.values()) {
      for (const tuple of layout.edMatching.tuples(candidate)) {
        (JSON.parse(tuple) as string[]).forEach((value, i) => mainValues[i]!.add(value));
      }
    }
    const edValues = unmatched.map((r) => JSON.parse(edRowTuple(r)) as string[]);
    for (const [i, field] of GROUP_FIELDS.entries()) {
      const foreign = [...new Set(edValues.map((values) => values[i]!))].filter(
        (value) => !mainValues[i]!.has(value),
      );
      if (foreign.length === 0) continue;
      return `${lead} ${field} ${listValues(foreign)} of the ED50 results file ${foreign.length === 1 ? 'is' : 'are'} not in the main data file (it has ${listValues([...mainValues[i]!])}).`;
    }
    const first = unmatched[0]!;
    return `${lead} First: row ${first.row} (${describeGroup(first)}).`;
  }
  if (ambiguous.length > 0) {
    const { edRow, keys } = ambiguous[0]!;
    return `Row ${edRow.row} of the ED50 results file (${describeGroup(edRow)}) matches ${keys.length} colonies of the main data file.`;
  }
  if (pairing.missing.length > 0) {
    const first = candidates.get(pairing.missing[0]!)!;
    const n = pairing.missing.length;
    return `The ED50 results file has no row for ${n === 1 ? '' : `${n} curves of the main data file, the first `}${layout.edMatching.unmatched(first).what} (main data file row ${first.row}).`;
  }
  return null;
}
