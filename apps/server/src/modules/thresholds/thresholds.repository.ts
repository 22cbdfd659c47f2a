import { sql, type Selectable } from 'kysely';
import { THRESHOLD_KIND_INFO, UNTRUSTWORTHY_FLAG_CODES, type ThresholdKind } from '@coral/core';
import { ensureSorted, selectColumnar } from '../../db/columnar';
import type { AppDb, ThresholdTable } from '../../db/schema';
import { colonyScopeWhere, isPublicRow, type ColonyScope } from '../../db/visibility';

/** A stored threshold as lists read it (provenance is read by the colony page and downloads). */
export type ThresholdRow = Omit<
  Selectable<ThresholdTable>,
  'ed_method' | 'ed_model' | 'ed_fit' | 'ed_software'
>;

export interface ThresholdBounds {
  min_abs: number | null;
  max_abs: number | null;
  min_rel: number | null;
  max_rel: number | null;
}

const columns = [
  'id',
  'colony_id',
  'condition',
  'timepoint',
  'abs_value',
  'rel_value',
  'sst_clim_mmm',
] as const;

export const thresholdsRepository = {
  /**
   * Every public entry of one kind (the feed's), or those of the given colonies (with
   * `publicOnly`, their public ones only); ordered by colony, then id.
   */
  async listByColonies(
    db: AppDb,
    kind: ThresholdKind,
    scope: ColonyScope = {},
  ): Promise<ThresholdRow[]> {
    const { table } = THRESHOLD_KIND_INFO[kind];
    if (scope.ids?.length === 0) return [];
    const only = colonyScopeWhere(scope, 't', 'colony_id');
    const rows = await selectColumnar<ThresholdRow & { flags: string }>(
      db,
      [...columns, 'flags'],
      sql`
        SELECT t.id, t.colony_id, t.condition, t.timepoint, t.abs_value, t.rel_value,
               t.sst_clim_mmm, array_to_string(t.quality_flags, ',') AS flags
        FROM ${sql.table(table)} t ${only}
        ORDER BY t.colony_id, t.id
      `,
    );
    for (const row of rows) row.quality_flags = row.flags === '' ? [] : row.flags.split(',');
    return ensureSorted(
      rows,
      (r) => r.colony_id,
      (r) => r.id,
    ).map(({ flags: _flags, ...row }) => row);
  },

  /** Dataset bounds over trustworthy values only: failed fits must not stretch the sliders. */
  async bounds(db: AppDb, kind: ThresholdKind): Promise<ThresholdBounds> {
    const { table } = THRESHOLD_KIND_INFO[kind];
    const { rows } = await sql<ThresholdBounds>`
      SELECT min(abs_value) AS min_abs, max(abs_value) AS max_abs,
             min(rel_value) AS min_rel, max(rel_value) AS max_rel
      FROM ${sql.table(table)} t
      WHERE ${isPublicRow('t')}
        AND NOT (t.quality_flags && ${[...UNTRUSTWORTHY_FLAG_CODES]}::text[])
    `.execute(db);
    return rows[0]!;
  },
};
