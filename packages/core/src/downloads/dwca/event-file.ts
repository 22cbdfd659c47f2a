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
  siteEventId,
  countryCode,
  DEFAULT_SAMPLING_PROTOCOL,
  dwcaDatasetId,
  licenceUrl,
  samplingProtocol,
} from './dwca-ids';
import { dwcaHeader, dwcaLine, type DwcaFileSpec } from './dwca-table';
import { DCTERMS, DWC, ROW_TYPES } from './dwca-terms';

/**
 * event.txt, the core: a hierarchy of sites and their CBASS assays (an assay's `parentEventID` is
 * its site), and one collection event per colony that took part in no assay.
 */
export type DwcaEventRow =
  | {
      kind: 'assay';
      eventId: string;
      parentEventId: string;
      assay: DownloadAssay;
      colony: DownloadColony;
      dataset: DownloadDataset;
    }
  | {
      kind: 'site';
      eventId: string;
      siteName: string;
      /** The dates of the site's assays in the download (ISO dates). */
      dates: readonly string[];
      colony: DownloadColony;
      dataset: DownloadDataset;
    }
  | { kind: 'collection'; eventId: string; colony: DownloadColony; dataset: DownloadDataset };

const EVENT_TYPES = { site: 'Site', assay: 'CBASS assay', collection: 'Collection' } as const;

/** A set of ISO dates as one ISO 8601 date or interval ("2022-09-20/2022-11-29"). */
export function dateRange(dates: readonly string[]): string | null {
  if (dates.length === 0) return null;
  const sorted = [...dates].sort();
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  return first === last ? first : `${first}/${last}`;
}

function eventDate(row: DwcaEventRow): string | null | undefined {
  switch (row.kind) {
    case 'assay':
      return row.assay.date ?? row.colony.collectionDates[0];
    case 'site':
      return dateRange(row.dates) ?? dateRange(row.colony.collectionDates);
    case 'collection':
      return row.colony.collectionDates[0];
  }
}

export const EVENT_FILE: DwcaFileSpec<DwcaEventRow> = {
  fileName: 'event.txt',
  rowType: ROW_TYPES.event,
  role: 'core',
  idColumn: {
    name: 'eventID',
    term: `${DWC}eventID`,
    description: `Stable IRI of the event, a part of a page of the platform: <dataset version page>#site-<site name> for a site, <dataset version page>#assay-<assay id> for a CBASS assay; <platform>/colony/<colony id>#collection for a colony without any assay (its collection)`,
    value: (row) => row.eventId,
  },
  fields: [
    {
      name: 'parentEventID',
      term: `${DWC}parentEventID`,
      description:
        "For a CBASS assay, its site's eventID; empty for a site and a colony's collection",
      unit: null,
      value: (row) => (row.kind === 'assay' ? row.parentEventId : null),
    },
    {
      name: 'eventType',
      term: `${DWC}eventType`,
      description: '"Site", "CBASS assay", or "Collection" for the event of a colony without assay',
      unit: null,
      value: (row) => EVENT_TYPES[row.kind],
    },
    {
      name: 'eventDate',
      term: `${DWC}eventDate`,
      description:
        "Date of the assay (ISO 8601); for a site, the dates of its assays in the download (one date or an interval first/last); for a collection, the colony's first collection date",
      unit: null,
      value: eventDate,
    },
    {
      name: 'locality',
      term: `${DWC}locality`,
      description: "The site: the assay's name, which in every datasheet is the site",
      unit: null,
      value: (row) =>
        row.kind === 'assay' ? row.assay.name : row.kind === 'site' ? row.siteName : null,
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
      description: 'Project of the assay; for a collection event, why it exists',
      unit: null,
      value: (row) =>
        row.kind === 'assay'
          ? `Project: ${row.assay.projectName}`
          : row.kind === 'collection'
            ? 'No assay of this colony is recorded on the platform; this event stands for its collection.'
            : null,
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
 * The events of one download (assays and sites are shared by many colonies): assays and
 * collections are written when first met, sites at the end (their date spans their assays).
 * Holds one entry per event: a download has at most a few thousand assays.
 */
export class DwcaEventTracker {
  private readonly written = new Set<string>();
  private readonly sites = new Map<string, Extract<DwcaEventRow, { kind: 'site' }>>();

  /** True the first time an event id is offered (it must then be written). */
  claim(eventId: string): boolean {
    if (this.written.has(eventId)) return false;
    this.written.add(eventId);
    return true;
  }

  has(eventId: string): boolean {
    return this.written.has(eventId) || this.sites.has(eventId);
  }

  /** Remembers an assay's site (and the assay's date) for the end. */
  site(
    eventId: string,
    siteName: string,
    date: string | null,
    colony: DownloadColony,
    dataset: DownloadDataset,
  ) {
    const known = this.sites.get(eventId);
    const dates = known ? [...known.dates] : [];
    if (date !== null && !dates.includes(date)) dates.push(date);
    this.sites.set(
      eventId,
      known ? { ...known, dates } : { kind: 'site', eventId, siteName, dates, colony, dataset },
    );
  }

  /** The sites met, once each, in the order they were first met. */
  siteRows(): DwcaEventRow[] {
    return [...this.sites.values()];
  }
}

/** The event rows a colony brings that are not yet written (its assays, or its collection). */
export function dwcaEventRowsOf(
  colony: DownloadColony,
  context: DownloadContext,
  lookup: DatasetLookup,
  tracker: DwcaEventTracker,
): DwcaEventRow[] {
  const dataset = lookup(colony);
  if (colony.assays.length === 0) {
    const eventId = colonyFallbackEventId(context, colony.id);
    return tracker.claim(eventId) ? [{ kind: 'collection', eventId, colony, dataset }] : [];
  }
  const rows: DwcaEventRow[] = [];
  for (const assay of colony.assays) {
    const eventId = assayEventId(dataset, assay.id);
    if (!tracker.claim(eventId)) continue;
    const parentEventId = siteEventId(dataset, assay.name);
    tracker.site(parentEventId, assay.name, assay.date, colony, dataset);
    rows.push({ kind: 'assay', eventId, parentEventId, assay, colony, dataset });
  }
  return rows;
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

/** The site events, written after every colony (the archive table's tail). */
export function dwcaSiteEventRows(tracker: DwcaEventTracker): string {
  return tracker
    .siteRows()
    .map((row) => dwcaLine(EVENT_FILE, row))
    .join('');
}
