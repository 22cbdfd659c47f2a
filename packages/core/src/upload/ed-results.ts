import {
  perThresholdKind,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
} from '../thresholds/threshold-kinds';
import type { CsvRecord } from '../tabular/csv-table';
import { normaliseNumericLabel } from '../tabular/values';
import {
  describeGroup,
  groupingTuple,
  pairEdRows,
  type CurveCandidate,
  type EdMatching,
  type EdRow,
} from './pair-check';
import type { PlanBuilder } from './plan-builder';
import { VALUE_RULES, type RowReader } from './row-reader';

/** The kind whose value the ED results file must give (and an inline value must agree with). */
const ED50 = THRESHOLD_KIND_INFO.ed50.kind;

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
    const values = perThresholdKind((kind) =>
      reader.hasColumn(kind) ? reader.number(record, kind, VALUE_RULES.ed, true) : null,
    );
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
      ...values,
    };
    const tuple = groupingTuple(row.site, row.condition, row.species, row.timepoint, row.genotype);
    const first = seen.get(tuple);
    if (first !== undefined) {
      reader.fail(
        record,
        reader.hasColumn('groupingProperty') ? 'groupingProperty' : 'genotype',
        `This row repeats the colony of row ${first} (${describeGroup(row)}).`,
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

/** Every colony × condition × timepoint the main file has measurements or inline EDs for. */
export function curveCandidates(builder: PlanBuilder): Map<string, CurveCandidate> {
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
 * curve to its ED row. Which tuples name a curve is the layout's (`edMatching`): for raw files
 * (Site, Condition, Species, Timepoint, Genotype); for standard files Species, Condition and
 * Timepoint equal, and Genotype equal to Colony.name or Colony.name equal to
 * "{Site}_{Species}_{Genotype}" (the platform's own naming). When the row also has an inline
 * ED50, the two must agree. Anything unmatched on either side is an error.
 */
export function matchEdRows(
  builder: PlanBuilder,
  edRows: readonly EdRow[],
  main: RowReader,
  ed: RowReader,
  layout: { edMatching: EdMatching },
): void {
  const candidates = curveCandidates(builder);
  const pairing = pairEdRows(candidates, edRows, layout);
  const matched = new Set<string>();
  const genotypeField = ed.hasColumn('genotype') ? 'genotype' : 'groupingProperty';
  for (const { edRow, keys } of pairing.rows) {
    const record = { row: edRow.row, cells: [] as string[] };
    if (keys.length === 0) {
      ed.fail(
        record,
        genotypeField,
        `No colony in the main data file matches this row (${describeGroup(edRow)}).`,
        'Upload the ED50 results file computed from this main data file, or delete this row.',
        'ed-unmatched-row',
      );
      continue;
    }
    if (keys.length > 1) {
      ed.fail(
        record,
        genotypeField,
        `This row matches ${keys.length} colonies of the main data file (${describeGroup(edRow)}).`,
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
      const [inline, fromFile] = [curve[ED50], edRow[ED50]];
      if (
        inline !== null &&
        fromFile !== null &&
        Math.abs(inline - fromFile) > ROUNDING_TOLERANCE
      ) {
        ed.fail(
          record,
          ED50,
          `ED50 ${fromFile} disagrees with the ED50 ${inline} of colony ${candidate.colony.name} in the main data file (row ${curve.source.row}).`,
          'Upload the ED50 results file that belongs to this main data file, or correct one of the two values.',
          'ed-inline-disagrees',
        );
        continue;
      }
      for (const kind of THRESHOLD_KINDS) curve[kind] ??= edRow[kind];
    } else {
      builder.curves.set(key, {
        key,
        colonyKey: candidate.colony.key,
        condition: candidate.condition,
        timepoint: candidate.timepoint,
        ...perThresholdKind((kind) => edRow[kind]),
        source: { file: 'ed50', row: edRow.row },
        observationKeys: [],
      });
    }
  }
  for (const key of pairing.missing) {
    const candidate = candidates.get(key)!;
    const { what, field } = layout.edMatching.unmatched(candidate);
    main.fail(
      { row: candidate.row, cells: [] },
      field,
      `The ED50 results file has no row for ${what}.`,
      'Every colony needs its ED row: upload the ED50 results file computed from this main data file, or remove this colony’s rows.',
      'ed-missing-row',
    );
  }
}
