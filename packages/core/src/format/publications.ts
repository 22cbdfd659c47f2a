import { normalizeDoi } from '../datasets/identifiers';

/**
 * The address of a publication's DOI, or null when the stored value is no DOI at all: the data
 * holds placeholders such as "No doi available", "NA" or an empty string, which must not become
 * a broken 'View DOI' link.
 */
export function doiUrl(doi: string | null | undefined): string | null {
  const bare = normalizeDoi(doi);
  return bare === null ? null : `https://doi.org/${bare}`;
}

/**
 * The original platform filled projects without a paper with a placeholder publication ("No
 * publications available", DOI "No doi available"). It is not a publication: nothing shows or
 * exports it (decision 0012).
 */
export function isPlaceholderPublication(publication: { title: string; doi: string | null }) {
  return (
    /^\s*no publications? (are )?available\.?\s*$/i.test(publication.title) &&
    doiUrl(publication.doi) === null
  );
}

/** Project cards show at most this many publications (product-spec §9). */
export const PROJECT_CARD_PUBLICATIONS = 2;

/** The first publications a project card lists, and how many it leaves out. */
export function splitCardPublications<T>(
  publications: readonly T[],
  shown = PROJECT_CARD_PUBLICATIONS,
): { shown: T[]; hiddenCount: number } {
  return {
    shown: publications.slice(0, shown),
    hiddenCount: Math.max(0, publications.length - shown),
  };
}

/**
 * '+N more publications' under a project card's list (product-spec §2), or null when nothing is
 * left out.
 */
export function morePublicationsLabel(hiddenCount: number): string | null {
  return hiddenCount > 0 ? `+${hiddenCount} more publications` : null;
}
