import {
  citationUrl,
  initials,
  personName,
  publicationYear,
  revisionLabel,
  type CitationFacts,
} from './citation-facts';

/** APA 7 lists up to 20 authors; longer lists show the first 19, an ellipsis and the last. */
const APA_MAX_AUTHORS = 20;

/** "Voolstra, C. R." (a one-word name, such as a consortium, stays as it is). */
function apaAuthor(name: string): string {
  const { family, given } = personName(name);
  const short = initials(given);
  return short === '' ? family : `${family}, ${short}`;
}

function apaAuthorList(names: readonly string[]): string {
  if (names.length === 1) return names[0]!;
  if (names.length > APA_MAX_AUTHORS) {
    return `${names.slice(0, APA_MAX_AUTHORS - 1).join(', ')}, . . . ${names.at(-1)!}`;
  }
  return `${names.slice(0, -1).join(', ')}, & ${names.at(-1)!}`;
}

const withFinalPeriod = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`);

/**
 * The recommended citation of a dataset version, as the page shows it (APA 7 for data sets):
 * "Voolstra, C. R., & Evensen, N. R. (2024). Title (Version 2) [Data set]. Publisher.
 * https://doi.org/…" — the DOI link when the version has one, else its page. Without creators
 * the platform is the (group) author and, as APA asks, is not repeated as publisher; data
 * imported without their creators' names are cited as APA cites a work without author (title
 * first), saying where they came from, never naming the account that owned them (decision 0050).
 * Deterministic: the same facts always give the same text.
 */
export function recommendedCitation(facts: CitationFacts): { text: string; url: string } {
  const url = citationUrl(facts);
  const year = publicationYear(facts);
  const title = facts.title.trim() || 'Untitled dataset';
  // A revised description names the revision it is (decision 0064): "(Version 1, description
  // revision 1 of 2026-11-29)".
  const revision = revisionLabel(facts);
  const version = `Version ${facts.version}${revision === null ? '' : `, ${revision}`}`;
  if (facts.creators.length === 0 && facts.importedFrom !== null) {
    const source = `creators not recorded, imported from the ${facts.importedFrom.name}`;
    return {
      text: `${title} (${version}) [Data set; ${source}]. (${year}). ${withFinalPeriod(facts.publisher)} ${url}`,
      url,
    };
  }
  const authors =
    facts.creators.length === 0
      ? facts.publisher
      : apaAuthorList(facts.creators.map((creator) => apaAuthor(creator.name)));
  const publisher = facts.creators.length === 0 ? '' : ` ${withFinalPeriod(facts.publisher)}`;
  return {
    text: `${withFinalPeriod(authors)} (${year}). ${title} (${version}) [Data set].${publisher} ${url}`,
    url,
  };
}
