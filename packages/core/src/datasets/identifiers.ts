/**
 * The persistent identifiers a dataset's metadata carries: ORCID iDs of its creators and DOIs of
 * related publications. Checked by syntax (and, for ORCID, by its check digit) so that a typo is
 * caught when the researcher types it, not when someone follows the link years later.
 */

const ORCID_PATTERN = /^(\d{4})-(\d{4})-(\d{4})-(\d{3}[\dX])$/;

/**
 * An ORCID iD in its canonical form `0000-0002-1825-0097`, from what researchers paste: the bare
 * iD, `https://orcid.org/…` or `orcid.org/…`, with or without the hyphens, a lowercase `x`.
 * Null when it is not an iD or its check digit (ISO 7064 MOD 11-2) is wrong.
 */
export function normalizeOrcid(input: string): string | null {
  const bare = input
    .trim()
    .replace(/^(?:https?:\/\/)?(?:www\.)?orcid\.org\//i, '')
    .toUpperCase();
  const digits = bare.replaceAll('-', '');
  if (!/^\d{15}[\dX]$/.test(digits)) return null;
  const id = `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 12)}-${digits.slice(12)}`;
  if (!ORCID_PATTERN.test(id)) return null;
  return orcidCheckDigit(digits.slice(0, 15)) === digits[15] ? id : null;
}

/** ISO 7064 MOD 11-2 over the first 15 digits, as ORCID computes it ('X' stands for 10). */
export function orcidCheckDigit(first15: string): string {
  let total = 0;
  for (const digit of first15) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? 'X' : String(result);
}

export const orcidUrl = (orcid: string) => `https://orcid.org/${orcid}`;

/**
 * A DOI without its resolver, `10.1038/s41558-021-01110-7`, from a bare DOI, `doi:…` or a
 * `https://doi.org/…` link (as written: DOIs are case-insensitive, and people recognise theirs).
 * Null when it is not a DOI: "10." + a registrant code of digits (with optional dotted sub-codes)
 * + "/" + a suffix without white space (DOI Handbook 2.2) — "No doi available", "NA" and the like
 * are not.
 */
export function normalizeDoi(input: string | null | undefined): string | null {
  if (input == null) return null;
  const bare = input
    .trim()
    .replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '');
  return /^10\.\d{4,9}(?:\.\d+)*\/\S+$/.test(bare) ? bare : null;
}

/**
 * A publication's DOI as stored: bare when the text is a DOI in any of the forms
 * `normalizeDoi` reads (a link or `doi:` prefix is dropped, so that files add the resolver once),
 * else the text as written (decision 0058).
 */
export function bareDoi(input: string): string {
  return normalizeDoi(input) ?? input.trim();
}
