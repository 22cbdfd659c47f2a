import type { WormsRecord } from './worms-record';

/**
 * What WoRMS says about a name as written (docs/decisions/0049-taxon-matching.md):
 * - accepted: matched exactly, and the name is the accepted one (linked to its LSID);
 * - synonym: matched exactly, but WoRMS accepts another name: the colony keeps the name as
 *   written (verbatimIdentification) and is shown and filtered under the accepted name;
 * - near: only a fuzzy (TAXAMATCH) match, e.g. a misspelling: flagged with WoRMS' suggestion;
 * - none: WoRMS knows no such name: flagged;
 * - unchecked: not asked yet (WoRMS unreachable, or the worker has not run).
 */
export const TAXON_STATUSES = ['unchecked', 'accepted', 'synonym', 'near', 'none'] as const;
export type TaxonStatus = (typeof TAXON_STATUSES)[number];

export const TAXON_STATUS_LABELS: Readonly<Record<TaxonStatus, string>> = {
  unchecked: 'Not yet checked',
  accepted: 'Accepted name',
  synonym: 'Synonym',
  near: 'Near match only',
  none: 'Not in WoRMS',
};

/** The taxonomic ranks a download carries (Darwin Core's higher classification terms). */
export const TAXON_RANKS = ['kingdom', 'phylum', 'class', 'order', 'family', 'genus'] as const;
export type TaxonRank = (typeof TAXON_RANKS)[number];

/** The answer kept for one name: what was matched, and the accepted taxon it stands for. */
export interface TaxonMatch {
  status: Exclude<TaxonStatus, 'unchecked'>;
  /** WoRMS' own match type ('exact', 'phonetic', 'near_1', …); null when nothing matched. */
  matchType: string | null;
  aphiaId: number | null;
  lsid: string | null;
  /** The name WoRMS matched (for a near match, its suggestion). */
  matchedName: string | null;
  authority: string | null;
  /** WoRMS' status of the matched name ('accepted', 'unaccepted', …). */
  wormsStatus: string | null;
  rank: string | null;
  acceptedAphiaId: number | null;
  acceptedName: string | null;
  classification: Readonly<Record<TaxonRank, string | null>>;
}

const isExact = (record: WormsRecord) => record.match_type === 'exact';
const isAcceptedRecord = (record: WormsRecord) =>
  record.valid_AphiaID === null || record.valid_AphiaID === record.AphiaID;

/**
 * Classifies WoRMS' records for one name. Among several records (homonyms, or a name WoRMS holds
 * both accepted and unaccepted), an exact match beats a fuzzy one and an accepted name beats an
 * unaccepted one.
 */
export function classifyTaxonMatch(records: readonly WormsRecord[]): TaxonMatch {
  if (records.length === 0) return NO_MATCH;
  const rank = (record: WormsRecord) =>
    (isExact(record) ? 0 : 2) + (isAcceptedRecord(record) ? 0 : 1);
  const best = [...records].sort((a, b) => rank(a) - rank(b))[0]!;
  const status = !isExact(best) ? 'near' : isAcceptedRecord(best) ? 'accepted' : 'synonym';
  return {
    status,
    matchType: best.match_type,
    aphiaId: best.AphiaID,
    lsid: best.lsid ?? `urn:lsid:marinespecies.org:taxname:${best.AphiaID}`,
    matchedName: best.scientificname,
    authority: best.authority,
    wormsStatus: best.status,
    rank: best.rank,
    acceptedAphiaId: best.valid_AphiaID ?? best.AphiaID,
    acceptedName: best.valid_name ?? best.scientificname,
    classification: {
      kingdom: best.kingdom,
      phylum: best.phylum,
      class: best.class,
      order: best.order,
      family: best.family,
      genus: best.genus,
    },
  };
}

const NO_MATCH: TaxonMatch = {
  status: 'none',
  matchType: null,
  aphiaId: null,
  lsid: null,
  matchedName: null,
  authority: null,
  wormsStatus: null,
  rank: null,
  acceptedAphiaId: null,
  acceptedName: null,
  classification: {
    kingdom: null,
    phylum: null,
    class: null,
    order: null,
    family: null,
    genus: null,
  },
};

/**
 * The name a colony is shown and filtered under: the accepted name of an exact match (a synonym
 * moves to its accepted name), otherwise the name as written (a near match is never corrected
 * silently: it is flagged, and the researcher decides).
 */
export function displayTaxonName(written: string, match: TaxonMatch | null): string {
  if (match && (match.status === 'accepted' || match.status === 'synonym') && match.acceptedName) {
    return match.acceptedName;
  }
  return written;
}

/**
 * The identifier a download links an occurrence to (Darwin Core scientificNameID): the LSID of
 * the accepted taxon for an exact match; none for a near match or no match (the name as written
 * is not the taxon WoRMS suggests until someone says so).
 */
export function scientificNameId(match: TaxonMatch | null): string | null {
  if (!match || (match.status !== 'accepted' && match.status !== 'synonym')) return null;
  return match.acceptedAphiaId === null
    ? match.lsid
    : `urn:lsid:marinespecies.org:taxname:${match.acceptedAphiaId}`;
}

/** The quality flag a name gets from its match: near and none are flagged, never refused. */
export type TaxonFlagCode = 'species_near_match' | 'species_not_in_worms';

export function taxonFlag(
  written: string,
  match: TaxonMatch | null,
): { code: TaxonFlagCode; message: string } | null {
  if (!match) return null;
  if (match.status === 'near') {
    const suggestion = match.acceptedName ?? match.matchedName;
    const via =
      match.acceptedName && match.matchedName && match.acceptedName !== match.matchedName
        ? ` (matched as ${match.matchedName}, a synonym)`
        : '';
    return {
      code: 'species_near_match',
      message: `Species “${written}” is not in WoRMS as written; WoRMS suggests “${suggestion}”${via} (${match.matchType} match). The name is kept as written: check the spelling.`,
    };
  }
  if (match.status === 'none') {
    return {
      code: 'species_not_in_worms',
      message: `Species “${written}” was not found in WoRMS (World Register of Marine Species), even by a fuzzy match. The name is kept as written: check the spelling.`,
    };
  }
  return null;
}
