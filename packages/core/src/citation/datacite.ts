import { orcidUrl } from '../datasets/identifiers';
import { LICENCE_NOT_STATED_PLAIN, LICENCES, type LicenceId } from '../datasets/licences';
import {
  creditedOrganisation,
  personName,
  publicationYear,
  withdrawalNote,
  type CitationFacts,
} from './citation-facts';

/**
 * DataCite Metadata Schema 4.6 in its JSON form (the attributes of the DataCite REST API), as the
 * JSON schema DataCite points to (Invenio's, kept in fixtures/schemas/datacite/) defines it; the
 * tests validate against it, and the XML written from the same object against the official XSD
 * (docs/decisions/0057-eml-gbif-profile-and-datacite.md).
 */
export interface DataCiteCreator {
  name: string;
  nameType?: 'Personal' | 'Organizational';
  givenName?: string;
  familyName?: string;
  nameIdentifiers?: { nameIdentifier: string; nameIdentifierScheme: string; schemeUri: string }[];
  /** The REST API's key (singular); the schema leaves creators' other keys open. */
  affiliation?: { name: string }[];
}

export interface DataCiteRights {
  rights: string;
  rightsUri?: string;
  rightsIdentifier?: string;
  rightsIdentifierScheme?: 'SPDX';
  schemeUri?: string;
  lang: string;
}

export interface DataCiteMetadata {
  schemaVersion: 'http://datacite.org/schema/kernel-4';
  /** Without resolver; absent while none is registered (then the record is not registrable). */
  doi?: string;
  /** The landing page: the version's (or snapshot's) page. */
  url: string;
  types: { resourceTypeGeneral: 'Dataset'; resourceType: string };
  creators: DataCiteCreator[];
  titles: { title: string; lang: string }[];
  /** An object since 4.5 (it may carry an identifier: the platform has none). */
  publisher: { name: string; lang: string };
  publicationYear: string;
  subjects: { subject: string; lang: string }[];
  /**
   * Issued (the publication), Collected (the assays, as `first/last`) when known, and Updated
   * when a curator revised the description (decision 0064).
   */
  dates: { date: string; dateType: 'Issued' | 'Collected' | 'Updated' }[];
  language: string;
  alternateIdentifiers: { alternateIdentifier: string; alternateIdentifierType: 'URL' }[];
  relatedIdentifiers: {
    relatedIdentifier: string;
    relatedIdentifierType: 'DOI' | 'URL';
    /** A dataset version supplements its publications; a snapshot is derived from versions. */
    relationType: 'IsSupplementTo' | 'IsDerivedFrom';
  }[];
  version: string;
  rightsList: DataCiteRights[];
  descriptions: { description: string; descriptionType: 'Abstract' | 'Other'; lang: string }[];
  /** Where the colonies were collected: the sites' bounding box, then each country by name. */
  geoLocations?: DataCiteGeoLocation[];
}

export interface DataCiteGeoLocation {
  geoLocationPlace?: string;
  geoLocationBox?: {
    westBoundLongitude: number;
    eastBoundLongitude: number;
    southBoundLatitude: number;
    northBoundLatitude: number;
  };
}

/**
 * What a version's colonies cover, as EML's coverage has it (core's `EmlCoverage`, the same facts
 * read the same way): the bounding box of the sites, their countries, the first and last assay
 * date that can be true (never a date after today, such as the seed's year 2222). Absent parts are
 * left out of the record, never invented
 * (docs/decisions/0065-obis-names-and-datacite-coverage.md).
 */
export interface DataCiteCoverage {
  box: { west: number; east: number; south: number; north: number } | null;
  countries: readonly string[];
  collected: { begin: string; end: string } | null;
}

const LANGUAGE = 'en';
/** What the data are, more precisely than "Dataset" (DataCite's free-text resourceType). */
const RESOURCE_TYPE = 'Coral thermal tolerance (CBASS) assay data';

/** The schema wants unique items: the same keyword or DOI typed twice is stated once. */
function distinctBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function creator(input: CitationFacts['creators'][number]): DataCiteCreator {
  const { family, given } = personName(input.name);
  // A one-word name may be an organisation or a mononym: its type is not claimed.
  const result: DataCiteCreator =
    given === ''
      ? { name: family }
      : { name: `${family}, ${given}`, nameType: 'Personal', givenName: given, familyName: family };
  if (input.orcid !== null) {
    result.nameIdentifiers = [
      {
        nameIdentifier: orcidUrl(input.orcid),
        nameIdentifierScheme: 'ORCID',
        schemeUri: 'https://orcid.org',
      },
    ];
  }
  if (input.affiliation) result.affiliation = [{ name: input.affiliation }];
  return result;
}

/**
 * The creators as DataCite names them: the people credited, each once, else the source the data
 * were imported from, else the platform (creditedOrganisation; never an account, decision 0050).
 */
export function dataCiteCreators(facts: CitationFacts): DataCiteCreator[] {
  return facts.creators.length === 0
    ? [{ name: creditedOrganisation(facts), nameType: 'Organizational' }]
    : distinctBy(facts.creators.map(creator), (c) => JSON.stringify(c));
}

/**
 * A licence as a DataCite right. A licence never stated is said so in words, without a URI: the
 * list is never empty, and nothing is granted that was not (decision 0057).
 */
export function dataCiteRights(licence: LicenceId | null): DataCiteRights {
  if (licence === null) {
    return { rights: `Licence not stated. ${LICENCE_NOT_STATED_PLAIN}`, lang: LANGUAGE };
  }
  return {
    rights: LICENCES[licence].name,
    rightsUri: LICENCES[licence].url,
    rightsIdentifier: licence.toLowerCase(),
    rightsIdentifierScheme: 'SPDX',
    schemeUri: 'https://spdx.org/licenses/',
    lang: LANGUAGE,
  };
}

/**
 * The version's DataCite metadata. Its DOI when one is registered; its page is the landing page
 * and an alternate identifier either way.
 */
export function dataCiteMetadata(
  facts: CitationFacts,
  coverage: DataCiteCoverage | null = null,
): DataCiteMetadata {
  const withdrawn = withdrawalNote(facts);
  const published = new Date(facts.publishedAt);
  const geoLocations = coverage === null ? [] : dataCiteGeoLocations(coverage);
  return {
    schemaVersion: 'http://datacite.org/schema/kernel-4',
    ...(facts.doi === null ? {} : { doi: facts.doi }),
    url: facts.url,
    types: { resourceTypeGeneral: 'Dataset', resourceType: RESOURCE_TYPE },
    creators: dataCiteCreators(facts),
    titles: [{ title: facts.title.trim() || 'Untitled dataset', lang: LANGUAGE }],
    publisher: { name: facts.publisher, lang: LANGUAGE },
    publicationYear: String(publicationYear(facts)),
    subjects: distinctBy(facts.keywords, (k) => k.toLowerCase()).map((subject) => ({
      subject,
      lang: LANGUAGE,
    })),
    dates: [
      { date: published.toISOString().slice(0, 10), dateType: 'Issued' as const },
      ...(coverage?.collected
        ? [{ date: collectedDate(coverage.collected), dateType: 'Collected' as const }]
        : []),
      // A revised description's date (decision 0064): DataCite's "Updated".
      ...(facts.revision
        ? [{ date: facts.revision.at.slice(0, 10), dateType: 'Updated' as const }]
        : []),
    ],
    language: LANGUAGE,
    alternateIdentifiers: [{ alternateIdentifier: facts.url, alternateIdentifierType: 'URL' }],
    relatedIdentifiers: distinctBy(facts.relatedDois, (doi) => doi.toLowerCase()).map((doi) => ({
      relatedIdentifier: doi,
      relatedIdentifierType: 'DOI',
      relationType: 'IsSupplementTo',
    })),
    version: String(facts.version),
    rightsList: [dataCiteRights(facts.licence)],
    descriptions: [
      ...(facts.description.trim() === ''
        ? []
        : [
            {
              description: facts.description,
              descriptionType: 'Abstract' as const,
              lang: LANGUAGE,
            },
          ]),
      // A withdrawn dataset's tombstone still cites; DataCite says so in an "Other" description.
      ...(withdrawn === null
        ? []
        : [{ description: withdrawn, descriptionType: 'Other' as const, lang: LANGUAGE }]),
    ],
    ...(geoLocations.length === 0 ? {} : { geoLocations }),
  };
}

/**
 * DataCite's Collected date: when the assays were run, as RKMS-ISO8601 `first/last` (DataCite's
 * form of a range), or the one date when they agree.
 */
function collectedDate(dates: { begin: string; end: string }): string {
  return dates.begin === dates.end ? dates.begin : `${dates.begin}/${dates.end}`;
}

/**
 * Where the data were gathered: the bounding box of the sites (DataCite's box, as EML's
 * boundingCoordinates), then each country as a named place. No point per site: a version can hold
 * hundreds of colonies on a few sites, and the box with the countries says where without repeating
 * the data (the site coordinates are in the data files).
 */
function dataCiteGeoLocations(coverage: DataCiteCoverage): DataCiteGeoLocation[] {
  return [
    ...(coverage.box === null
      ? []
      : [
          {
            geoLocationBox: {
              westBoundLongitude: coverage.box.west,
              eastBoundLongitude: coverage.box.east,
              southBoundLatitude: coverage.box.south,
              northBoundLatitude: coverage.box.north,
            },
          },
        ]),
    ...coverage.countries.map((country) => ({ geoLocationPlace: country })),
  ];
}
