import {
  classifyTaxonMatch,
  groupBy,
  displayTaxonName,
  dwcTaxonColumns,
  parseDwcTaxonLine,
  nearestTaxonName,
  normaliseTaxonName,
  scientificNameId,
  taxonFlag,
  TAXON_STATUS_LABELS,
  wormsQueryName,
  type TaxonMatch,
  type TTaxon,
  type TUploadQualityFlag,
  type TaxonStatus,
  type WormsRecord,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { recordDatasetChange } from '../data-changes/data-changes.service';
import { taxaRepository as repo, type LocalTaxonRow, type TaxonNameRow } from './taxa.repository';
import { WormsUnreachableError, type WormsClient } from './worms-client';

/**
 * Species names checked against WoRMS (docs/decisions/0049-taxon-matching.md): names are
 * registered by every import (in its transaction), matched by the worker (taxa job), and read by
 * the upload report, dataset pages, filters and downloads.
 */

/** Registers the species names of an import as "not yet checked" (known names keep their answer). */
export async function registerTaxonNames(trx: AppDb, species: Iterable<string>): Promise<void> {
  const names = [...new Set(species)].filter((name) => name.trim() !== '').sort();
  await repo.registerNames(trx, names);
}

/** Names matched per round: one transaction-free pass, saved name by name. */
const ROUND = 500;

export interface MatchOutcome {
  /** Names answered in this run (by WoRMS or the loaded export). */
  checked: number;
  /** Names still not checked (WoRMS unreachable, or nothing to match against). */
  unchecked: number;
}

/**
 * Matches every name not checked yet: first against a loaded WoRMS export (exact names), then
 * WoRMS' REST API. When WoRMS cannot be reached the names stay "not yet checked", the attempt is
 * counted, and WormsUnreachableError is thrown for the job to be retried. Without WoRMS
 * (`client` null, WORMS_API_URL=off) the export answers alone, fuzzy matches included.
 */
export async function matchUncheckedTaxa(
  db: AppDb,
  client: WormsClient | null,
  now: () => Date = () => new Date(),
): Promise<MatchOutcome> {
  await repo.registerColonySpecies(db);
  const localLoaded = (await repo.localTaxaCount(db)) > 0;
  let checked = 0;
  const skipped = new Set<string>();
  const moved: string[] = [];
  const save = async (name: string, match: TaxonMatch, source: 'local' | 'worms') => {
    await repo.saveMatch(db, name, match, source, now());
    if (displayTaxonName(name, match) !== name) moved.push(name);
  };
  for (;;) {
    const names = (await repo.uncheckedNames(db, ROUND + skipped.size)).filter(
      (name) => !skipped.has(name),
    );
    if (names.length === 0) break;
    let left = names;
    if (localLoaded) {
      const local = await matchLocally(db, left, client === null);
      for (const [name, match] of local) await save(name, match, 'local');
      checked += local.size;
      left = left.filter((name) => !local.has(name));
    }
    if (left.length > 0 && client) {
      let answers: WormsRecord[][];
      try {
        answers = await client.matchNames(left.map(wormsQueryName));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await repo.recordFailedAttempt(db, left, message);
        await republishNamesShown(db, moved);
        throw error instanceof WormsUnreachableError ? error : new WormsUnreachableError(message);
      }
      for (const [index, name] of left.entries()) {
        await save(name, classifyTaxonMatch(answers[index]!), 'worms');
      }
      checked += left.length;
    } else {
      // Nothing to match these against: they stay "not yet checked".
      for (const name of left) skipped.add(name);
    }
  }
  await republishNamesShown(db, moved);
  return { checked, unchecked: skipped.size };
}

/**
 * The public read models (feed, map, statistics) are built at publication with each colony under
 * the name it is shown by: when a later answer moves names (a synonym to its accepted name, or
 * back when an export is loaded), the versions holding them are republished (decision 0060).
 */
async function republishNamesShown(db: AppDb, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const versions = await repo.publicVersionsWithNames(trx, names);
    if (versions.length === 0) return;
    await recordDatasetChange(trx, { changedVersionIds: versions });
  });
}

/**
 * Names answered by the loaded export: exact names (normalised), and, when the export is all
 * there is (`fuzzy`), the nearest name within two edits as a near match.
 */
async function matchLocally(
  db: AppDb,
  names: readonly string[],
  fuzzy: boolean,
): Promise<Map<string, TaxonMatch>> {
  const keys = new Map(names.map((name) => [name, normaliseTaxonName(wormsQueryName(name))]));
  const rows = await repo.localTaxaByKeys(db, [...new Set(keys.values())]);
  const byKey = groupBy(rows, (row) => row.name_key);
  const answered = new Map<string, TaxonMatch>();
  const missing: string[] = [];
  for (const [name, key] of keys) {
    const found = byKey.get(key);
    if (found) {
      answered.set(name, classifyTaxonMatch(found.map((row) => localRecord(row, 'exact'))));
    } else missing.push(name);
  }
  if (!fuzzy || missing.length === 0) return answered;
  const candidates = await repo.localNamesStartingWith(db, [
    ...new Set(missing.map((name) => keys.get(name)!.charAt(0))),
  ]);
  for (const name of missing) {
    const nearest = nearestTaxonName(keys.get(name)!, candidates);
    if (!nearest) {
      answered.set(name, classifyTaxonMatch([]));
      continue;
    }
    const found = await repo.localTaxaByKeys(db, [nearest.name]);
    answered.set(
      name,
      classifyTaxonMatch(found.map((row) => localRecord(row, `near_${nearest.distance}`))),
    );
  }
  return answered;
}

/** A taxon of the loaded export in the shape of WoRMS' own record. */
function localRecord(row: LocalTaxonRow, matchType: string): WormsRecord {
  return {
    AphiaID: row.taxon_id,
    scientificname: row.scientific_name,
    authority: row.authority,
    status: row.taxonomic_status,
    rank: row.rank,
    valid_AphiaID: row.accepted_taxon_id,
    valid_name: row.accepted_name,
    kingdom: row.kingdom,
    phylum: row.phylum,
    class: row.class,
    order: row.order,
    family: row.family,
    genus: row.genus,
    lsid: row.scientific_name_id,
    match_type: matchType,
  };
}

/** The kept answer for a name; null while it is not yet checked. */
export function matchOfRow(row: TaxonNameRow | undefined): TaxonMatch | null {
  if (!row || row.status === 'unchecked' || row.checked_at === null) return null;
  return {
    status: row.status,
    matchType: row.match_type,
    aphiaId: row.aphia_id,
    lsid: row.lsid,
    matchedName: row.matched_name,
    authority: row.authority,
    wormsStatus: row.worms_status,
    rank: row.rank,
    acceptedAphiaId: row.accepted_aphia_id,
    acceptedName: row.accepted_name,
    classification: {
      kingdom: row.kingdom,
      phylum: row.phylum,
      class: row.class,
      order: row.order,
      family: row.family,
      genus: row.genus,
    },
  };
}

/** The kept answers of these names (names not yet checked map to null). */
export async function taxonMatchesFor(
  db: AppDb,
  names: Iterable<string>,
): Promise<Map<string, TaxonMatch | null>> {
  const unique = [...new Set(names)];
  const rows = new Map((await repo.namesIn(db, unique)).map((row) => [row.name, row]));
  return new Map(unique.map((name) => [name, matchOfRow(rows.get(name))]));
}

/** What the API says about one species name (contract: ZTaxon). */
export type TaxonSummary = TTaxon;

function summary(
  name: string,
  colonies: number,
  match: TaxonMatch | null,
  row: TaxonNameRow | undefined,
): TaxonSummary {
  const status: TaxonStatus = match?.status ?? 'unchecked';
  return {
    name,
    status,
    status_label: TAXON_STATUS_LABELS[status],
    display_name: displayTaxonName(name, match),
    accepted_name: match?.acceptedName ?? null,
    accepted_aphia_id: match?.acceptedAphiaId ?? null,
    aphia_id: match?.aphiaId ?? null,
    lsid: match?.lsid ?? null,
    scientific_name_id: scientificNameId(match),
    match_type: match?.matchType ?? null,
    worms_status: match?.wormsStatus ?? null,
    rank: match?.rank ?? null,
    ...(match?.classification ?? {
      kingdom: null,
      phylum: null,
      class: null,
      order: null,
      family: null,
      genus: null,
    }),
    flag: taxonFlag(name, match),
    checked_at: row?.checked_at ? new Date(row.checked_at).toISOString() : null,
    colonies,
  };
}

async function summaries(
  db: AppDb,
  counts: readonly { name: string; colonies: number }[],
): Promise<TaxonSummary[]> {
  const rows = new Map(
    (
      await repo.namesIn(
        db,
        counts.map((count) => count.name),
      )
    ).map((row) => [row.name, row]),
  );
  return counts.map(({ name, colonies }) =>
    summary(name, colonies, matchOfRow(rows.get(name)), rows.get(name)),
  );
}

/** Every species name of the public colonies with WoRMS' answer (GET /api/public/taxa/). */
export async function publicTaxa(db: AppDb): Promise<TaxonSummary[]> {
  return summaries(db, await repo.publicSpeciesCounts(db));
}

/** The species names of one dataset version with WoRMS' answer (upload report, dataset page). */
export async function versionTaxa(db: AppDb, versionId: number): Promise<TaxonSummary[]> {
  return summaries(db, await repo.versionSpeciesCounts(db, versionId));
}

/** The species names of one upload's colonies with WoRMS' answer. */
export async function uploadTaxa(db: AppDb, uploadId: number): Promise<TaxonSummary[]> {
  return summaries(db, await repo.uploadSpeciesCounts(db, uploadId));
}

/**
 * The quality flags species names get from WoRMS' answers (near match, not in WoRMS), in the
 * upload report's shape: one per name, naming how many colonies carry it. Read with the answers,
 * so a report shows them as soon as the worker has them.
 */
export function taxonQualityFlags(taxa: readonly TaxonSummary[]): TUploadQualityFlag[] {
  return taxa.flatMap((taxon) =>
    taxon.flag
      ? [
          {
            code: taxon.flag.code as TUploadQualityFlag['code'],
            message: `${taxon.flag.message} (${taxon.colonies} ${taxon.colonies === 1 ? 'colony' : 'colonies'})`,
            colony: null,
            species: taxon.name,
            condition: null,
            timepoint: null,
            row: null,
            value: null,
          },
        ]
      : [],
  );
}

/** What the routes use, bound to the database. */
export interface TaxaService {
  publicTaxa(): Promise<TaxonSummary[]>;
}

export function createTaxaService(db: AppDb): TaxaService {
  return { publicTaxa: () => publicTaxa(db) };
}

/** Rows of a loaded export inserted at a time. */
const LOAD_CHUNK = 2000;

export interface LocalLoadOutcome {
  taxa: number;
  accepted: number;
  /** Answers forgotten so that every name is matched again against the new export. */
  reset: number;
}

/**
 * Loads a WoRMS Darwin Core taxon file (its lines, header first) in place of the one loaded
 * before, in one transaction: a bad line leaves the previous export as it was. Every name's
 * answer is forgotten, so the next match uses the new export first.
 */
export async function loadLocalTaxa(
  db: AppDb,
  lines: AsyncIterable<string>,
): Promise<LocalLoadOutcome> {
  return db.transaction().execute(async (trx) => {
    let columns: Map<string, number> | null = null;
    let lineNumber = 0;
    let taxa = 0;
    let accepted = 0;
    let chunk: LocalTaxonRow[] = [];
    const seen = new Set<number>();
    await repo.replaceLocalTaxa(trx, []);
    for await (const line of lines) {
      lineNumber++;
      if (columns === null) {
        columns = dwcTaxonColumns(line);
        continue;
      }
      const taxon = parseDwcTaxonLine(line, columns, lineNumber);
      if (!taxon || seen.has(taxon.aphiaId)) continue;
      seen.add(taxon.aphiaId);
      taxa++;
      if (taxon.acceptedAphiaId === null || taxon.acceptedAphiaId === taxon.aphiaId) accepted++;
      chunk.push({
        taxon_id: taxon.aphiaId,
        scientific_name: taxon.scientificName,
        name_key: taxon.nameKey,
        authority: taxon.authority,
        scientific_name_id: taxon.scientificNameId,
        accepted_taxon_id: taxon.acceptedAphiaId,
        accepted_name: taxon.acceptedName,
        taxonomic_status: taxon.taxonomicStatus,
        rank: taxon.rank,
        ...taxon.classification,
      });
      if (chunk.length === LOAD_CHUNK) {
        await repo.insertLocalTaxa(trx, chunk);
        chunk = [];
      }
    }
    if (columns === null) {
      throw new Error('The file is empty: a taxon file starts with its header.');
    }
    await repo.insertLocalTaxa(trx, chunk);
    // Names shown under their accepted name go back to the name as written until matched again.
    const moved = await repo.namesShownOtherwise(trx);
    const reset = await repo.resetAnswers(trx);
    await republishNamesShown(trx, moved);
    return { taxa, accepted, reset };
  });
}

/** How many names have each status now. */
export async function taxonStatusCounts(db: AppDb): Promise<Record<TaxonStatus, number>> {
  return repo.statusCounts(db);
}
