import type { CsvRecord } from './csv-table';
import type { PlanBuilder } from './plan-builder';
import { VALUE_RULES, type RowReader } from './row-reader';
import type { PlanColony, PlanObservation } from './upload-plan';
import { cleanLabel, normaliseNumericLabel } from './values';

/** One row of the calculator's ED results file. */
export interface EdRow {
  row: number;
  site: string;
  condition: string;
  species: string;
  timepoint: string;
  genotype: string;
  ed5: number | null;
  ed50: number | null;
  ed95: number | null;
}

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

const describe = (r: {
  site: string;
  condition: string;
  species: string;
  timepoint: string;
  genotype: string;
}) =>
  `Site ${r.site}, Condition ${r.condition}, Species ${r.species}, Timepoint ${r.timepoint}, Genotype ${r.genotype}`;

/**
 * Reads the ED results file (ED5, ED50, ED95, GroupingProperty, Site, Condition, Species,
 * Timepoint; optional leading index and trailing Genotype columns). The genotype is the Genotype
 * column when there is one, else what follows "{Site}_{Condition}_{Species}_{Timepoint}_" in
 * GroupingProperty; when both are there they must agree.
 */
export function readEdRows(records: readonly CsvRecord[], reader: RowReader): EdRow[] {
  const rows: EdRow[] = [];
  const seen = new Map<string, number>();
  for (const record of records) {
    const before = reader.problems.errorCount;
    const site = reader.required(record, 'site', 'Enter the site as in the main data file.');
    const condition = reader.required(
      record,
      'condition',
      'Enter the condition as in the main data file.',
    );
    const species = reader.required(
      record,
      'species',
      'Enter the species as in the main data file.',
    );
    const timepoint = reader.required(
      record,
      'timepoint',
      'Enter the timepoint as in the main data file.',
    );
    const ed50 = reader.number(record, 'ed50', VALUE_RULES.ed, true);
    const ed5 = reader.hasColumn('ed5') ? reader.number(record, 'ed5', VALUE_RULES.ed, true) : null;
    const ed95 = reader.hasColumn('ed95')
      ? reader.number(record, 'ed95', VALUE_RULES.ed, true)
      : null;
    if (reader.problems.errorCount > before) continue;
    const genotype = readGenotype(record, reader, [site!, condition!, species!, timepoint!]);
    if (genotype === null) continue;
    const row: EdRow = {
      row: record.row,
      site: site!,
      condition: condition!,
      species: species!,
      timepoint: normaliseNumericLabel(timepoint!),
      genotype: normaliseNumericLabel(genotype),
      ed5,
      ed50,
      ed95,
    };
    const tuple = groupingTuple(row.site, row.condition, row.species, row.timepoint, row.genotype);
    const first = seen.get(tuple);
    if (first !== undefined) {
      reader.fail(
        record,
        reader.hasColumn('groupingProperty') ? 'groupingProperty' : 'genotype',
        `This row repeats the colony of row ${first} (${describe(row)}).`,
        'Each colony has one row in the ED50 results file: delete the repeated row.',
        'ed-duplicate',
      );
      continue;
    }
    seen.set(tuple, record.row);
    rows.push(row);
  }
  return rows;
}

function readGenotype(
  record: CsvRecord,
  reader: RowReader,
  group: readonly string[],
): string | null {
  const fromColumn = reader.hasColumn('genotype') ? reader.text(record, 'genotype') : null;
  const property = reader.hasColumn('groupingProperty')
    ? reader.text(record, 'groupingProperty')
    : null;
  let fromProperty: string | null = null;
  if (property !== null) {
    const prefixes = [
      group.join('_'),
      [...group.slice(0, 3), normaliseNumericLabel(group[3]!)].join('_'),
    ];
    const prefix = prefixes.find(
      (p) => property.startsWith(`${p}_`) && property.length > p.length + 1,
    );
    if (prefix === undefined) {
      return reader.fail(
        record,
        'groupingProperty',
        `GroupingProperty "${property}" does not start with ${group.join('_')}_ (Site_Condition_Species_Timepoint_ of this row).`,
        'Use the ED50 results file exactly as the calculator wrote it, or correct this row’s Site, Condition, Species or Timepoint.',
        'ed-grouping-property',
      );
    }
    fromProperty = property.slice(prefix.length + 1);
  }
  if (fromColumn !== null && fromProperty !== null) {
    if (normaliseNumericLabel(fromColumn) !== normaliseNumericLabel(fromProperty)) {
      return reader.fail(
        record,
        'genotype',
        `Genotype ${fromColumn} does not match the genotype ${fromProperty} at the end of GroupingProperty.`,
        'Correct the Genotype or the GroupingProperty of this row.',
        'ed-genotype-mismatch',
      );
    }
    return fromColumn;
  }
  const genotype = fromColumn ?? fromProperty;
  if (genotype !== null) return genotype;
  return reader.fail(
    record,
    reader.hasColumn('genotype') ? 'genotype' : 'groupingProperty',
    'The row names no genotype (neither a Genotype nor a GroupingProperty value).',
    'Use the ED50 results file exactly as the calculator wrote it.',
    'ed-no-genotype',
  );
}

interface CurveCandidate {
  colony: PlanColony;
  condition: string | null;
  timepoint: string | null;
  observations: PlanObservation[];
  /** First main-file row of the curve. */
  row: number;
}

/** Every colony × condition × timepoint the main file has measurements or inline EDs for. */
function curveCandidates(builder: PlanBuilder): Map<string, CurveCandidate> {
  const candidates = new Map<string, CurveCandidate>();
  const add = (
    key: string,
    colonyKey: string,
    condition: string | null,
    timepoint: string | null,
    row: number,
  ) => {
    let candidate = candidates.get(key);
    if (!candidate) {
      candidate = {
        colony: builder.colonies.get(colonyKey)!,
        condition,
        timepoint,
        observations: [],
        row,
      };
      candidates.set(key, candidate);
    }
    return candidate;
  };
  for (const o of builder.observations) {
    add(o.curveKey, o.colonyKey, o.condition, o.timepoint, o.row).observations.push(o);
  }
  for (const curve of builder.curves.values()) {
    add(curve.key, curve.colonyKey, curve.condition, curve.timepoint, curve.source.row);
  }
  return candidates;
}

/** Tolerance between an inline ED50 and the ED file's value (the calculator rounds to 0.01). */
const ROUNDING_TOLERANCE = 0.0051;

/**
 * Matches every ED row to exactly one curve of the main file by the grouping tuple, and every
 * curve to its ED row. Raw files: (Site, Condition, Species, Timepoint, Genotype). Standard files:
 * Species, Condition and Timepoint equal, and Genotype equal to Colony.name or Colony.name equal
 * to "{Site}_{Species}_{Genotype}" (the platform's own naming); when the row also has an inline
 * ED50, the two must agree. Anything unmatched on either side is an error.
 */
export function matchEdRows(
  builder: PlanBuilder,
  edRows: readonly EdRow[],
  main: RowReader,
  ed: RowReader,
  format: 'standard' | 'raw',
): void {
  const candidates = curveCandidates(builder);
  const byTuple = new Map<string, string[]>();
  for (const [key, candidate] of candidates) {
    for (const tuple of tuplesOf(candidate, format)) {
      byTuple.set(tuple, [...(byTuple.get(tuple) ?? []), key]);
    }
  }
  const matched = new Set<string>();
  const genotypeField = ed.hasColumn('genotype') ? 'genotype' : 'groupingProperty';
  for (const edRow of edRows) {
    const record = { row: edRow.row, cells: [] as string[] };
    const keys = byTuple.get(
      groupingTuple(edRow.site, edRow.condition, edRow.species, edRow.timepoint, edRow.genotype),
    );
    if (!keys || keys.length === 0) {
      ed.fail(
        record,
        genotypeField,
        `No colony in the main data file matches this row (${describe(edRow)}).`,
        'Upload the ED50 results file computed from this main data file, or delete this row.',
        'ed-unmatched-row',
      );
      continue;
    }
    if (keys.length > 1) {
      ed.fail(
        record,
        genotypeField,
        `This row matches ${keys.length} colonies of the main data file (${describe(edRow)}).`,
        'Give the colonies distinct names so that each ED row names exactly one.',
        'ed-ambiguous-row',
      );
      continue;
    }
    const key = keys[0]!;
    if (matched.has(key)) continue; // a second ED row for the same curve was reported as a duplicate
    matched.add(key);
    const candidate = candidates.get(key)!;
    const curve = builder.curves.get(key);
    if (curve) {
      if (
        curve.ed50 !== null &&
        edRow.ed50 !== null &&
        Math.abs(curve.ed50 - edRow.ed50) > ROUNDING_TOLERANCE
      ) {
        ed.fail(
          record,
          'ed50',
          `ED50 ${edRow.ed50} disagrees with the ED50 ${curve.ed50} of colony ${candidate.colony.name} in the main data file (row ${curve.source.row}).`,
          'Upload the ED50 results file that belongs to this main data file, or correct one of the two values.',
          'ed-inline-disagrees',
        );
        continue;
      }
      curve.ed50 ??= edRow.ed50;
      curve.ed5 ??= edRow.ed5;
      curve.ed95 ??= edRow.ed95;
    } else {
      builder.curves.set(key, {
        key,
        colonyKey: candidate.colony.key,
        condition: candidate.condition,
        timepoint: candidate.timepoint,
        ed5: edRow.ed5,
        ed50: edRow.ed50,
        ed95: edRow.ed95,
        source: { file: 'ed50', row: edRow.row },
        observationKeys: [],
      });
    }
  }
  for (const [key, candidate] of candidates) {
    if (matched.has(key)) continue;
    const colony = candidate.colony;
    const what =
      format === 'raw'
        ? describe({
            site: colony.site ?? '',
            condition: candidate.condition ?? '',
            species: colony.species,
            timepoint: candidate.timepoint ?? '',
            genotype: colony.genotype ?? '',
          })
        : `colony ${colony.name} (${colony.species}), condition ${candidate.condition ?? '—'}, timepoint ${candidate.timepoint ?? '—'}`;
    main.fail(
      { row: candidate.row, cells: [] },
      format === 'raw' ? 'genotype' : 'colonyName',
      `The ED50 results file has no row for ${what}.`,
      'Every colony needs its ED row: upload the ED50 results file computed from this main data file, or remove this colony’s rows.',
      'ed-missing-row',
    );
  }
}

function tuplesOf(candidate: CurveCandidate, format: 'standard' | 'raw'): string[] {
  const { colony, condition, timepoint } = candidate;
  if (format === 'raw') {
    return [
      groupingTuple(
        colony.site ?? '',
        condition ?? '',
        colony.species,
        timepoint ?? '',
        colony.genotype ?? '',
      ),
    ];
  }
  // Standard schema: Site is the experiment, Genotype the colony (or the end of its name).
  const sites = [...new Set(candidate.observations.map((o) => o.site).concat(colony.site ?? []))];
  const tuples = new Set<string>();
  for (const site of sites) {
    tuples.add(groupingTuple(site, condition ?? '', colony.species, timepoint ?? '', colony.name));
    const prefix = `${site}_${colony.species.replace(/\s+/g, '_')}_`;
    if (colony.name.startsWith(prefix) && colony.name.length > prefix.length) {
      tuples.add(
        groupingTuple(
          site,
          condition ?? '',
          colony.species,
          timepoint ?? '',
          colony.name.slice(prefix.length),
        ),
      );
    }
  }
  return [...tuples];
}
