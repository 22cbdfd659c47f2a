import { sql, type Selectable } from 'kysely';
import { reportDataVersion } from '../../db/replicas';
import type { AppDb, DatasetStateTable } from '../../db/schema';
import type { DeflatedSegment } from '../../lib/gzip-segments';

export type DatasetStateRow = Pick<
  Selectable<DatasetStateTable>,
  'version' | 'updated_at' | 'seeded_at' | 'metadata_stamp'
>;

/** One stored part of a snapshot: a deflated segment (lib/gzip-segments.ts) and its number. */
export interface SnapshotPart extends DeflatedSegment {
  part: number;
}

/** The read models stored in published_snapshots. */
export type SnapshotName = 'colonies' | 'statistics';

/**
 * Parts derived from a snapshot's parts and stored next to them under their own name (the map's
 * columns of each feed part, decision 0041): a derived part is valid for the snapshot part of
 * the same number and `built_version`, so it has no snapshot row of its own. The name carries
 * its layout, so parts of another layout are never read.
 */
export type DerivedPartsName = `colony-columns/${string}`;

/** A stored part's number and the data version it was last built for. */
export interface PartVersion {
  part: number;
  builtVersion: number;
}

/** A part of a snapshot, with whether its derived part of the same build is stored. */
export interface ListedPart extends PartVersion {
  derived: boolean;
}

/** One stored part's bytes, with the build they belong to. */
export interface StoredPart extends SnapshotPart {
  builtVersion: number;
}

/**
 * All SQL of the dataset version (dataset_state) and the published snapshots. Each function that
 * reads or bumps the data version reports it to the routing layer (`reportDataVersion`,
 * docs/decisions/0073-read-replicas.md).
 */
export const readModelsRepository = {
  async datasetState(db: AppDb): Promise<DatasetStateRow> {
    const state = await db
      .selectFrom('dataset_state')
      .select(['version', 'updated_at', 'seeded_at', 'metadata_stamp'])
      .executeTakeFirstOrThrow();
    reportDataVersion(db, state.version);
    return state;
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
    const version = rows[0]!.version;
    reportDataVersion(db, version);
    return version;
  },

  /**
   * Marks a change of public metadata that changes no data (a curator's metadata revision,
   * decision 0064), in the row the data version lives in; returns the new stamp.
   */
  async bumpMetadataStamp(db: AppDb): Promise<number> {
    const { rows } = await sql<{ stamp: number }>`
      UPDATE dataset_state SET metadata_stamp = metadata_stamp + 1 RETURNING metadata_stamp AS stamp
    `.execute(db);
    return rows[0]!.stamp;
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
   * The parts of the snapshot stored for exactly this version and format, without their bytes:
   * number, build and whether `derivedName` holds a part of the same build. Undefined when that
   * snapshot is not the stored one.
   */
  async listSnapshotParts(
    db: AppDb,
    name: SnapshotName,
    version: number,
    format: string,
    derivedName: DerivedPartsName,
  ): Promise<ListedPart[] | undefined> {
    const { rows } = await sql<{
      part: number | null;
      built_version: string | number | null;
      derived: boolean | null;
    }>`
      SELECT p.part, p.built_version, d.part IS NOT NULL AS derived
      FROM published_snapshots s
      LEFT JOIN published_snapshot_parts p ON p.name = s.name
      LEFT JOIN published_snapshot_parts d
        ON d.name = ${derivedName} AND d.part = p.part AND d.built_version = p.built_version
      WHERE s.name = ${name} AND s.dataset_version = ${version} AND s.format_version = ${format}
      ORDER BY p.part
    `.execute(db);
    if (rows.length === 0) return undefined;
    return rows.flatMap((r) =>
      r.part === null
        ? []
        : [{ part: r.part, builtVersion: Number(r.built_version), derived: r.derived === true }],
    );
  },

  /**
   * The stored parts of `name` among the wanted builds (number and built_version both equal): a
   * part rebuilt since the wanted list was read is left out, never answered with other bytes.
   */
  async findPartsBuilt(
    db: AppDb,
    name: SnapshotName | DerivedPartsName,
    wanted: readonly PartVersion[],
  ): Promise<StoredPart[]> {
    if (wanted.length === 0) return [];
    const { rows } = await sql<{
      part: number;
      built_version: string | number;
      raw_length: number;
      crc32: number;
      content: Buffer;
    }>`
      SELECT p.part, p.built_version, p.raw_length, p.crc32, p.content
      FROM published_snapshot_parts p
      JOIN unnest(${wanted.map((w) => w.part)}::int[], ${wanted.map((w) => w.builtVersion)}::bigint[])
        AS w(part, built_version)
        ON w.part = p.part AND w.built_version = p.built_version
      WHERE p.name = ${name}
      ORDER BY p.part
    `.execute(db);
    return rows.map((r) => ({
      part: r.part,
      builtVersion: Number(r.built_version),
      length: r.raw_length,
      crc32: r.crc32 >>> 0,
      deflated: r.content,
    }));
  },

  /**
   * Stores derived parts built from the snapshot parts of the given builds, outside a data
   * change (a reader filling in what an older release did not publish): a part already stored
   * for the same or a newer build is kept, so a change committed meanwhile always wins.
   */
  async saveDerivedPartsIfNewer(
    db: AppDb,
    name: DerivedPartsName,
    parts: readonly (SnapshotPart & { builtVersion: number })[],
  ): Promise<void> {
    for (let i = 0; i < parts.length; i += 100) {
      await db
        .insertInto('published_snapshot_parts')
        .values(
          parts.slice(i, i + 100).map((p) => ({
            name,
            part: p.part,
            built_version: p.builtVersion,
            raw_length: p.length,
            crc32: p.crc32 | 0,
            content: p.deflated,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['name', 'part'])
            .doUpdateSet((eb) => ({
              built_version: eb.ref('excluded.built_version'),
              raw_length: eb.ref('excluded.raw_length'),
              crc32: eb.ref('excluded.crc32'),
              content: eb.ref('excluded.content'),
            }))
            .where('published_snapshot_parts.built_version', '<', (eb) =>
              eb.ref('excluded.built_version'),
            ),
        )
        .execute();
    }
  },

  /** Deletes every derived part whose name starts with `prefix` except those of `keep`. */
  async deleteOtherDerivedParts(db: AppDb, prefix: string, keep: DerivedPartsName) {
    await sql`
      DELETE FROM published_snapshot_parts
      WHERE starts_with(name, ${prefix}) AND name <> ${keep}
    `.execute(db);
  },

  /**
   * Writes the given parts (replacing those of the same number) and deletes `removed`: the listed
   * part numbers, or with 'others', every part not among `parts` (a full rebuild).
   */
  async saveSnapshotParts(
    db: AppDb,
    name: SnapshotName | DerivedPartsName,
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
    const version = Number(rows[0]!.version);
    reportDataVersion(db, version);
    return version;
  },
};
