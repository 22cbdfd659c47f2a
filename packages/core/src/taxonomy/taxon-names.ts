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

/**
 * Edits between two strings: insertions, deletions, substitutions and swaps of two neighbouring
 * letters (optimal string alignment, Damerau), the typos of a species name. Stops counting once
 * every path exceeds `max` (then returns max + 1).
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      row.push(value);
    }
    if (Math.min(...row) > max) return max + 1;
    rows.push(row);
  }
  return Math.min(rows[a.length]![b.length]!, max + 1);
}

/**
 * The nearest of `candidates` to `name` within `max` edits of the whole name (for matching
 * against a loaded WoRMS export without WoRMS' own TAXAMATCH): the genus must start with the
 * same letter, the closest wins, ties go to the first. Null when none is near enough.
 */
export function nearestTaxonName(
  name: string,
  candidates: readonly string[],
  max = 2,
): { name: string; distance: number } | null {
  const target = normaliseTaxonName(name);
  let best: { name: string; distance: number } | null = null;
  for (const candidate of candidates) {
    const key = normaliseTaxonName(candidate);
    if (key.charAt(0) !== target.charAt(0)) continue;
    const distance = editDistance(target, key, best ? Math.min(best.distance - 1, max) : max);
    if (distance <= max && (!best || distance < best.distance)) {
      best = { name: candidate, distance };
    }
  }
  return best;
}
