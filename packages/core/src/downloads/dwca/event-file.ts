import type { DatasetLookup } from '../download-datasets';
import type {
  DownloadAssay,
  DownloadColony,
  DownloadContext,
  DownloadDataset,
} from '../download-model';
import {
  assayEventId,
  colonyFallbackEventId,
  countryCode,
  DEFAULT_SAMPLING_PROTOCOL,
  dwcaDatasetId,
  licenceUrl,
  samplingProtocol,
} from './dwca-ids';
import { dwcaHeader, dwcaLine, type DwcaFileSpec } from './dwca-table';
import { DCTERMS, DWC, ROW_TYPES } from './dwca-terms';

/** event.txt, the core: one event per CBASS assay (and one per colony that has none). */
export interface DwcaEventRow {
  eventId: string;
  /** Null for a colony's fallback event. */
  assay: DownloadAssay | null;
  colony: DownloadColony;
  dataset: DownloadDataset;
}

export const EVENT_FILE: DwcaFileSpec<DwcaEventRow> = {
  fileName: 'event.txt',
  rowType: ROW_TYPES.event,
  role: 'core',
  idColumn: {
    name: 'eventID',
    term: `${DWC}eventID`,
    description: `Stable IRI of the event: <platform>/assays/<assay id> for a CBASS assay; <platform>/colony/<colony id>#collection for a colony without any assay (its collection)`,
    value: (row) => row.eventId,
  },
  fields: [
    {
      name: 'eventType',
      term: `${DWC}eventType`,
      description:
        '"CBASS assay", or "Collection" for the fallback event of a colony without assay',
      unit: null,
      value: (row) => (row.assay ? 'CBASS assay' : 'Collection'),
    },
    {
      name: 'eventDate',
      term: `${DWC}eventDate`,
      description:
        "Date of the assay (ISO 8601); for a fallback event, the colony's first collection date",
      unit: null,
      value: (row) => (row.assay ? row.assay.date : row.colony.collectionDates[0]),
    },
    {
      name: 'locality',
      term: `${DWC}locality`,
      description: "The assay's name: in every datasheet, the site",
      unit: null,
      value: (row) => row.assay?.name,
    },
    {
      name: 'countryCode',
      term: `${DWC}countryCode`,
      description: 'ISO 3166-1 alpha-2 code of the country',
      unit: null,
      value: (row) => countryCode(row.colony),
    },
    {
      name: 'samplingProtocol',
      term: `${DWC}samplingProtocol`,
      description: `How the assay was run (the dataset's protocol: ramp-hold profile, hold temperatures and duration); "${DEFAULT_SAMPLING_PROTOCOL}" when the dataset states none`,
      unit: null,
      value: (row) => samplingProtocol(row.dataset),
    },
    {
      name: 'eventRemarks',
      term: `${DWC}eventRemarks`,
      description: 'Project of the assay; for a fallback event, why it exists',
      unit: null,
      value: (row) =>
        row.assay
          ? `Project: ${row.assay.projectName}`
          : 'No assay of this colony is recorded on the platform; this event stands for its collection.',
    },
    {
      name: 'datasetID',
      term: `${DWC}datasetID`,
      description: "The dataset version's DOI (https://doi.org/…) or, without one, its page",
      unit: null,
      value: (row) => dwcaDatasetId(row.dataset),
    },
    {
      name: 'datasetName',
      term: `${DWC}datasetName`,
      description: 'Title of the dataset version',
      unit: null,
      value: (row) => row.dataset.facts.title,
    },
    {
      name: 'license',
      term: `${DCTERMS}license`,
      description: 'URL of the licence of the dataset version; empty when none was stated',
      unit: null,
      value: (row) => licenceUrl(row.dataset),
    },
  ],
};

/**
 * The events already written in this download (assays are shared by many colonies). Holds one
 * string per event: a download has at most a few thousand assays.
 */
export class DwcaEventTracker {
  private readonly written = new Set<string>();

  /** True the first time an event id is offered (it must then be written). */
  claim(eventId: string): boolean {
    if (this.written.has(eventId)) return false;
    this.written.add(eventId);
    return true;
  }

  has(eventId: string): boolean {
    return this.written.has(eventId);
  }
}

/** The event rows a colony brings that are not yet written (its assays, or its fallback event). */
export function dwcaEventRowsOf(
  colony: DownloadColony,
  context: DownloadContext,
  lookup: DatasetLookup,
  tracker: DwcaEventTracker,
): DwcaEventRow[] {
  const dataset = lookup(colony);
  const candidates: DwcaEventRow[] =
    colony.assays.length === 0
      ? [{ eventId: colonyFallbackEventId(context, colony.id), assay: null, colony, dataset }]
      : colony.assays.map((assay) => ({
          eventId: assayEventId(context, assay.id),
          assay,
          colony,
          dataset,
        }));
  return candidates.filter((row) => tracker.claim(row.eventId));
}

export const dwcaEventHeader = () => dwcaHeader(EVENT_FILE);

export function dwcaEventRows(
  colony: DownloadColony,
  context: DownloadContext,
  lookup: DatasetLookup,
  tracker: DwcaEventTracker,
): string {
  return dwcaEventRowsOf(colony, context, lookup, tracker)
    .map((row) => dwcaLine(EVENT_FILE, row))
    .join('');
}
