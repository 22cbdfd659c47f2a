import { describeEdProvenance, type EdProvenance } from '../../thresholds/ed-provenance';
import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS } from '../../thresholds/threshold-kinds';
import { rowMmm, thresholdRows } from '../../thresholds/threshold-rows';
import type { DownloadColony, DownloadContext, DownloadThreshold } from '../download-model';
import { assayEventId, colonyEventId, colonyOccurrenceId } from './dwca-ids';
import { dwcaHeader, dwcaLine, type DwcaFileSpec } from './dwca-table';
import { DEGREES_CELSIUS_UNIT_ID, DWC, OBIS, ROW_TYPES } from './dwca-terms';

/** extendedmeasurementorfact.txt: the thresholds and the MMM of every colony. */
export interface DwcaMeasurementRow {
  eventId: string;
  occurrenceId: string;
  measurementId: string;
  type: string;
  value: number;
  method: string;
  remarks: string;
}

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
      name: 'measurementType',
      term: `${DWC}measurementType`,
      description: THRESHOLD_KINDS.map((kind) => {
        const { edLabel, label } = THRESHOLD_KIND_INFO[kind];
        return `"${edLabel} (${label}) absolute" / "${edLabel} relative to MMM"`;
      })
        .concat('"MMM (maximum monthly mean SST climatology)"')
        .join(', '),
      unit: null,
      value: (row) => row.type,
    },
    {
      name: 'measurementValue',
      term: `${DWC}measurementValue`,
      description: 'The value as the data provider submitted it',
      unit: '°C',
      value: (row) => row.value,
    },
    {
      name: 'measurementUnit',
      term: `${DWC}measurementUnit`,
      description: '"°C"',
      unit: null,
      value: () => '°C',
    },
    {
      name: 'measurementUnitID',
      term: `${OBIS}measurementUnitID`,
      description: `${DEGREES_CELSIUS_UNIT_ID} (NERC P06: degrees Celsius)`,
      unit: null,
      value: () => DEGREES_CELSIUS_UNIT_ID,
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
        'Condition, timepoint (minutes after the start of the ramp) and data-quality flags of the value',
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

function remarksOf(condition: string | null, timepoint: string | null, flags: readonly string[]) {
  const parts = [
    `condition: ${condition ?? 'not stated'}`,
    `timepoint: ${timepoint === null ? 'not stated' : `${timepoint} min`}`,
    `quality flags: ${flags.length === 0 ? 'none' : flags.join(', ')}`,
  ];
  return parts.join('; ');
}

/** Every measurement of a colony: per condition × timepoint its MMM, and per kind abs and rel. */
export function dwcaMeasurementRowsOf(
  colony: DownloadColony,
  context: DownloadContext,
): DwcaMeasurementRow[] {
  const occurrenceId = colonyOccurrenceId(context, colony.id);
  const fallbackEvent = colonyEventId(context, colony);
  const assayIds = new Set(colony.assays.map((assay) => assay.id));
  const eventOf = (entry: DownloadThreshold | null) =>
    entry?.assayId != null && assayIds.has(entry.assayId)
      ? assayEventId(context, entry.assayId)
      : fallbackEvent;
  const rows: DwcaMeasurementRow[] = [];
  const occurrences = new Map<string, number>();
  for (const row of thresholdRows(colony.thresholds)) {
    const key = `${idPart(row.condition)}/${idPart(row.timepoint)}`;
    // Several entries of a kind for one condition and timepoint are numbered, so ids stay unique.
    const n = occurrences.get(key) ?? 0;
    occurrences.set(key, n + 1);
    const idOf = (what: string) => `${occurrenceId}#${what}/${key}/${n}`;
    const firstEntry =
      THRESHOLD_KINDS.map((kind) => row.entries[kind]).find((e) => e !== null) ?? null;
    const mmm = rowMmm(row);
    if (mmm !== null) {
      rows.push({
        eventId: eventOf(firstEntry),
        occurrenceId,
        measurementId: idOf('mmm'),
        type: 'MMM (maximum monthly mean SST climatology)',
        value: mmm,
        method: mmmMethod(context),
        remarks: remarksOf(row.condition, row.timepoint, []),
      });
    }
    for (const kind of THRESHOLD_KINDS) {
      const entry = row.entries[kind];
      if (entry === null) continue;
      const { edLabel, label } = THRESHOLD_KIND_INFO[kind];
      const remarks = remarksOf(row.condition, row.timepoint, entry.qualityFlags);
      if (entry.abs !== null) {
        rows.push({
          eventId: eventOf(entry),
          occurrenceId,
          measurementId: idOf(`${kind}-abs`),
          type: `${edLabel} (${label}) absolute`,
          value: entry.abs,
          method: fitMethod(entry.provenance, context),
          remarks,
        });
      }
      if (entry.rel !== null) {
        rows.push({
          eventId: eventOf(entry),
          occurrenceId,
          measurementId: idOf(`${kind}-rel`),
          type: `${edLabel} relative to MMM`,
          value: entry.rel,
          method: `${edLabel} minus the MMM climatology. ${edLabel}: ${fitMethod(entry.provenance, context)}`,
          remarks,
        });
      }
    }
  }
  return rows;
}

export function dwcaMeasurementRows(colony: DownloadColony, context: DownloadContext): string {
  return dwcaMeasurementRowsOf(colony, context)
    .map((row) => dwcaLine(MEASUREMENT_FILE, row))
    .join('');
}
