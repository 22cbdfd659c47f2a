import {
  flagBundleThresholds,
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
  const uploadId = options.uploadId ?? null;
  const explicitIdTables = new Set<DatasetTable>();

  /**
   * Ids for the records of one table: an existing record's own id, the source's when given, else
   * fresh ones. `fresh(i)` tells whether record i is to be inserted.
   */
  async function assignIds(
    table: DatasetTable,
    records: readonly { key: string; id?: number; existing?: boolean }[],
  ) {
    const missing = records.filter((r) => r.id === undefined).length;
    const fresh = await repo.allocateIds(trx, table, missing);
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

  const owners = await repo.ensureUsers(
    trx,
    [...bundle.projects, ...bundle.colonies].flatMap((r) => r.ownerUsername ?? []),
  );
  const ownerId = (username: string | null) => (username === null ? null : owners.get(username)!);

  // Empty tables (the seed, a first bulk import) are loaded without their secondary indexes and
  // foreign keys, which are made again once the rows are in (db/bulk-load.ts).
  const bulkLoad = await repo.beginBulkLoad(trx);

  const projects = await assignIds('projects', bundle.projects);
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
  // A colony belongs to the project of its biosamples (every colony has one, placeholders included).
  const projectOfColony = new Map<string, string>();
  for (const b of bundle.biosamples) {
    if (!projectOfColony.has(b.colonyKey)) projectOfColony.set(b.colonyKey, b.projectKey);
  }
  const colonyVersion = (colonyKey: string) =>
    versionOf(resolve(projectOfColony, colonyKey, 'colony without biosample'));
  const experimentProject = new Map(bundle.experiments.map((e) => [e.key, e.projectKey]));

  const publications = await assignIds('publications', bundle.publications);
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

  const experiments = await assignIds('experiments', bundle.experiments);
  await repo.bulkInsert(
    trx,
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

  const colonies = await assignIds('colonies', bundle.colonies);
  await repo.bulkInsert(
    trx,
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
    trx,
    bundle.colonies.filter((_, i) => colonies.isNew(i)).map((c) => c.species),
  );

  const biosamples = await assignIds('biosamples', bundle.biosamples);
  await repo.bulkInsert(
    trx,
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

  const observations = await assignIds('observations', bundle.observations);
  await repo.bulkInsert(
    trx,
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

  const flags = flagBundleThresholds(bundle.thresholds);
  for (const kind of THRESHOLD_KINDS) {
    const { table, linkTable } = repo.thresholdTable(kind);
    const entries = bundle.thresholds[kind];
    const thresholds = await assignIds(table, entries);
    await repo.bulkInsert(
      trx,
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
    await repo.bulkInsert(
      trx,
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

  await bulkLoad.finish();
  for (const table of explicitIdTables) await repo.syncIdSequence(trx, table);
  // PGlite has no autovacuum: without fresh statistics the planner keeps estimating the tables
  // as they were before a bulk import (cart exports re-scanned whole groups per page).
  await repo.analyzeDatasetTables(trx, bulkLoad.tables);

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
