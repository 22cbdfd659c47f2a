import { CLIENT_ROUTES } from '../../client-routes';
import { describeEdProvenance, type EdProvenance } from '../../thresholds/ed-provenance';
import { isUntrustworthy } from '../../thresholds/quality-flags';
import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS } from '../../thresholds/threshold-kinds';
import { rowMmm, thresholdRows } from '../../thresholds/threshold-rows';
import type { DatasetLookup } from '../download-datasets';
import type { DownloadColony, DownloadContext, DownloadThreshold } from '../download-model';
import { assayEventId, colonyEventId, colonyOccurrenceId } from './dwca-ids';
import { dwcaHeader, dwcaLine, type DwcaFileSpec } from './dwca-table';
import { DEGREES_CELSIUS_UNIT_ID, DWC, OBIS, ROW_TYPES } from './dwca-terms';
import { measurementTerm, measurementTermUrl, type MeasurementTerm } from './measurement-terms';

/**
 * extendedmeasurementorfact.txt: the thresholds and the MMM of every colony, and each
 * data-quality flag of a value as a row of its own that names the value (relatedResourceID).
 * Values a failed fit flagged as untrustworthy are left out (the CSV keeps them, marked):
 * docs/decisions/0058-obis-ready-archives-and-friendly-files.md.
 */
export interface DwcaMeasurementRow {
  eventId: string;
  occurrenceId: string;
  measurementId: string;
  /** The measurement a flag row is about; null for a value. */
  relatedId: string | null;
  term: MeasurementTerm;
  typeId: string;
  value: number | string;
  /** For a flag: its description's page. */
  valueId: string | null;
  method: string;
  remarks: string;
}

function termOf(id: string): MeasurementTerm {
  const term = measurementTerm(id);
  if (term === undefined) throw new Error(`No measurement term "${id}" (measurement-terms.ts)`);
  return term;
}

const MEASUREMENT_TERMS_TEXT = [
  ...THRESHOLD_KINDS.flatMap((kind) => [`${kind}-absolute`, `${kind}-relative`]),
  'mmm',
  'quality-flag',
]
  .map((id) => `"${termOf(id).label}"`)
  .join(', ');

export const MEASUREMENT_FILE: DwcaFileSpec<DwcaMeasurementRow> = {
  fileName: 'extendedmeasurementorfact.txt',
  rowType: ROW_TYPES.measurement,
  role: 'extension',
  idColumn: {
    name: 'eventID',
    // eventID is not a term of the eMoF extension: the column is only the link to the core.
    term: null,
    description:
      "The event (in event.txt) of the value: the assay it was fitted from, else the colony's first",
    value: (row) => row.eventId,
  },
  fields: [
    {
      name: 'occurrenceID',
      term: `${DWC}occurrenceID`,
      description: 'The colony (occurrence in occurrence.txt) the value is about',
      unit: null,
      value: (row) => row.occurrenceId,
    },
    {
      name: 'measurementID',
      term: `${DWC}measurementID`,
      description:
        'Stable id of the value: <occurrenceID>#<kind>-<abs|rel|mmm>/<condition>/<timepoint>/<n>',
      unit: null,
      value: (row) => row.measurementId,
    },
    {
      name: 'relatedResourceID',
      term: `${DWC}relatedResourceID`,
      description:
        'For a data-quality flag: the measurementID of the value it flags; empty otherwise',
      unit: null,
      value: (row) => row.relatedId,
    },
    {
      name: 'measurementType',
      term: `${DWC}measurementType`,
      description: `One of: ${MEASUREMENT_TERMS_TEXT}`,
      unit: null,
      value: (row) => row.term.label,
    },
    {
      name: 'measurementTypeID',
      term: `${OBIS}measurementTypeID`,
      description:
        "The type's page on the platform (<platform>/api/public/terms/<type>: its definition and unit); no controlled vocabulary names these types",
      unit: null,
      value: (row) => row.typeId,
    },
    {
      name: 'measurementValue',
      term: `${DWC}measurementValue`,
      description:
        'The value as the data provider submitted it (°C); for a data-quality flag, its code',
      unit: '°C',
      value: (row) => row.value,
    },
    {
      name: 'measurementValueID',
      term: `${OBIS}measurementValueID`,
      description:
        "For a data-quality flag: the flag's description (<platform>/quality-flags#<code>); empty otherwise",
      unit: null,
      value: (row) => row.valueId,
    },
    {
      name: 'measurementUnit',
      term: `${DWC}measurementUnit`,
      description: '"°C"; empty for a data-quality flag',
      unit: null,
      value: (row) => row.term.unit,
    },
    {
      name: 'measurementUnitID',
      term: `${OBIS}measurementUnitID`,
      description: `${DEGREES_CELSIUS_UNIT_ID} (NERC P06: degrees Celsius); empty for a data-quality flag`,
      unit: null,
      value: (row) => row.term.unitId,
    },
    {
      name: 'measurementMethod',
      term: `${DWC}measurementMethod`,
      description:
        'How the value was obtained (for ED values: as submitted, or refit by the platform with model, fit and ED engine version), with the software version that exported it',
      unit: null,
      value: (row) => row.method,
    },
    {
      name: 'measurementRemarks',
      term: `${DWC}measurementRemarks`,
      description:
        'Condition and timepoint (minutes after the start of the ramp) of the value (its flags are rows of their own)',
      unit: null,
      value: (row) => row.remarks,
    },
  ],
};

export const dwcaMeasurementHeader = () => dwcaHeader(MEASUREMENT_FILE);

/** How an ED value was computed (decision 0032): refit by the platform's engine, or submitted. */
const fitMethod = (provenance: EdProvenance, context: DownloadContext) =>
  provenance.method === 'submitted'
    ? `Dose-response fit of Fv/Fm over assay temperature, as submitted by the data provider (model and software not recorded); exported by ${context.platform} ${context.softwareVersion}`
    : `Dose-response fit of Fv/Fm over assay temperature. ${describeEdProvenance(provenance)}; exported by ${context.platform} ${context.softwareVersion}`;
const mmmMethod = (context: DownloadContext) =>
  `Maximum monthly mean sea-surface temperature climatology at the colony, as submitted by the data provider; exported by ${context.platform} ${context.softwareVersion}`;

const idPart = (text: string | null) => encodeURIComponent(text ?? '');

function remarksOf(condition: string | null, timepoint: string | null) {
  return [
    `condition: ${condition ?? 'not stated'}`,
    `timepoint: ${timepoint === null ? 'not stated' : `${timepoint} min`}`,
  ].join('; ');
}

/**
 * Every measurement of a colony: per condition × timepoint its MMM, per kind abs and rel, and a
 * row per data-quality flag of a value; values with an untrustworthy flag (a failed fit) are left
 * out with their flags.
 */
export function dwcaMeasurementRowsOf(
  colony: DownloadColony,
  context: DownloadContext,
  lookup: DatasetLookup,
): DwcaMeasurementRow[] {
  const dataset = lookup(colony);
  const occurrenceId = colonyOccurrenceId(context, colony.id);
  const fallbackEvent = colonyEventId(context, colony, dataset);
  const assayIds = new Set(colony.assays.map((assay) => assay.id));
  const eventOf = (entry: DownloadThreshold | null) =>
    entry?.assayId != null && assayIds.has(entry.assayId)
      ? assayEventId(dataset, entry.assayId)
      : fallbackEvent;
  const typeId = (term: MeasurementTerm) => measurementTermUrl(context.publicUrl, term.id);
  const flagTerm = termOf('quality-flag');
  const rows: DwcaMeasurementRow[] = [];
  const occurrences = new Map<string, number>();
  for (const row of thresholdRows(colony.thresholds)) {
    const key = `${idPart(row.condition)}/${idPart(row.timepoint)}`;
    // Several entries of a kind for one condition and timepoint are numbered, so ids stay unique.
    const n = occurrences.get(key) ?? 0;
    occurrences.set(key, n + 1);
    const idOf = (what: string) => `${occurrenceId}#${what}/${key}/${n}`;
    const remarks = remarksOf(row.condition, row.timepoint);
    const firstEntry =
      THRESHOLD_KINDS.map((kind) => row.entries[kind]).find((e) => e !== null) ?? null;
    const mmm = rowMmm(row);
    if (mmm !== null) {
      const term = termOf('mmm');
      rows.push({
        eventId: eventOf(firstEntry),
        occurrenceId,
        measurementId: idOf('mmm'),
        relatedId: null,
        term,
        typeId: typeId(term),
        value: mmm,
        valueId: null,
        method: mmmMethod(context),
        remarks,
      });
    }
    for (const kind of THRESHOLD_KINDS) {
      const entry = row.entries[kind];
      if (entry === null || isUntrustworthy(entry.qualityFlags)) continue;
      const { edLabel } = THRESHOLD_KIND_INFO[kind];
      const values = [
        ['abs', `${kind}-absolute`, entry.abs, fitMethod(entry.provenance, context)],
        [
          'rel',
          `${kind}-relative`,
          entry.rel,
          `${edLabel} minus the MMM climatology. ${edLabel}: ${fitMethod(entry.provenance, context)}`,
        ],
      ] as const;
      for (const [part, termId, value, method] of values) {
        if (value === null) continue;
        const term = termOf(termId);
        const measurementId = idOf(`${kind}-${part}`);
        rows.push({
          eventId: eventOf(entry),
          occurrenceId,
          measurementId,
          relatedId: null,
          term,
          typeId: typeId(term),
          value,
          valueId: null,
          method,
          remarks,
        });
        for (const flag of entry.qualityFlags) {
          rows.push({
            eventId: eventOf(entry),
            occurrenceId,
            measurementId: `${measurementId}/flag/${flag}`,
            relatedId: measurementId,
            term: flagTerm,
            typeId: typeId(flagTerm),
            value: flag,
            valueId: `${context.publicUrl}${CLIENT_ROUTES.quality_flags}#${flag}`,
            method: `Data-quality check of the platform (${context.platform} ${context.softwareVersion})`,
            remarks,
          });
        }
      }
    }
  }
  return rows;
}

export function dwcaMeasurementRows(
  colony: DownloadColony,
  context: DownloadContext,
  lookup: DatasetLookup,
): string {
  return dwcaMeasurementRowsOf(colony, context, lookup)
    .map((row) => dwcaLine(MEASUREMENT_FILE, row))
    .join('');
}
