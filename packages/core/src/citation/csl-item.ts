import { LICENCES } from '../datasets/licences';
import {
  citationKey,
  creditedOrganisation,
  personName,
  publicationYear,
  revisionLabel,
  unknownCreatorsNote,
  withdrawalNote,
  type CitationFacts,
} from './citation-facts';

/**
 * A CSL-JSON name. Always family/given, never `literal`: citation-js escapes family and given
 * names for BibTeX but writes literal names unescaped ("Coral & Reef Lab" would break LaTeX).
 */
export interface CslName {
  family: string;
  given?: string;
}

/** The CSL-JSON item of a dataset version (the subset of CSL 1.0.2 variables it uses). */
export interface CslItem {
  id: string;
  type: 'dataset';
  title: string;
  author: CslName[];
  issued: { 'date-parts': [[number]] };
  version: string;
  publisher: string;
  URL: string;
  DOI?: string;
  abstract?: string;
  keyword?: string;
  license?: string;
  /** CSL's publication status: "withdrawn" for a withdrawn dataset's tombstone. */
  status?: string;
  note: string;
}

/**
 * The version as a CSL-JSON item, from which citation-js writes BibTeX and RIS (server side).
 * The year alone is "issued": BibTeX and APA cite data sets by year, and a day would come out
 * of citation-js as a BibTeX month field ("may 3").
 */
export function cslItem(facts: CitationFacts): CslItem {
  const author: CslName[] =
    facts.creators.length === 0
      ? [{ family: creditedOrganisation(facts) }]
      : facts.creators.map((creator) => {
          const { family, given } = personName(creator.name);
          return given === '' ? { family } : { family, given };
        });
  const item: CslItem = {
    id: citationKey(facts),
    type: 'dataset',
    title: facts.title.trim() || 'Untitled dataset',
    author,
    issued: { 'date-parts': [[publicationYear(facts)]] },
    version: String(facts.version),
    publisher: facts.publisher,
    URL: facts.url,
    note: [
      withdrawalNote(facts),
      `Project: ${facts.projectName}`,
      unknownCreatorsNote(facts),
      // The revision cited (decision 0064); BibTeX and RIS carry the note too.
      ((label) => (label === null ? null : `Cited as its ${label}`))(revisionLabel(facts)),
    ]
      .filter((line) => line !== null)
      .join('. '),
  };
  if (facts.doi !== null) item.DOI = facts.doi;
  // CSL's publication status ("retracted", "withdrawn"): decision 0056.
  if (facts.withdrawn) item.status = 'withdrawn';
  if (facts.description.trim() !== '') item.abstract = facts.description;
  // CSL separates keywords with commas; without a space RIS gets no leading blank per keyword.
  if (facts.keywords.length > 0) item.keyword = facts.keywords.join(',');
  if (facts.licence !== null) item.license = LICENCES[facts.licence].url;
  return item;
}
