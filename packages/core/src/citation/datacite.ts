import { orcidUrl } from '../datasets/identifiers';
import { LICENCES } from '../datasets/licences';
import {
  creditedOrganisation,
  personName,
  publicationYear,
  withdrawalNote,
  type CitationFacts,
} from './citation-facts';

/**
 * DataCite Metadata Schema 4 in its JSON form (the attributes of the DataCite REST API), as the
 * official JSON schema kept in fixtures/datacite/ defines it; the tests validate against it.
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

export interface DataCiteMetadata {
  schemaVersion: 'http://datacite.org/schema/kernel-4';
  identifiers: { identifier: string; identifierType: 'DOI' | 'URL' }[];
  creators: DataCiteCreator[];
  titles: { title: string; lang: string }[];
  publisher: string;
  publicationYear: string;
  types: { resourceTypeGeneral: 'Dataset'; resourceType: string };
  subjects: { subject: string; lang: string }[];
  dates: { date: string; dateType: 'Issued' }[];
  language: string;
  version: string;
  rightsList: {
    rights: string;
    rightsUri: string;
    rightsIdentifier: string;
    rightsIdentifierScheme: 'SPDX';
    schemeUri: string;
  }[];
  descriptions: { description: string; descriptionType: 'Abstract' | 'Other'; lang: string }[];
  relatedIdentifiers: {
    relatedIdentifier: string;
    relatedIdentifierType: 'DOI' | 'URL';
    /** A dataset version supplements its publications; a snapshot is derived from versions. */
    relationType: 'IsSupplementTo' | 'IsDerivedFrom';
  }[];
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
 * The version's DataCite metadata. Its identifier is the DOI when one is registered, else the
 * version's page (the schema requires one identifier). A version without a stated licence (the
 * seed) has an empty rights list: nothing is claimed for it.
 */
export function dataCiteMetadata(facts: CitationFacts): DataCiteMetadata {
  const withdrawn = withdrawalNote(facts);
  const published = new Date(facts.publishedAt);
  const licence = facts.licence === null ? null : LICENCES[facts.licence];
  return {
    schemaVersion: 'http://datacite.org/schema/kernel-4',
    identifiers:
      facts.doi === null
        ? [{ identifier: facts.url, identifierType: 'URL' }]
        : [{ identifier: facts.doi, identifierType: 'DOI' }],
    creators:
      facts.creators.length === 0
        ? [{ name: creditedOrganisation(facts), nameType: 'Organizational' }]
        : distinctBy(facts.creators.map(creator), (c) => JSON.stringify(c)),
    titles: [{ title: facts.title.trim() || 'Untitled dataset', lang: LANGUAGE }],
    publisher: facts.publisher,
    publicationYear: String(publicationYear(facts)),
    types: { resourceTypeGeneral: 'Dataset', resourceType: RESOURCE_TYPE },
    subjects: distinctBy(facts.keywords, (k) => k.toLowerCase()).map((subject) => ({
      subject,
      lang: LANGUAGE,
    })),
    dates: [{ date: published.toISOString().slice(0, 10), dateType: 'Issued' }],
    language: LANGUAGE,
    version: String(facts.version),
    rightsList:
      facts.licence === null || licence === null
        ? []
        : [
            {
              rights: licence.name,
              rightsUri: licence.url,
              rightsIdentifier: facts.licence.toLowerCase(),
              rightsIdentifierScheme: 'SPDX',
              schemeUri: 'https://spdx.org/licenses/',
            },
          ],
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
    relatedIdentifiers: distinctBy(facts.relatedDois, (doi) => doi.toLowerCase()).map((doi) => ({
      relatedIdentifier: doi,
      relatedIdentifierType: 'DOI',
      relationType: 'IsSupplementTo',
    })),
  };
}
