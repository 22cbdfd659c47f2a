import { sql } from 'kysely';
import { PUBLIC_DATA_STATES } from '@coral/core';

/**
 * The visibility rules of docs/decisions/0012-datasets.md as SQL conditions on a row's
 * `dataset_version_id`, for repositories to put in their WHERE clauses (one definition, used by
 * every public query). Which states' data the public reads is the state table's, passed as a
 * parameter (docs/decisions/0046-dataset-states.md); the version readers see now is
 * `datasets.public_version_id` (view `public_dataset_versions`, migration 0005).
 */

/** Every version anyone may read: its state's data are public and its dataset not withdrawn. */
const readableVersionIds = () => sql`
  SELECT v.id FROM dataset_versions v JOIN datasets d ON d.id = v.dataset_id
  WHERE v.state = ANY(${[...PUBLIC_DATA_STATES]}::text[]) AND d.withdrawn_at IS NULL`;

/** The row belongs to the version readers see now (map, lists, statistics, ranges). */
export const isPublicRow = (alias: string) =>
  sql`${sql.ref(`${alias}.dataset_version_id`)} IN (SELECT id FROM public_dataset_versions)`;

/**
 * The row may be read by `viewerId`: any published version of a dataset that is not withdrawn,
 * or anything of the viewer's own datasets.
 */
export const isReadableRowFor = (alias: string, viewerId: number | null) =>
  sql`${sql.ref(`${alias}.dataset_version_id`)} IN (
    ${readableVersionIds()}
    UNION ALL
    SELECT v.id FROM dataset_versions v JOIN datasets d ON d.id = v.dataset_id
    WHERE d.owner_id = ${viewerId ?? -1} AND d.withdrawn_at IS NULL)`;

/** A `dataset_versions` row anyone may read (published, dataset not withdrawn). */
export const isReadableVersion = (alias: string) =>
  sql`${sql.ref(`${alias}.id`)} IN (${readableVersionIds()})`;

/** A `dataset_versions` row is the version readers see now of its dataset (published, not withdrawn). */
export const isPublicVersion = (alias: string) =>
  sql`${sql.ref(`${alias}.id`)} IN (SELECT id FROM public_dataset_versions)`;

/**
 * Which rows a list of colonies reads (the feed, a page, a cart, a project): without ids, every
 * public colony's; with ids (checked by the caller), those colonies' rows, all of them, or with
 * `publicOnly` their public ones only, exactly as the feed reads them; with `publicIdRanges`, the
 * public rows of the colonies whose id lies in one of those half-open ranges [from, to) (the
 * colonies feed's parts, decision 0038).
 */
export interface ColonyScope {
  ids?: readonly number[];
  publicOnly?: boolean;
  publicIdRanges?: readonly (readonly [number, number])[];
}

/** The scope as a `WHERE` clause on table `alias`, whose colony id is column `idColumn`. */
export function colonyScopeWhere(
  { ids, publicOnly, publicIdRanges }: ColonyScope,
  alias: string,
  idColumn: string,
) {
  const id = sql.ref(`${alias}.${idColumn}`);
  const conditions = [];
  if (ids) conditions.push(sql`${id} = ANY(${[...ids]}::int[])`);
  if (publicIdRanges) {
    const ranges = publicIdRanges.map(([from, to]) => sql`(${id} >= ${from} AND ${id} < ${to})`);
    conditions.push(ranges.length === 0 ? sql`false` : sql`(${sql.join(ranges, sql` OR `)})`);
  }
  if (!ids || publicOnly) conditions.push(isPublicRow(alias));
  return sql`WHERE ${sql.join(conditions, sql` AND `)}`;
}
