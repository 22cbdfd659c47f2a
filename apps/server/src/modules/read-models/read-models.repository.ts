import { sql, type Selectable } from 'kysely';
import type { AppDb } from '../../db/database';
import type { DatasetStateTable } from '../../db/schema';
import type { DeflatedSegment } from '../../lib/gzip-segments';

export type DatasetStateRow = Pick<
  Selectable<DatasetStateTable>,
  'version' | 'updated_at' | 'seeded_at'
>;

/** One stored part of a snapshot: a deflated segment (lib/gzip-segments.ts) and its number. */
export interface SnapshotPart extends DeflatedSegment {
  part: number;
}

/** The read models stored in published_snapshots. */
export type SnapshotName = 'colonies' | 'statistics';

/** All SQL of the dataset version (dataset_state) and the published snapshots. */
export const readModelsRepository = {
  async datasetState(db: AppDb): Promise<DatasetStateRow> {
    return db
      .selectFrom('dataset_state')
      .select(['version', 'updated_at', 'seeded_at'])
      .executeTakeFirstOrThrow();
  },

  /** Marks a data change; returns the new version. */
  async bumpDataVersion(db: AppDb, options: { seeded?: boolean } = {}): Promise<number> {
    const { rows } = await sql<{ version: number }>`
      UPDATE dataset_state
      SET version = version + 1,
          updated_at = now(),
          seeded_at = CASE WHEN ${options.seeded ?? false} THEN now() ELSE seeded_at END
      RETURNING version
    `.execute(db);
    return rows[0]!.version;
  },

  /** The snapshot built for exactly this dataset version in exactly this format, if any. */
  async findSnapshot(
    db: AppDb,
    name: SnapshotName,
    version: number,
    format: string,
  ): Promise<Buffer | undefined> {
    const row = await db
      .selectFrom('published_snapshots')
      .select('content')
      .where('name', '=', name)
      .where('dataset_version', '=', version)
      .where('format_version', '=', format)
      .executeTakeFirst();
    return row?.content;
  },

  /** Stores a snapshot unless a newer dataset version's is already there. */
  async saveSnapshot(
    db: AppDb,
    name: SnapshotName,
    version: number,
    format: string,
    content: Buffer,
  ): Promise<void> {
    await sql`
      INSERT INTO published_snapshots (name, dataset_version, format_version, content)
      VALUES (${name}, ${version}, ${format}, ${content})
      ON CONFLICT (name) DO UPDATE
        SET dataset_version = EXCLUDED.dataset_version,
            format_version = EXCLUDED.format_version,
            content = EXCLUDED.content,
            created_at = now()
        WHERE published_snapshots.dataset_version <= EXCLUDED.dataset_version
    `.execute(db);
  },

  /** The stored snapshot's version and format, whatever they are (none before the first). */
  async snapshotState(
    db: AppDb,
    name: SnapshotName,
  ): Promise<{ version: number; format: string } | undefined> {
    const row = await db
      .selectFrom('published_snapshots')
      .select(['dataset_version', 'format_version'])
      .where('name', '=', name)
      .executeTakeFirst();
    return row && { version: Number(row.dataset_version), format: row.format_version };
  },

  /**
   * The parts of the snapshot stored for exactly this version and format, in part order; one
   * statement, so the parts are those committed with that snapshot row even while another
   * transaction replaces them. Undefined when that snapshot is not the stored one.
   */
  async findSnapshotParts(
    db: AppDb,
    name: SnapshotName,
    version: number,
    format: string,
  ): Promise<SnapshotPart[] | undefined> {
    const { rows } = await sql<{
      part: number | null;
      raw_length: number | null;
      crc32: number | null;
      content: Buffer | null;
    }>`
      SELECT p.part, p.raw_length, p.crc32, p.content
      FROM published_snapshots s
      LEFT JOIN published_snapshot_parts p ON p.name = s.name
      WHERE s.name = ${name} AND s.dataset_version = ${version} AND s.format_version = ${format}
      ORDER BY p.part
    `.execute(db);
    if (rows.length === 0) return undefined;
    return rows.flatMap((r) =>
      r.part === null
        ? []
        : [{ part: r.part, length: r.raw_length!, crc32: r.crc32! >>> 0, deflated: r.content! }],
    );
  },

  /**
   * Writes the given parts (replacing those of the same number) and deletes `removed`: the listed
   * part numbers, or with 'others', every part not among `parts` (a full rebuild).
   */
  async saveSnapshotParts(
    db: AppDb,
    name: SnapshotName,
    version: number,
    parts: readonly SnapshotPart[],
    removed: readonly number[] | 'others',
  ): Promise<void> {
    if (removed === 'others') {
      await sql`
        DELETE FROM published_snapshot_parts
        WHERE name = ${name} AND part <> ALL(${parts.map((p) => p.part)}::int[])
      `.execute(db);
    } else if (removed.length > 0) {
      await db
        .deleteFrom('published_snapshot_parts')
        .where('name', '=', name)
        .where('part', 'in', [...removed])
        .execute();
    }
    // Batches keep each statement's parameters (and bytes) bounded.
    for (let i = 0; i < parts.length; i += 100) {
      await db
        .insertInto('published_snapshot_parts')
        .values(
          parts.slice(i, i + 100).map((p) => ({
            name,
            part: p.part,
            built_version: version,
            raw_length: p.length,
            crc32: p.crc32 | 0,
            content: p.deflated,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['name', 'part']).doUpdateSet((eb) => ({
            built_version: eb.ref('excluded.built_version'),
            raw_length: eb.ref('excluded.raw_length'),
            crc32: eb.ref('excluded.crc32'),
            content: eb.ref('excluded.content'),
          })),
        )
        .execute();
    }
  },

  /**
   * Serialises rebuilds with data changes: the row every data change updates first, locked
   * until the caller's transaction ends; answers the version it holds.
   */
  async lockDataVersion(db: AppDb): Promise<number> {
    const { rows } = await sql<{ version: number }>`
      SELECT version FROM dataset_state FOR UPDATE
    `.execute(db);
    return Number(rows[0]!.version);
  },
};
