import type { DatasetLookup } from '../download-datasets';
import { roundCoordinate } from '../download-geojson';
import type { DownloadColony, DownloadContext, DownloadDataset } from '../download-model';
import {
  colonyEventId,
  colonyOccurrenceId,
  countryCode,
  dwcaDatasetId,
  licenceUrl,
} from './dwca-ids';
import { dwcaHeader, dwcaLine, type DwcaFileSpec } from './dwca-table';
import { DCTERMS, DWC, ROW_TYPES } from './dwca-terms';
import { displayTaxonName, scientificNameId, TAXON_RANKS } from '../../taxonomy/taxon-match';

/** WoRMS' answer when it is an exact match (accepted name or synonym); null otherwise. */
const exactMatch = (row: DwcaOccurrenceRow) => {
  const taxon = row.colony.taxon ?? null;
  return taxon && (taxon.status === 'accepted' || taxon.status === 'synonym') ? taxon : null;
};

/** occurrence.txt: one occurrence per colony, on the event of its first assay. */
export interface DwcaOccurrenceRow {
  eventId: string;
  occurrenceId: string;
  colony: DownloadColony;
  dataset: DownloadDataset;
}

export const OCCURRENCE_FILE: DwcaFileSpec<DwcaOccurrenceRow> = {
  fileName: 'occurrence.txt',
  rowType: ROW_TYPES.occurrence,
  role: 'extension',
  idColumn: {
    name: 'eventID',
    term: `${DWC}eventID`,
    description: "The event (in event.txt) the occurrence belongs to: the colony's first assay",
    value: (row) => row.eventId,
  },
  fields: [
    {
      name: 'occurrenceID',
      term: `${DWC}occurrenceID`,
      description: 'Stable IRI of the colony: <platform>/colony/<colony id>',
      unit: null,
      value: (row) => row.occurrenceId,
    },
    {
      name: 'basisOfRecord',
      term: `${DWC}basisOfRecord`,
      description: '"MaterialSample": fragments of the colony were collected and assayed',
      unit: null,
      // The thresholds were measured on fragments cut from the colony and assayed ex situ: a
      // material sample, not a sighting (HumanObservation) nor a kept specimen (PreservedSpecimen).
      value: () => 'MaterialSample',
    },
    {
      name: 'occurrenceStatus',
      term: `${DWC}occurrenceStatus`,
      description: '"present" (OBIS requires it)',
      unit: null,
      value: () => 'present',
    },
    {
      name: 'organismID',
      term: `${DWC}organismID`,
      description: 'The colony (the organism) as a stable IRI, equal to occurrenceID',
      unit: null,
      value: (row) => row.occurrenceId,
    },
    {
      name: 'organismName',
      term: `${DWC}organismName`,
      description: 'Colony name as the data provider gave it',
      unit: null,
      value: (row) => row.colony.name,
    },
    {
      name: 'scientificName',
      term: `${DWC}scientificName`,
      description:
        "Species: WoRMS' accepted name when the name as written matched exactly (a synonym is given under its accepted name), else the name as written",
      unit: null,
      value: (row) => displayTaxonName(row.colony.species, row.colony.taxon ?? null),
    },
    {
      name: 'scientificNameID',
      term: `${DWC}scientificNameID`,
      description:
        'WoRMS LSID of scientificName (urn:lsid:marinespecies.org:taxname:<AphiaID>); empty when WoRMS has no exact match or has not been asked yet',
      unit: null,
      value: (row) => scientificNameId(row.colony.taxon ?? null) ?? '',
    },
    {
      name: 'verbatimIdentification',
      term: `${DWC}verbatimIdentification`,
      description: 'The species as the data provider wrote it',
      unit: null,
      value: (row) => row.colony.species,
    },
    {
      name: 'taxonRank',
      term: `${DWC}taxonRank`,
      description: 'Rank of scientificName in WoRMS (e.g. Species); empty without an exact match',
      unit: null,
      value: (row) => exactMatch(row)?.rank?.toLowerCase() ?? '',
    },
    ...TAXON_RANKS.map((rank) => ({
      name: rank,
      term: `${DWC}${rank}`,
      description: `The ${rank} of scientificName in WoRMS; empty without an exact match`,
      unit: null,
      value: (row: DwcaOccurrenceRow) => exactMatch(row)?.classification[rank] ?? '',
    })),
    {
      name: 'eventDate',
      term: `${DWC}eventDate`,
      description: "Date of the colony's first assay, else its first collection date (ISO 8601)",
      unit: null,
      value: (row) => row.colony.assays[0]?.date ?? row.colony.collectionDates[0],
    },
    {
      name: 'decimalLatitude',
      term: `${DWC}decimalLatitude`,
      description: 'Latitude of the colony (WGS 84)',
      unit: 'decimal degrees',
      value: (row) => roundCoordinate(row.colony.latitude),
    },
    {
      name: 'decimalLongitude',
      term: `${DWC}decimalLongitude`,
      description: 'Longitude of the colony (WGS 84)',
      unit: 'decimal degrees',
      value: (row) => roundCoordinate(row.colony.longitude),
    },
    {
      name: 'geodeticDatum',
      term: `${DWC}geodeticDatum`,
      description: '"EPSG:4326" (WGS 84)',
      unit: null,
      value: () => 'EPSG:4326',
    },
    {
      name: 'countryCode',
      term: `${DWC}countryCode`,
      description: 'ISO 3166-1 alpha-2 code of the country',
      unit: null,
      value: (row) => countryCode(row.colony),
    },
    {
      name: 'associatedReferences',
      term: `${DWC}associatedReferences`,
      description:
        'DOIs (https://doi.org/…) of the publications of the colony\'s projects and dataset version, " | "-separated',
      unit: null,
      value: (row) => row.colony.publicationDois.map((doi) => `https://doi.org/${doi}`).join(' | '),
    },
    {
      name: 'datasetID',
      term: `${DWC}datasetID`,
      description: "The dataset version's DOI (https://doi.org/…) or, without one, its page",
      unit: null,
      value: (row) => dwcaDatasetId(row.dataset),
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

export const dwcaOccurrenceHeader = () => dwcaHeader(OCCURRENCE_FILE);

export function dwcaOccurrenceRows(
  colony: DownloadColony,
  context: DownloadContext,
  lookup: DatasetLookup,
): string {
  const dataset = lookup(colony);
  return dwcaLine(OCCURRENCE_FILE, {
    eventId: colonyEventId(context, colony, dataset),
    occurrenceId: colonyOccurrenceId(context, colony.id),
    colony,
    dataset,
  });
}
