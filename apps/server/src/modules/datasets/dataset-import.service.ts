import {
  flagBundleThresholdsInParts,
  SUBMITTED_PROVENANCE,
  type EdProvenance,
  perThresholdList,
  THRESHOLD_KINDS,
  type DatasetBundle,
  type DatasetCounts,
} from '@coral/core';
import type { AppDb } from '../../db/schema';
import { registerTaxonNames } from '../taxa/taxa.service';
import {
  datasetRepository as repo,
  projectPublicationColumns,
  TABLE_COLUMNS,
  thresholdObservationColumns,
  type DatasetTable,
} from './dataset-rows.repository';

export interface ImportOptions {
  /** The upload the rows come from (provenance); null for the seed. */
  uploadId?: number | null;
  /**
   * The dataset version the rows of a project go into (a dataset lives in one project), once the
   * project has its id: a new version is created by the caller here.
   */
  versionForProject(projectId: number, projectKey: string): Promise<number>;
}

type KeyMap = Map<string, number>;

/**
 * The work on the server's thread between statements (the thresholds' quality flags) is done in
 * parts of this many records, each followed by `between` (uploads: a turn of the event loop):
 * docs/decisions/0069-embedded-database-in-a-thread.md.
 */
export const IMPORT_PART_ITEMS = 2_000;

/**
 * How the rows of the big tables are written: with the caller's transaction (the seed), or in
 * short statements of their own (`inShortSteps`, uploads: docs/decisions/0059-embedded-database-no-freeze.md).
 */
type RowInsert = (
  table: string,
  columns: Parameters<typeof repo.bulkInsert>[2],
  rows: Iterable<Record<string, unknown>>,
) => Promise<void>;

/** What the head of an import leaves for its body: the ids and versions every row refers to. */
export interface ImportHead {
  bundle: DatasetBundle;
  uploadId: number | null;
  projects: Assigned;
  owners: Map<string, number>;
  versionOfProject: Map<string, number>;
  explicitIdTables: Set<DatasetTable>;
}

interface Assigned {
  ids: number[];
  keys: KeyMap;
  isNew: (index: number) => boolean;
}

/**
 * Ids for the records of one table: an existing record's own id, the source's when given, else
 * fresh ones. `isNew(i)` tells whether record i is to be inserted.
 */
async function assignIds(
  db: AppDb,
  explicitIdTables: Set<DatasetTable>,
  table: DatasetTable,
  records: readonly { key: string; id?: number; existing?: boolean }[],
): Promise<Assigned> {
  const missing = records.filter((r) => r.id === undefined).length;
  const fresh = await repo.allocateIds(db, table, missing);
  let next = 0;
  const keys: KeyMap = new Map();
  const ids = records.map((record) => {
    if (record.existing && record.id === undefined) {
      throw new Error(`Existing ${table} record without an id in bundle: ${record.key}`);
    }
    if (record.id !== undefined && !record.existing) explicitIdTables.add(table);
    const id = record.id ?? fresh[next++]!;
    if (keys.has(record.key)) throw new Error(`Duplicate ${table} key in bundle: ${record.key}`);
    keys.set(record.key, id);
    return id;
  });
  return { ids, keys, isNew: (index: number) => !records[index]!.existing };
}

/**
 * Writes a bundle with the caller's transaction: either everything lands or nothing does. The
 * seed and uploads both come through here, so the same rules (ids, quality flags, dataset
 * versions) apply to every row whatever its origin. Every row but the shared projects and
 * publications belongs to the dataset version of its project. Records marked `existing` (an
 * uploader's project of the same name) are only referred to; the counts are of the records
 * created. Nothing becomes public here: publishing a version is the datasets service's business.
 */
export async function importDataset(
  trx: AppDb,
  bundle: DatasetBundle,
  options: ImportOptions,
): Promise<DatasetCounts> {
  // Empty tables (the seed, a first bulk import) are loaded without their secondary indexes and
  // foreign keys, which are made again once the rows are in (db/bulk-load.ts).
  const bulkLoad = await repo.beginBulkLoad(trx);
  const head = await importHead(trx, bundle, options);
  const insert: RowInsert = (table, columns, rows) =>
    repo.bulkInsert(trx, table, columns, rows as never);
  await importBody(trx, head, insert);
  await bulkLoad.finish();
  for (const table of head.explicitIdTables) await repo.syncIdSequence(trx, table);
  // PGlite has no autovacuum: without fresh statistics the planner keeps estimating the tables
  // as they were before a bulk import (cart exports re-scanned whole groups per page).
  await repo.analyzeDatasetTables(trx, bulkLoad.tables);
  return countsOf(bundle);
}

/**
 * The head of an import, in the caller's (short) transaction: the owners, the projects, the
 * dataset versions (`versionForProject`) and the publications; every other row refers to them.
 */
export async function importHead(
  trx: AppDb,
  bundle: DatasetBundle,
  options: ImportOptions,
): Promise<ImportHead> {
  const uploadId = options.uploadId ?? null;
  const explicitIdTables = new Set<DatasetTable>();
  const owners = await repo.ensureUsers(
    trx,
    [...bundle.projects, ...bundle.colonies].flatMap((r) => r.ownerUsername ?? []),
  );
  const ownerId = (username: string | null) => (username === null ? null : owners.get(username)!);

  const projects = await assignIds(trx, explicitIdTables, 'projects', bundle.projects);
  await repo.bulkInsert(
    trx,
    'projects',
    TABLE_COLUMNS.projects,
    rowsOf(bundle.projects, projects.isNew, (p, i) => ({
      id: projects.ids[i]!,
      name: p.name,
      description: p.description,
      registration_date: p.registrationDate ?? new Date().toISOString().slice(0, 10),
      owner_id: ownerId(p.ownerUsername),
      upload_id: uploadId,
    })),
  );

  const versionOfProject = new Map<string, number>();
  for (const project of bundle.projects) {
    const projectId = resolve(projects.keys, project.key, 'project');
    versionOfProject.set(project.key, await options.versionForProject(projectId, project.key));
  }
  const versionOf = (projectKey: string) => resolve(versionOfProject, projectKey, 'project');

  const publications = await assignIds(trx, explicitIdTables, 'publications', bundle.publications);
  await repo.bulkInsert(
    trx,
    'publications',
    TABLE_COLUMNS.publications,
    rowsOf(bundle.publications, publications.isNew, (p, i) => ({
      id: publications.ids[i]!,
      title: p.title,
      year: p.year,
      doi: p.doi,
    })),
  );
  await repo.bulkInsert(
    trx,
    'project_publications',
    projectPublicationColumns,
    rowsEach(bundle.publications, publications.isNew, (p, i) =>
      [...new Set(p.projectKeys)].map((projectKey) => ({
        project_id: resolve(projects.keys, projectKey, 'project'),
        publication_id: publications.ids[i]!,
        dataset_version_id: versionOf(projectKey),
      })),
    ),
  );
  return { bundle, uploadId, projects, owners, versionOfProject, explicitIdTables };
}

/** How long one step of an import's body should hold the database (and, embedded, the thread). */
const STEP_TARGET_MS = 40;
const MIN_STEP_ROWS = 200;
const MAX_STEP_ROWS = 20_000;

/**
 * The body of an import after its head committed, in short steps, each its own statement (and so
 * its own transaction), `between` awaited after each: other requests' queries run between them,
 * also on the embedded database's one connection. A step starts at `firstStepRows` rows and is
 * then sized to take about STEP_TARGET_MS: small on the embedded database, which runs it on the
 * server's thread, larger on a PostgreSQL server, where only the rows' encoding does. Nothing of
 * it is visible before the caller makes its version visible; a failure leaves rows that the
 * caller removes with the version (docs/decisions/0059-embedded-database-no-freeze.md).
 */
export async function importBodyInShortSteps(
  db: AppDb,
  head: ImportHead,
  firstStepRows: number,
  between: () => Promise<void>,
): Promise<DatasetCounts> {
  let stepRows = firstStepRows;
  const insert: RowInsert = async (table, columns, rows) => {
    let step: unknown[] = [];
    const flush = async () => {
      if (step.length === 0) return;
      const sending = step;
      step = [];
      const start = performance.now();
      // Its rows are invisible until the import's last transaction, which waits for the disk as
      // every commit does; a crash before it makes the next attempt write them again.
      await db.transaction().execute(async (trx) => {
        await repo.commitWithoutWaitingForDisk(trx);
        await repo.bulkInsert(trx, table, columns, sending as never);
      });
      const took = Math.max(1, performance.now() - start);
      if (sending.length >= stepRows) {
        stepRows = Math.round(
          Math.min(MAX_STEP_ROWS, Math.max(MIN_STEP_ROWS, (stepRows * STEP_TARGET_MS) / took)),
        );
      }
      await between();
    };
    for (const row of rows) {
      step.push(row);
      if (step.length >= stepRows) await flush();
    }
    await flush();
  };
  await importBody(db, head, insert, between);
  for (const table of head.explicitIdTables) await repo.syncIdSequence(db, table);
  for (const table of repo.analyzedTables()) {
    await repo.analyzeDatasetTables(db, [], [table]);
    await between();
  }
  return countsOf(head.bundle);
}

async function importBody(
  db: AppDb,
  head: ImportHead,
  insert: RowInsert,
  between: () => Promise<void> = async () => undefined,
): Promise<void> {
  const { bundle, uploadId, projects, owners, explicitIdTables } = head;
  const ownerId = (username: string | null) => (username === null ? null : owners.get(username)!);
  const versionOf = (projectKey: string) => resolve(head.versionOfProject, projectKey, 'project');
  // A colony belongs to the project of its biosamples (every colony has one, placeholders included).
  const projectOfColony = new Map<string, string>();
  for (const b of bundle.biosamples) {
    if (!projectOfColony.has(b.colonyKey)) projectOfColony.set(b.colonyKey, b.projectKey);
  }
  const colonyVersion = (colonyKey: string) =>
    versionOf(resolve(projectOfColony, colonyKey, 'colony without biosample'));
  const experimentProject = new Map(bundle.experiments.map((e) => [e.key, e.projectKey]));

  const experiments = await assignIds(db, explicitIdTables, 'experiments', bundle.experiments);
  await insert(
    'experiments',
    TABLE_COLUMNS.experiments,
    rowsOf(bundle.experiments, experiments.isNew, (e, i) => ({
      id: experiments.ids[i]!,
      project_id: resolve(projects.keys, e.projectKey, 'project'),
      name: e.name,
      date: e.date,
      dataset_version_id: versionOf(e.projectKey),
    })),
  );

  const colonies = await assignIds(db, explicitIdTables, 'colonies', bundle.colonies);
  await insert(
    'colonies',
    TABLE_COLUMNS.colonies,
    rowsOf(bundle.colonies, colonies.isNew, (c, i) => ({
      id: colonies.ids[i]!,
      name: c.name,
      species: c.species,
      country: c.country,
      latitude: c.latitude,
      longitude: c.longitude,
      owner_id: ownerId(c.ownerUsername),
      upload_id: uploadId,
      dataset_version_id: colonyVersion(c.key),
    })),
  );

  // Species names are checked against WoRMS by the worker, never here: an import does not wait
  // for WoRMS (docs/decisions/0049-taxon-matching.md); its names wait as "not yet checked".
  await registerTaxonNames(
    db,
    bundle.colonies.filter((_, i) => colonies.isNew(i)).map((c) => c.species),
  );
  await between();

  const biosamples = await assignIds(db, explicitIdTables, 'biosamples', bundle.biosamples);
  await insert(
    'biosamples',
    TABLE_COLUMNS.biosamples,
    rowsOf(bundle.biosamples, biosamples.isNew, (b, i) => ({
      id: biosamples.ids[i]!,
      colony_id: resolve(colonies.keys, b.colonyKey, 'colony'),
      project_id: resolve(projects.keys, b.projectKey, 'project'),
      name: b.name,
      collection_date: b.collectionDate,
      dataset_version_id: versionOf(b.projectKey),
    })),
  );

  const observations = await assignIds(db, explicitIdTables, 'observations', bundle.observations);
  await insert(
    'observations',
    TABLE_COLUMNS.observations,
    rowsOf(bundle.observations, observations.isNew, (o, i) => ({
      id: observations.ids[i]!,
      experiment_id: resolve(experiments.keys, o.experimentKey, 'experiment'),
      biosample_id: resolve(biosamples.keys, o.biosampleKey, 'biosample'),
      condition: o.condition,
      temperature: o.temperature,
      timepoint: o.timepoint,
      pam_value: o.pamValue,
      dataset_version_id: versionOf(
        resolve(experimentProject, o.experimentKey, 'experiment of observation'),
      ),
    })),
  );

  const flags = await flagBundleThresholdsInParts(bundle.thresholds, IMPORT_PART_ITEMS, between);
  for (const kind of THRESHOLD_KINDS) {
    const { table, linkTable } = repo.thresholdTable(kind);
    const entries = bundle.thresholds[kind];
    const thresholds = await assignIds(db, explicitIdTables, table, entries);
    await insert(
      table,
      TABLE_COLUMNS.threshold,
      rowsOf(entries, thresholds.isNew, (t, i) => ({
        id: thresholds.ids[i]!,
        colony_id: resolve(colonies.keys, t.colonyKey, 'colony'),
        condition: t.condition,
        timepoint: t.timepoint,
        abs_value: t.abs,
        rel_value: t.rel,
        sst_clim_mmm: t.mmm,
        quality_flags: flags[kind][i]!,
        dataset_version_id: colonyVersion(t.colonyKey),
        ...provenanceColumns(t.provenance ?? SUBMITTED_PROVENANCE),
      })),
    );
    await insert(
      linkTable,
      thresholdObservationColumns,
      rowsEach(entries, thresholds.isNew, (t, i) =>
        [...new Set(t.observationKeys)].map((observationKey) => ({
          threshold_id: thresholds.ids[i]!,
          observation_id: resolve(observations.keys, observationKey, 'observation'),
        })),
      ),
    );
  }
}

function countsOf(bundle: DatasetBundle): DatasetCounts {
  const created = (records: readonly { existing?: boolean }[]) =>
    records.filter((record) => !record.existing).length;
  return {
    projects: created(bundle.projects),
    publications: created(bundle.publications),
    experiments: created(bundle.experiments),
    colonies: created(bundle.colonies),
    biosamples: created(bundle.biosamples),
    observations: created(bundle.observations),
    ...perThresholdList((kind) => created(bundle.thresholds[kind])),
  };
}

/**
 * The rows of the records to insert (those not marked existing), made one at a time as the COPY
 * reads them, so a table's rows never exist all at once.
 */
function* rowsOf<T, R>(
  records: readonly T[],
  isNew: (index: number) => boolean,
  row: (record: T, index: number) => R,
): Generator<R> {
  for (let index = 0; index < records.length; index++) {
    if (isNew(index)) yield row(records[index]!, index);
  }
}

/** As `rowsOf`, with any number of rows per record (the link tables). */
function* rowsEach<T, R>(
  records: readonly T[],
  isNew: (index: number) => boolean,
  rows: (record: T, index: number) => Iterable<R>,
): Generator<R> {
  for (let index = 0; index < records.length; index++) {
    if (isNew(index)) yield* rows(records[index]!, index);
  }
}

/** A dangling reference is a bug in whoever built the bundle, never a user mistake. */
function resolve<T>(keys: ReadonlyMap<string, T>, key: string, what: string): T {
  const id = keys.get(key);
  if (id === undefined) throw new Error(`Bundle refers to an unknown ${what}: ${key}`);
  return id;
}

/** The threshold tables' provenance columns (decision 0032); bounds are never set (no option). */
function provenanceColumns(provenance: EdProvenance) {
  return {
    ed_method: provenance.method,
    ed_model: provenance.model,
    ed_fit: provenance.fit,
    ed_software: provenance.software,
  };
}
