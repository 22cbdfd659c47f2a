import { sql, type RawBuilder } from 'kysely';
import type { ColonyPredicate } from '@coral/core';
import { colonyConditions } from '../../db/colony-predicate';
import type { AppDb } from '../../db/schema';
import { isPublicRow } from '../../db/visibility';

export interface BiosampleRow {
  id: number;
  name: string;
  collection_date: string | null;
  colony: number;
  project: number;
}

/** A page of biosamples: filtered by their colony, after a biosample id, at most `limit`. */
export interface BiosampleQuery {
  predicate: ColonyPredicate;
  /** Keyset: only biosamples with a greater id. */
  afterId?: number;
  limit?: number;
}

export const biosamplesRepository = {
  /** The biosamples of the public dataset versions. */
  async list(db: AppDb) {
    const { rows } = await sql<BiosampleRow>`
      SELECT b.id, b.name, b.collection_date, b.colony_id AS colony, b.project_id AS project
      FROM biosamples b WHERE ${isPublicRow('b')} ORDER BY b.id
    `.execute(db);
    return rows;
  },

  /**
   * Public biosamples whose colony passes the predicate (a colony the map shows for the same
   * filter), in id order, from `afterId` on, at most `limit` of them.
   */
  async page(db: AppDb, query: BiosampleQuery): Promise<BiosampleRow[]> {
    return await biosamplePageQuery(db, query).execute();
  },
};

/** The query of `biosamplesRepository.page`, unexecuted (its plan is checked by EXPLAIN tests). */
export function biosamplePageQuery(db: AppDb, { predicate, afterId, limit }: BiosampleQuery) {
  let query = db
    .selectFrom('biosamples as b')
    .select([
      'b.id',
      'b.name',
      'b.collection_date',
      'b.colony_id as colony',
      'b.project_id as project',
    ])
    .where(isPublicRow('b') as RawBuilder<boolean>);
  if (predicate.all.length > 0) {
    // The colony must be one the feed lists (public) and pass every condition.
    query = query
      .innerJoin('colonies as c', 'c.id', 'b.colony_id')
      .where(isPublicRow('c') as RawBuilder<boolean>);
    for (const condition of colonyConditions(predicate)) query = query.where(condition);
  }
  if (afterId !== undefined) query = query.where('b.id', '>', afterId);
  query = query.orderBy('b.id');
  if (limit !== undefined) query = query.limit(limit);
  return query;
}
