/**
 * The one spelling of a species name under which it is looked up and cached: spaces collapsed and
 * trimmed, a leading capital on the genus, the rest lower case, open nomenclature ("sp.", "spp.",
 * "cf.", "aff.") kept as written because it is part of what the researcher meant. Two colonies
 * written "acropora  Hyacinthus" and "Acropora hyacinthus" are the same name.
 */
export function normaliseTaxonName(written: string): string {
  const collapsed = written.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (collapsed === '') return '';
  const lower = collapsed.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/**
 * The name sent to WoRMS: the normalised name without open nomenclature qualifiers, which WoRMS
 * does not hold ("Porites sp." is matched as "Porites", at genus rank).
 */
export function wormsQueryName(written: string): string {
  const name = normaliseTaxonName(written);
  return name
    .replace(/\s+(sp|spp|cf|aff)\.?(\s|$)/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most this many names in one AphiaRecordsByMatchNames request (WoRMS' own limit is 50). */
export const WORMS_MATCH_BATCH_SIZE = 50;
