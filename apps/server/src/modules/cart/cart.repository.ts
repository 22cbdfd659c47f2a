import { sql, type Selectable } from 'kysely';
import { THRESHOLD_KIND_INFO, type EdProvenance, type ThresholdKind } from '@coral/core';
import { reportDataVersion } from '../../db/replicas';
import type { AppDb, CartGroupsTable, ColoniesTable } from '../../db/schema';
import { isReadableRowFor } from '../../db/visibility';

export type CartGroupRow = Pick<
  Selectable<CartGroupsTable>,
  'id' | 'name' | 'filter_params' | 'created_at'
>;

export type CartColonyRow = Pick<
  Selectable<ColoniesTable>,
  'id' | 'name' | 'species' | 'country' | 'latitude' | 'longitude'
>;

const colonyColumns = ['id', 'name', 'species', 'country', 'latitude', 'longitude'] as const;
const ids = (values: readonly number[]) => sql`${[...values]}::int[]`;

/** Every query is scoped by owner: another user's group is indistinguishable from a missing one. */
export const cartRepository = {
  /** The user's groups, newest first (ties: newest id first). */
  async listGroups(db: AppDb, ownerId: number): Promise<CartGroupRow[]> {
    return db
      .selectFrom('cart_groups')
      .select(['id', 'name', 'filter_params', 'created_at'])
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  /** The user's groups among `groupIds` (all of them when omitted), newest first. */
  async ownedGroups(
    db: AppDb,
    ownerId: number,
    groupIds?: readonly number[],
  ): Promise<{ id: number; name: string; filter_params: unknown }[]> {
    let query = db
      .selectFrom('cart_groups')
      .select(['id', 'name', 'filter_params'])
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    if (groupIds) query = query.where('id', '=', sql<number>`ANY(${ids(groupIds)})`);
    return query.execute();
  },

  /**
   * (group, colony) pairs of all the user's groups, for the colonies they may still read: a
   * colony of a withdrawn dataset leaves carts (decision 0012).
   */
  async memberships(
    db: AppDb,
    ownerId: number,
  ): Promise<{ group_id: number; colony_id: number }[]> {
    const { rows } = await sql<{ group_id: number; colony_id: number }>`
      SELECT gc.group_id, gc.colony_id
      FROM cart_group_colonies gc
      JOIN cart_groups g ON g.id = gc.group_id
      JOIN colonies c ON c.id = gc.colony_id
      WHERE g.owner_id = ${ownerId} AND ${isReadableRowFor('c', ownerId)}
      ORDER BY gc.group_id, gc.colony_id
    `.execute(db);
    return rows;
  },

  async colonies(db: AppDb, colonyIds: readonly number[]): Promise<CartColonyRow[]> {
    if (colonyIds.length === 0) return [];
    return db
      .selectFrom('colonies')
      .select(colonyColumns)
      .where('id', '=', sql<number>`ANY(${ids(colonyIds)})`)
      .orderBy('id')
      .execute();
  },

  /** The dataset version each colony belongs to (the export's provenance, decision 0054). */
  async datasetVersionIds(
    db: AppDb,
    colonyIds: readonly number[],
  ): Promise<{ id: number; dataset_version_id: number | null }[]> {
    if (colonyIds.length === 0) return [];
    return db
      .selectFrom('colonies')
      .select(['id', 'dataset_version_id'])
      .where('id', '=', sql<number>`ANY(${ids(colonyIds)})`)
      .orderBy('id')
      .execute();
  },

  /** How each stored value of one kind of the colonies was computed (decision 0032), by id. */
  async thresholdProvenance(
    db: AppDb,
    kind: ThresholdKind,
    colonyIds: readonly number[],
  ): Promise<
    {
      id: number;
      ed_method: EdProvenance['method'];
      ed_model: EdProvenance['model'];
      ed_fit: EdProvenance['fit'];
      ed_software: string | null;
    }[]
  > {
    if (colonyIds.length === 0) return [];
    const { table } = THRESHOLD_KIND_INFO[kind];
    const { rows } = await sql<{
      id: number;
      ed_method: EdProvenance['method'];
      ed_model: EdProvenance['model'];
      ed_fit: EdProvenance['fit'];
      ed_software: string | null;
    }>`
      SELECT t.id, t.ed_method, t.ed_model, t.ed_fit, t.ed_software
      FROM ${sql.table(table)} t
      WHERE t.colony_id = ANY(${ids(colonyIds)})
    `.execute(db);
    return rows;
  },

  async biosampleNames(
    db: AppDb,
    colonyIds: readonly number[],
  ): Promise<{ colony_id: number; name: string }[]> {
    if (colonyIds.length === 0) return [];
    return db
      .selectFrom('biosamples')
      .select(['colony_id', 'name'])
      .where('colony_id', '=', sql<number>`ANY(${ids(colonyIds)})`)
      .orderBy('colony_id')
      .orderBy('id')
      .execute();
  },

  /**
   * One page of a group's colony ids after `afterColonyId`, in id order (keyset pagination on the
   * primary key; only the narrow membership table is scanned).
   */
  async colonyIdPage(
    db: AppDb,
    ownerId: number,
    groupId: number,
    afterColonyId: number,
    limit: number,
  ): Promise<number[]> {
    const { rows } = await sql<{ colony_id: number }>`
      SELECT gc.colony_id FROM cart_group_colonies gc JOIN colonies c ON c.id = gc.colony_id
      WHERE gc.group_id = ${groupId} AND gc.colony_id > ${afterColonyId}
        AND ${isReadableRowFor('c', ownerId)}
      ORDER BY gc.group_id, gc.colony_id
      LIMIT ${limit}
    `.execute(db);
    return rows.map((r) => r.colony_id);
  },

  /**
   * What a user's cart answers depend on besides rows that change only with the data version:
   * the data version, whether the user owns datasets (their unpublished rows are readable to them
   * and change without a new data version), and a digest of their groups (id, name, filter,
   * creation time and number of members: a deleted colony leaves its groups by cascade).
   */
  async cartState(
    db: AppDb,
    ownerId: number,
  ): Promise<{ data_version: number; owns_datasets: boolean; groups: string }> {
    const { rows } = await sql<{ data_version: number; owns_datasets: boolean; groups: string }>`
      SELECT (SELECT version FROM dataset_state) AS data_version,
             EXISTS (SELECT 1 FROM datasets WHERE owner_id = ${ownerId}) AS owns_datasets,
             (SELECT md5(coalesce(json_agg(json_build_array(
                       g.id, g.name, g.filter_params, g.created_at,
                       (SELECT count(*) FROM cart_group_colonies gc WHERE gc.group_id = g.id)
                     ) ORDER BY g.id)::text, ''))
              FROM cart_groups g WHERE g.owner_id = ${ownerId}) AS groups
    `.execute(db);
    reportDataVersion(db, rows[0]!.data_version);
    return rows[0]!;
  },

  /** Distinct project names of each colony (through its biosamples). */
  async projectNames(
    db: AppDb,
    colonyIds: readonly number[],
  ): Promise<{ colony_id: number; name: string }[]> {
    const { rows } = await sql<{ colony_id: number; name: string }>`
      SELECT DISTINCT b.colony_id, p.name
      FROM biosamples b JOIN projects p ON p.id = b.project_id
      WHERE b.colony_id = ANY(${ids(colonyIds)})
      ORDER BY b.colony_id, p.name
    `.execute(db);
    return rows;
  },

  async insertGroup(
    db: AppDb,
    ownerId: number,
    name: string,
    filterParams: Record<string, unknown>,
  ): Promise<number> {
    const row = await db
      .insertInto('cart_groups')
      .values({ owner_id: ownerId, name, filter_params: JSON.stringify(filterParams) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** One statement whatever the number of colonies (one array parameter). */
  async insertMemberships(db: AppDb, groupId: number, colonyIds: readonly number[]) {
    await sql`
      INSERT INTO cart_group_colonies (group_id, colony_id)
      SELECT ${groupId}, unnest(${ids(colonyIds)})
    `.execute(db);
  },

  /** Whether the user's group existed and was deleted. */
  async deleteGroup(db: AppDb, ownerId: number, groupId: number): Promise<boolean> {
    const result = await db
      .deleteFrom('cart_groups')
      .where('id', '=', groupId)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  async renameGroup(
    db: AppDb,
    ownerId: number,
    groupId: number,
    name: string,
  ): Promise<{ id: number; name: string } | undefined> {
    return db
      .updateTable('cart_groups')
      .set({ name, updated_at: sql<Date>`now()` })
      .where('id', '=', groupId)
      .where('owner_id', '=', ownerId)
      .returning(['id', 'name'])
      .executeTakeFirst();
  },
};
