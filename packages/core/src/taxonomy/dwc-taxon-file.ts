import { normaliseTaxonName } from './taxon-names';
import { TAXON_RANKS, type TaxonRank } from './taxon-match';

/**
 * One taxon of a WoRMS Darwin Core export (its `taxon.txt`: tab-separated, a header row of Darwin
 * Core term names; WoRMS writes its ids as LSIDs, urn:lsid:marinespecies.org:taxname:<AphiaID>).
 * docs/decisions/0049-taxon-matching.md
 */
export interface DwcTaxon {
  aphiaId: number;
  scientificName: string;
  nameKey: string;
  authority: string | null;
  scientificNameId: string | null;
  acceptedAphiaId: number | null;
  acceptedName: string | null;
  taxonomicStatus: string | null;
  rank: string | null;
  classification: Record<TaxonRank, string | null>;
}

/** The AphiaID in a WoRMS id: an LSID, a taxon page address or the bare number. */
export function aphiaIdOf(value: string | undefined): number | null {
  const match = /(?:^|[:=])(\d{1,9})\s*$/.exec(value?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

/** Reads the header of a taxon file: the columns of the terms used, or why it is not one. */
export function dwcTaxonColumns(headerLine: string): Map<string, number> {
  const names = headerLine
    .replace(/^\uFEFF/, '')
    .replace(/\r$/, '')
    .split('\t');
  // A qualified header (http://rs.tdwg.org/dwc/terms/taxonID) names the same term.
  const columns = new Map(names.map((name, i) => [name.trim().replace(/^.*\//, ''), i]));
  const missing = ['taxonID', 'scientificName'].filter((term) => !columns.has(term));
  if (missing.length > 0) {
    throw new Error(
      `Not a Darwin Core taxon file: the tab-separated header has no ${missing.join(' and ')} column (found: ${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''}).`,
    );
  }
  return columns;
}

/** One data line of a taxon file; null for a blank line. Throws a message naming the line. */
export function parseDwcTaxonLine(
  line: string,
  columns: ReadonlyMap<string, number>,
  lineNumber: number,
): DwcTaxon | null {
  const text = line.replace(/\r$/, '');
  if (text.trim() === '') return null;
  const cells = text.split('\t');
  const cell = (term: string) => {
    const index = columns.get(term);
    const value = index === undefined ? undefined : cells[index]?.trim();
    return value ? value : null;
  };
  const aphiaId = aphiaIdOf(cell('taxonID') ?? undefined);
  const scientificName = cell('scientificName');
  if (aphiaId === null || scientificName === null) {
    throw new Error(
      `Line ${lineNumber}: a taxon needs a taxonID (an AphiaID or WoRMS LSID) and a scientificName.`,
    );
  }
  const accepted = aphiaIdOf(cell('acceptedNameUsageID') ?? undefined);
  return {
    aphiaId,
    scientificName,
    nameKey: normaliseTaxonName(scientificName),
    authority: cell('scientificNameAuthorship'),
    scientificNameId: cell('scientificNameID') ?? `urn:lsid:marinespecies.org:taxname:${aphiaId}`,
    acceptedAphiaId: accepted,
    acceptedName: cell('acceptedNameUsage'),
    taxonomicStatus: cell('taxonomicStatus'),
    rank: cell('taxonRank'),
    classification: Object.fromEntries(TAXON_RANKS.map((rank) => [rank, cell(rank)])) as Record<
      TaxonRank,
      string | null
    >,
  };
}
