import { sql, type Selectable } from 'kysely';
import { TAXON_STATUSES, type TaxonMatch, type TaxonStatus } from '@coral/core';
import { isPublicRow } from '../../db/visibility';
import type { AppDb, LocalTaxaTable, TaxonNamesTable } from '../../db/schema';

export type TaxonNameRow = Selectable<TaxonNamesTable>;
export type LocalTaxonRow = Selectable<LocalTaxaTable>;

/** Rows per INSERT (PostgreSQL allows 65 535 parameters a statement; a local taxon has 15). */
const INSERT_CHUNK = 2000;

/** Species names and WoRMS' answers for them (docs/decisions/0049-taxon-matching.md). */
export const taxaRepository = {
  /** Adds names not seen before as "not yet checked"; a known name keeps its answer. */
  async registerNames(db: AppDb, names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await db
      .insertInto('taxon_names')
      .values(names.map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  },

  /** Names not checked yet, oldest first. */
  async uncheckedNames(db: AppDb, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('taxon_names')
      .select('name')
      .where('checked_at', 'is', null)
      .orderBy('created_at')
      .orderBy('name')
      .limit(limit)
      .execute();
    return rows.map((row) => row.name);
  },

  async saveMatch(
    db: AppDb,
    name: string,
    match: TaxonMatch,
    source: 'worms' | 'local',
    checkedAt: Date,
  ): Promise<void> {
    await db
      .updateTable('taxon_names')
      .set({
        status: match.status,
        source,
        match_type: match.matchType,
        aphia_id: match.aphiaId,
        lsid: match.lsid,
        matched_name: match.matchedName,
        authority: match.authority,
        worms_status: match.wormsStatus,
        rank: match.rank,
        accepted_aphia_id: match.acceptedAphiaId,
        accepted_name: match.acceptedName,
        ...match.classification,
        checked_at: checkedAt,
        last_error: null,
      })
      .where('name', '=', name)
      .execute();
  },

  /** A failed attempt: the names stay "not yet checked", with why. */
  async recordFailedAttempt(db: AppDb, names: readonly string[], error: string): Promise<void> {
    if (names.length === 0) return;
    await db
      .updateTable('taxon_names')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error }))
      .where('name', 'in', names)
      .where('checked_at', 'is', null)
      .execute();
  },

  /** The public dataset versions holding colonies of these names as written. */
  async publicVersionsWithNames(db: AppDb, names: readonly string[]): Promise<number[]> {
    if (names.length === 0) return [];
    const { rows } = await sql<{ id: number }>`
      SELECT DISTINCT c.dataset_version_id AS id FROM colonies c
      WHERE c.species = ANY(${[...names]}::text[]) AND ${isPublicRow('c')}
      ORDER BY 1
    `.execute(db);
    return rows.map((row) => row.id);
  },

  /** Names now shown under another name than written (their accepted name, decision 0060). */
  async namesShownOtherwise(db: AppDb): Promise<string[]> {
    const rows = await db
      .selectFrom('taxon_names')
      .select('name')
      .where('status', 'in', ['accepted', 'synonym'])
      .where('accepted_name', 'is not', null)
      .whereRef('accepted_name', '!=', 'name')
      .execute();
    return rows.map((row) => row.name);
  },

  async namesIn(db: AppDb, names: readonly string[]): Promise<TaxonNameRow[]> {
    if (names.length === 0) return [];
    return db.selectFrom('taxon_names').selectAll().where('name', 'in', names).execute();
  },

  /**
   * Registers every species name of the colonies not registered yet (names imported before
   * taxon matching existed). Returns how many were new.
   */
  async registerColonySpecies(db: AppDb): Promise<number> {
    const result = await db
      .insertInto('taxon_names')
      .columns(['name'])
      .expression((eb) => eb.selectFrom('colonies').select('species').distinct())
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  },

  /** Every species name of the public colonies and how many colonies carry it, by name. */
  async publicSpeciesCounts(db: AppDb): Promise<{ name: string; colonies: number }[]> {
    const rows = await db
      .selectFrom('colonies as c')
      .select(['c.species as name', (eb) => eb.fn.countAll<string>().as('colonies')])
      .where(isPublicRow('c').$castTo<boolean>())
      .groupBy('c.species')
      .orderBy('c.species')
      .execute();
    return rows.map((row) => ({ name: row.name, colonies: Number(row.colonies) }));
  },

  /** The species names of one dataset version's colonies, with their colony counts. */
  async versionSpeciesCounts(
    db: AppDb,
    versionId: number,
  ): Promise<{ name: string; colonies: number }[]> {
    const rows = await db
      .selectFrom('colonies')
      .select(['species as name', (eb) => eb.fn.countAll<string>().as('colonies')])
      .where('dataset_version_id', '=', versionId)
      .groupBy('species')
      .orderBy('species')
      .execute();
    return rows.map((row) => ({ name: row.name, colonies: Number(row.colonies) }));
  },

  /** The species names of one upload's colonies, with their colony counts. */
  async uploadSpeciesCounts(
    db: AppDb,
    uploadId: number,
  ): Promise<{ name: string; colonies: number }[]> {
    const rows = await db
      .selectFrom('colonies')
      .select(['species as name', (eb) => eb.fn.countAll<string>().as('colonies')])
      .where('upload_id', '=', uploadId)
      .groupBy('species')
      .orderBy('species')
      .execute();
    return rows.map((row) => ({ name: row.name, colonies: Number(row.colonies) }));
  },

  async localTaxaCount(db: AppDb): Promise<number> {
    const row = await db
      .selectFrom('local_taxa')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async localTaxaByKeys(db: AppDb, keys: readonly string[]): Promise<LocalTaxonRow[]> {
    if (keys.length === 0) return [];
    return db.selectFrom('local_taxa').selectAll().where('name_key', 'in', keys).execute();
  },

  /** The names of a loaded export whose genus starts with one of `letters` (fuzzy matching). */
  async localNamesStartingWith(db: AppDb, letters: readonly string[]): Promise<string[]> {
    if (letters.length === 0) return [];
    const rows = await db
      .selectFrom('local_taxa')
      .select('name_key')
      .distinct()
      .where(sql<string>`left(name_key, 1)`, 'in', letters)
      .execute();
    return rows.map((row) => row.name_key);
  },

  /** Empties the loaded export, then adds `rows` (in the caller's transaction). */
  async replaceLocalTaxa(trx: AppDb, rows: readonly LocalTaxonRow[]): Promise<void> {
    await trx.deleteFrom('local_taxa').execute();
    await taxaRepository.insertLocalTaxa(trx, rows);
  },

  async insertLocalTaxa(trx: AppDb, rows: readonly LocalTaxonRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await trx
        .insertInto('local_taxa')
        .values(rows.slice(start, start + INSERT_CHUNK))
        .execute();
    }
  },

  async statusCounts(db: AppDb): Promise<Record<TaxonStatus, number>> {
    const rows = await db
      .selectFrom('taxon_names')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute();
    const counts = Object.fromEntries(TAXON_STATUSES.map((status) => [status, 0])) as Record<
      TaxonStatus,
      number
    >;
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  },

  /** Forgets every answer, so that names are matched again (after a new export is loaded). */
  async resetAnswers(trx: AppDb): Promise<number> {
    const result = await trx
      .updateTable('taxon_names')
      .set({ status: 'unchecked', checked_at: null, source: null, attempts: 0, last_error: null })
      .where('checked_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
