import { sql } from 'kysely';

/**
 * The visibility rules of docs/decisions/0012-datasets.md as SQL conditions on a row's
 * `dataset_version_id`, for repositories to put in their WHERE clauses (one definition, used by
 * every public query; the views are created by migration 0005).
 */

/** The row belongs to the version readers see now (map, lists, statistics, ranges). */
export const isPublicRow = (alias: string) =>
  sql`${sql.ref(`${alias}.dataset_version_id`)} IN (SELECT id FROM public_dataset_versions)`;

/**
 * The row may be read by `viewerId`: any published version of a dataset that is not withdrawn,
 * or anything of the viewer's own datasets.
 */
export const isReadableRowFor = (alias: string, viewerId: number | null) =>
  sql`${sql.ref(`${alias}.dataset_version_id`)} IN (
    SELECT id FROM readable_dataset_versions
    UNION ALL
    SELECT v.id FROM dataset_versions v JOIN datasets d ON d.id = v.dataset_id
    WHERE d.owner_id = ${viewerId ?? -1} AND d.withdrawn_at IS NULL)`;

/** A `dataset_versions` row is the version readers see now of its dataset (published, not withdrawn). */
export const isPublicVersion = (alias: string) =>
  sql`${sql.ref(`${alias}.id`)} IN (SELECT id FROM public_dataset_versions)`;

/**
 * Which colonies a query reads: every public one (undefined), the given ids (checked by the
 * caller), or the public ones whose id lies in one of the half-open ranges [from, to) (the
 * colonies feed's parts, decision 0038).
 */
export type ColonyScope =
  readonly number[] | { publicIdRanges: readonly (readonly [number, number])[] };

/**
 * The condition of `scope` on a row whose colony id is `idColumn` (of alias) and whose own
 * dataset version decides its visibility.
 */
export function inColonyScope(alias: string, idColumn: string, scope: ColonyScope | undefined) {
  const id = sql.ref(`${alias}.${idColumn}`);
  if (scope === undefined) return isPublicRow(alias);
  if ('publicIdRanges' in scope) {
    if (scope.publicIdRanges.length === 0) return sql`false`;
    const ranges = scope.publicIdRanges.map(
      ([from, to]) => sql`(${id} >= ${from} AND ${id} < ${to})`,
    );
    return sql`${isPublicRow(alias)} AND (${sql.join(ranges, sql` OR `)})`;
  }
  return sql`${id} = ANY(${[...scope]}::int[])`;
}
