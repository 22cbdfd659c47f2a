import type { TDataSource } from '../datasets/dataset-metadata';
import type { LicenceId } from '../datasets/licences';

/**
 * What a dataset version's citation is made of (docs/decisions/0012-datasets.md, "Citation and
 * DOIs"). The recommended text, the CSL-JSON item (from which BibTeX and RIS are formatted) and
 * the DataCite metadata are all derived from these facts, so the page and the files agree.
 */
export interface CitationFacts {
  datasetId: number;
  /** The version's number (1, 2, …): "Version 2" in the citation. */
  version: number;
  title: string;
  description: string;
  /**
   * In the order the researcher gave them. An empty list credits `importedFrom` when the data
   * came from elsewhere without their creators' names (the seed), else the platform.
   */
  creators: readonly CitationCreator[];
  /** Where data without recorded creators came from; null for data contributed here. */
  importedFrom: TDataSource | null;
  /** When the version was published (or created, for a version never published): ISO date-time. */
  publishedAt: string;
  /** The publisher of the data: the platform. */
  publisher: string;
  /** The version's page on the platform. */
  url: string;
  /** Without resolver (10.1234/…), when one is registered. */
  doi: string | null;
  /** Null for data imported before licences existed (the seed): nothing is claimed then. */
  licence: LicenceId | null;
  keywords: readonly string[];
  /** DOIs of the publications the data support. */
  relatedDois: readonly string[];
  projectName: string;
  /**
   * Set when the dataset was withdrawn: its tombstone still cites (decision 0056), and the
   * citation files say so where their format has a place for it.
   */
  withdrawn?: { at: string; reason: string | null } | null;
  /**
   * The metadata revision cited (docs/decisions/0064-metadata-revisions.md): its number and
   * when it was made (ISO date-time); absent or null for the description as published.
   */
  revision?: { number: number; at: string } | null;
}

/** "description revision 1 of 2026-11-29"; null for the description as published. */
export function revisionLabel(facts: Pick<CitationFacts, 'revision'>): string | null {
  if (!facts.revision) return null;
  return `description revision ${facts.revision.number} of ${facts.revision.at.slice(0, 10)}`;
}

/**
 * "This citation is of description revision 1 of 2026-11-29 of version 1: …": where a format's
 * version and date stay the data's (CFF's `version`/`date-released`, EML's `pubDate`), its note
 * says which description it cites (decision 0064). Null for the description as published.
 */
export function revisionNote(facts: Pick<CitationFacts, 'revision' | 'version'>): string | null {
  const label = revisionLabel(facts);
  if (label === null) return null;
  return `This citation is of ${label} of version ${facts.version}: its description was completed by a curator after publication; its data are unchanged`;
}

/** "Withdrawn on 2026-11-29: Duplicate." for the files' notes; null when not withdrawn. */
export function withdrawalNote(facts: Pick<CitationFacts, 'withdrawn'>): string | null {
  if (!facts.withdrawn) return null;
  const reason = facts.withdrawn.reason?.trim();
  return `Withdrawn on ${facts.withdrawn.at.slice(0, 10)}${reason ? `: ${reason.replace(/\.$/, '')}` : ''}. The data are no longer distributed, but this citation stays valid`;
}

export interface CitationCreator {
  /** As typed: "Family, Given" is read exactly; "Given Family" takes the last word as family. */
  name: string;
  orcid: string | null;
  affiliation: string | null;
}

/**
 * Who formats that must name a creator (CSL, DataCite, EML, CFF) credit when no person is
 * known: the source the data were imported from, else the platform that publishes them. Never an
 * account's username (decision 0050).
 */
export const creditedOrganisation = (
  facts: Pick<CitationFacts, 'creators' | 'importedFrom' | 'publisher'>,
): string => facts.importedFrom?.name ?? facts.publisher;

/** "Creators not recorded; imported from the Coral Future database (https://coralfuture.org)." */
export function unknownCreatorsNote(
  facts: Pick<CitationFacts, 'creators' | 'importedFrom'>,
): string | null {
  if (facts.creators.length > 0 || facts.importedFrom === null) return null;
  const { name, url } = facts.importedFrom;
  return `Creators not recorded; imported from the ${name}${url === null ? '' : ` (${url})`}.`;
}

/** A person's name split as citation styles need it. */
export interface PersonName {
  family: string;
  /** Empty for a one-word name (an organisation or a mononym). */
  given: string;
}

/**
 * Splits a creator's name. "Voolstra, Christian R." is unambiguous; "Christian R. Voolstra"
 * takes its last word as the family name (the common case on this platform; a compound family
 * name such as "van Oppen" is cited right when typed as "van Oppen, Madeleine").
 */
export function personName(name: string): PersonName {
  const clean = name.trim().replace(/\s+/g, ' ');
  const comma = clean.indexOf(',');
  if (comma >= 0) {
    return { family: clean.slice(0, comma).trim(), given: clean.slice(comma + 1).trim() };
  }
  const space = clean.lastIndexOf(' ');
  if (space < 0) return { family: clean, given: '' };
  return { family: clean.slice(space + 1), given: clean.slice(0, space) };
}

/** "Christian R." → "C. R."; "Jean-Luc" → "J.-L." (APA initials). */
export function initials(given: string): string {
  return given
    .split(' ')
    .filter((part) => part.length > 0)
    .map((part) =>
      part
        .split('-')
        .map((piece) => {
          const first = [...piece][0];
          return first === undefined ? '' : `${first.toUpperCase()}.`;
        })
        .join('-'),
    )
    .join(' ');
}

/** The year of publication (UTC), as every format states it. */
export function publicationYear(facts: Pick<CitationFacts, 'publishedAt'>): number {
  const date = new Date(facts.publishedAt);
  if (Number.isNaN(date.getTime())) {
    throw new Error(`"${facts.publishedAt}" is not a date: a citation needs the publication date`);
  }
  return date.getUTCFullYear();
}

/** Where a citation points: the DOI's resolver when there is a DOI, else the version's page. */
export const citationUrl = (facts: Pick<CitationFacts, 'doi' | 'url'>) =>
  facts.doi === null ? facts.url : `https://doi.org/${facts.doi}`;

/** The id of a version in bibliographies (BibTeX key, RIS ID, CSL id) and its file names. */
export const citationKey = (facts: Pick<CitationFacts, 'datasetId' | 'version'>) =>
  `dataset-${facts.datasetId}-v${facts.version}`;
