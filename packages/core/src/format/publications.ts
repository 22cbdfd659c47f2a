/** A DOI: "10." + registrant code + "/" + suffix (https://www.doi.org/the-identifier/resources/handbook). */
const DOI = /^10\.\d{4,9}\/\S+$/;
const DOI_PREFIX = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i;

/**
 * The address of a publication's DOI, or null when the stored value is no DOI at all: the data
 * holds placeholders such as "No doi available", "NA" or an empty string, which must not become
 * a broken 'View DOI' link.
 */
export function doiUrl(doi: string | null | undefined): string | null {
  if (doi == null) return null;
  const bare = doi.trim().replace(DOI_PREFIX, '');
  return DOI.test(bare) ? `https://doi.org/${bare}` : null;
}

/** Project cards show at most this many publications (spec §9). */
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

/** '+N more publications' under a project card's list (spec §2), or null when nothing is left out. */
export function morePublicationsLabel(hiddenCount: number): string | null {
  return hiddenCount > 0 ? `+${hiddenCount} more publications` : null;
}
