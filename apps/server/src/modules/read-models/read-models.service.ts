import type { AppDb } from '../../db/schema';
import {
  readModelsRepository as repo,
  type DerivedPartsName,
  type ListedPart,
  type PartVersion,
  type SnapshotName,
  type SnapshotPart,
  type StoredPart,
} from './read-models.repository';

export type {
  DerivedPartsName,
  ListedPart,
  PartVersion,
  SnapshotName,
  SnapshotPart,
  StoredPart,
} from './read-models.repository';

/**
 * The data version (a counter of changes to public data, not a dataset's version) every cache of
 * public data is keyed by, and the public read models stored
 * for it (docs/decisions/0006-published-snapshots.md). Colonies and statistics build their read
 * models; the datasets module bumps the version whenever public data change.
 */
export interface DataVersion {
  version: number;
  /** The time of the newest data change. */
  updatedAt: Date;
  /** When the bundled dataset was imported; null before. */
  seededAt: Date | null;
  /**
   * Counts the changes of public metadata that change no data (curators' metadata revisions,
   * docs/decisions/0070-metadata-stamp-and-owner-edit-datestamp.md): a cache of something they
   * can change (the footer's licences) keys by it beside `version`, read in the same row.
   */
  metadataStamp: number;
}

export async function currentDataVersion(db: AppDb): Promise<DataVersion> {
  const state = await repo.datasetState(db);
  return {
    version: state.version,
    updatedAt: state.updated_at,
    seededAt: state.seeded_at,
    metadataStamp: state.metadata_stamp,
  };
}

/** A data change: the new version (call inside the change's transaction). */
export function bumpDataVersion(db: AppDb, options: { seeded?: boolean } = {}): Promise<number> {
  return repo.bumpDataVersion(db, options);
}

/**
 * A change of public metadata without a change of data (call inside the change's transaction):
 * the data version, and every cache and download keyed by it, stay; the metadata stamp moves.
 */
export function bumpMetadataStamp(db: AppDb): Promise<number> {
  return repo.bumpMetadataStamp(db);
}

/**
 * A stored snapshot of one version, built in `format`: the format is stored with the content, so
 * a snapshot built by other code (an older release, another list of threshold kinds) is never
 * served; the caller rebuilds it.
 */
export function findSnapshot(
  db: AppDb,
  name: SnapshotName,
  version: number,
  format: string,
): Promise<Buffer | undefined> {
  return repo.findSnapshot(db, name, version, format);
}

export function saveSnapshot(
  db: AppDb,
  name: SnapshotName,
  version: number,
  format: string,
  content: Buffer,
): Promise<void> {
  return repo.saveSnapshot(db, name, version, format, content);
}

/** The stored snapshot's version and format (to decide whether its parts can be updated). */
export function snapshotState(
  db: AppDb,
  name: SnapshotName,
): Promise<{ version: number; format: string } | undefined> {
  return repo.snapshotState(db, name);
}

/**
 * The parts of the snapshot of exactly this version and format, in order, read together with
 * its row (decision 0038); undefined when another version or format is stored.
 */
export function findSnapshotParts(
  db: AppDb,
  name: SnapshotName,
  version: number,
  format: string,
): Promise<SnapshotPart[] | undefined> {
  return repo.findSnapshotParts(db, name, version, format);
}

/**
 * Stores a snapshot kept in parts for `version` (call in one transaction): the changed parts
 * replace theirs, `removed` are deleted, every other part stays as it is; with `replaceAll`,
 * every stored part not among `parts` is deleted (a full rebuild).
 */
export async function saveSnapshotParts(
  db: AppDb,
  name: SnapshotName,
  version: number,
  format: string,
  changes: { parts: readonly SnapshotPart[]; removed?: readonly number[]; replaceAll?: boolean },
): Promise<void> {
  const removed = changes.replaceAll ? 'others' : (changes.removed ?? []);
  await repo.saveSnapshotParts(db, name, version, changes.parts, removed);
  await repo.saveSnapshot(db, name, version, format, Buffer.alloc(0));
}

/**
 * The parts of the snapshot of exactly this version and format without their bytes (number,
 * build, and whether `derivedName` holds a part derived from that build), read in one statement
 * joined to its row; undefined when another version or format is stored.
 */
export function listSnapshotParts(
  db: AppDb,
  name: SnapshotName,
  version: number,
  format: string,
  derivedName: DerivedPartsName,
): Promise<ListedPart[] | undefined> {
  return repo.listSnapshotParts(db, name, version, format, derivedName);
}

/**
 * The bytes of stored parts of exactly the wanted builds; a part rebuilt since is missing from
 * the answer (the caller then reads the new version's list).
 */
export function findPartsBuilt(
  db: AppDb,
  name: SnapshotName | DerivedPartsName,
  wanted: readonly PartVersion[],
): Promise<StoredPart[]> {
  return repo.findPartsBuilt(db, name, wanted);
}

/**
 * Stores parts derived from a snapshot's parts for `version`, in the transaction of the change
 * that built those (same rules as saveSnapshotParts, no snapshot row: a derived part is valid
 * for the snapshot part of the same number and build). With `replaceAll`, derived parts of
 * other layouts (names starting with `layoutsPrefix`) go too.
 */
export async function saveDerivedParts(
  db: AppDb,
  name: DerivedPartsName,
  version: number,
  changes: {
    parts: readonly SnapshotPart[];
    removed?: readonly number[];
    replaceAll?: { layoutsPrefix: string };
  },
): Promise<void> {
  const removed = changes.replaceAll ? 'others' : (changes.removed ?? []);
  await repo.saveSnapshotParts(db, name, version, changes.parts, removed);
  if (changes.replaceAll) {
    await repo.deleteOtherDerivedParts(db, changes.replaceAll.layoutsPrefix, name);
  }
}

/**
 * Stores derived parts outside a data change, for the builds they were derived from; one stored
 * for the same or a newer build is kept.
 */
export function saveDerivedPartsIfNewer(
  db: AppDb,
  name: DerivedPartsName,
  parts: readonly (SnapshotPart & { builtVersion: number })[],
): Promise<void> {
  return repo.saveDerivedPartsIfNewer(db, name, parts);
}

/**
 * Locks the data version until the caller's transaction ends (a data change waits, and so does
 * another rebuild) and answers it: a rebuild outside a data change reads data of this version.
 */
export function lockDataVersion(db: AppDb): Promise<number> {
  return repo.lockDataVersion(db);
}
