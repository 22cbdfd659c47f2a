import { sql, type RawBuilder } from 'kysely';
import {
  THRESHOLD_KIND_INFO,
  type ColonyCondition,
  type ColonyPredicate,
  type ThresholdKind,
} from '@coral/core';
import type { AppDb } from '../../db/database';
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

/** The public entries of one threshold kind of colony `c`, with extra conditions on `t`. */
const hasEntry = (kind: ThresholdKind, where: RawBuilder<unknown> = sql`TRUE`) =>
  sql<boolean>`EXISTS (
    SELECT 1 FROM ${sql.table(THRESHOLD_KIND_INFO[kind].table)} t
    WHERE t.colony_id = c.id AND ${isPublicRow('t')} AND ${where})`;

const withoutFlags = (flags: readonly string[]) =>
  flags.length === 0 ? sql`TRUE` : sql`NOT (t.quality_flags && ${[...flags]}::text[])`;

const anyOf = (conditions: RawBuilder<boolean>[]) =>
  sql<boolean>`(${sql.join(conditions, sql` OR `)})`;

/**
 * One condition of the core's colony predicate (packages/core/src/filters/filter-predicate.ts) as
 * SQL on colony `c`. Every table read is limited to public rows, as the colonies feed is.
 */
function colonyCondition(condition: ColonyCondition): RawBuilder<boolean> {
  switch (condition.kind) {
    case 'species':
      return sql<boolean>`c.species = ${condition.equals}`;
    case 'project':
      return sql<boolean>`EXISTS (
        SELECT 1 FROM biosamples pb JOIN projects p ON p.id = pb.project_id
        WHERE pb.colony_id = c.id AND ${isPublicRow('pb')} AND p.name = ${condition.name})`;
    case 'collectionYear':
      // A date after today is kept as recorded but gives no year (the feed's rule).
      return sql<boolean>`EXISTS (
        SELECT 1 FROM biosamples yb
        WHERE yb.colony_id = c.id AND ${isPublicRow('yb')} AND yb.collection_date <= CURRENT_DATE
          AND EXTRACT(YEAR FROM yb.collection_date)::int = ANY(${[...condition.years]}::int[]))`;
    case 'thresholdInRange': {
      const column = sql.ref(`t.${condition.value === 'absolute' ? 'abs_value' : 'rel_value'}`);
      return hasEntry(
        condition.thresholdKind,
        sql`${column} >= ${condition.min} AND ${column} <= ${condition.max}
            AND ${withoutFlags(condition.excludeFlags)}`,
      );
    }
    case 'notOnlyFlagged':
      return sql<boolean>`(NOT ${anyOf(condition.thresholdKinds.map((kind) => hasEntry(kind)))}
        OR ${anyOf(condition.thresholdKinds.map((kind) => hasEntry(kind, withoutFlags(condition.flags))))})`;
  }
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
  async page(db: AppDb, { predicate, afterId, limit }: BiosampleQuery): Promise<BiosampleRow[]> {
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
      for (const condition of predicate.all) query = query.where(colonyCondition(condition));
    }
    if (afterId !== undefined) query = query.where('b.id', '>', afterId);
    query = query.orderBy('b.id');
    if (limit !== undefined) query = query.limit(limit);
    return await query.execute();
  },
};
