import {
  flagBundleThresholds,
  THRESHOLD_KINDS,
  type DatasetBundle,
  type DatasetCounts,
} from '@coral/core';
import type { AppDb } from '../../db/database';
import { recordDatasetChange } from './dataset-change';
import {
  datasetRepository as repo,
  projectPublicationColumns,
  TABLE_COLUMNS,
  thresholdObservationColumns,
  type DatasetTable,
} from './dataset.repository';

export interface ImportOptions {
  /** The upload the rows come from (provenance); null for the seed. */
  uploadId?: number | null;
  /** Marks the database as seeded (the bundled dataset is imported once). */
  seeded?: boolean;
}

type KeyMap = Map<string, number>;

/**
 * Writes a bundle with the caller's transaction: either everything lands or nothing does. The
 * seed and uploads both come through here, so the same rules (ids, quality flags, dataset version)
 * apply to every row whatever its origin.
 */
export async function importDataset(
  trx: AppDb,
  bundle: DatasetBundle,
  options: ImportOptions = {},
): Promise<DatasetCounts> {
  const uploadId = options.uploadId ?? null;
  const explicitIdTables = new Set<DatasetTable>();

  /** Ids for the records of one table: the source's when given, else fresh ones. */
  async function assignIds(table: DatasetTable, records: readonly { key: string; id?: number }[]) {
    const missing = records.filter((r) => r.id === undefined).length;
    const fresh = await repo.allocateIds(trx, table, missing);
    let next = 0;
    const keys: KeyMap = new Map();
    const ids = records.map((record) => {
      if (record.id !== undefined) explicitIdTables.add(table);
      const id = record.id ?? fresh[next++]!;
      if (keys.has(record.key)) throw new Error(`Duplicate ${table} key in bundle: ${record.key}`);
      keys.set(record.key, id);
      return id;
    });
    return { ids, keys };
  }

  const owners = await repo.ensureUsers(
    trx,
    [...bundle.projects, ...bundle.colonies].flatMap((r) => r.ownerUsername ?? []),
  );
  const ownerId = (username: string | null) => (username === null ? null : owners.get(username)!);

  const projects = await assignIds('projects', bundle.projects);
  await repo.bulkInsert(
    trx,
    'projects',
    TABLE_COLUMNS.projects,
    bundle.projects.map((p, i) => ({
      id: projects.ids[i]!,
      name: p.name,
      description: p.description,
      registration_date: p.registrationDate ?? new Date().toISOString().slice(0, 10),
      owner_id: ownerId(p.ownerUsername),
      upload_id: uploadId,
    })),
  );

  const publications = await assignIds('publications', bundle.publications);
  await repo.bulkInsert(
    trx,
    'publications',
    TABLE_COLUMNS.publications,
    bundle.publications.map((p, i) => ({
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
    bundle.publications.flatMap((p, i) =>
      [...new Set(p.projectKeys)].map((projectKey) => ({
        project_id: resolve(projects.keys, projectKey, 'project'),
        publication_id: publications.ids[i]!,
      })),
    ),
  );

  const experiments = await assignIds('experiments', bundle.experiments);
  await repo.bulkInsert(
    trx,
    'experiments',
    TABLE_COLUMNS.experiments,
    bundle.experiments.map((e, i) => ({
      id: experiments.ids[i]!,
      project_id: resolve(projects.keys, e.projectKey, 'project'),
      name: e.name,
      date: e.date,
    })),
  );

  const colonies = await assignIds('colonies', bundle.colonies);
  await repo.bulkInsert(
    trx,
    'colonies',
    TABLE_COLUMNS.colonies,
    bundle.colonies.map((c, i) => ({
      id: colonies.ids[i]!,
      name: c.name,
      species: c.species,
      country: c.country,
      latitude: c.latitude,
      longitude: c.longitude,
      owner_id: ownerId(c.ownerUsername),
      upload_id: uploadId,
    })),
  );

  const biosamples = await assignIds('biosamples', bundle.biosamples);
  await repo.bulkInsert(
    trx,
    'biosamples',
    TABLE_COLUMNS.biosamples,
    bundle.biosamples.map((b, i) => ({
      id: biosamples.ids[i]!,
      colony_id: resolve(colonies.keys, b.colonyKey, 'colony'),
      project_id: resolve(projects.keys, b.projectKey, 'project'),
      name: b.name,
      collection_date: b.collectionDate,
    })),
  );

  const observations = await assignIds('observations', bundle.observations);
  await repo.bulkInsert(
    trx,
    'observations',
    TABLE_COLUMNS.observations,
    bundle.observations.map((o, i) => ({
      id: observations.ids[i]!,
      experiment_id: resolve(experiments.keys, o.experimentKey, 'experiment'),
      biosample_id: resolve(biosamples.keys, o.biosampleKey, 'biosample'),
      condition: o.condition,
      temperature: o.temperature,
      timepoint: o.timepoint,
      pam_value: o.pamValue,
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
      entries.map((t, i) => ({
        id: thresholds.ids[i]!,
        colony_id: resolve(colonies.keys, t.colonyKey, 'colony'),
        condition: t.condition,
        timepoint: t.timepoint,
        abs_value: t.abs,
        rel_value: t.rel,
        sst_clim_mmm: t.mmm,
        quality_flags: flags[kind][i]!,
      })),
    );
    await repo.bulkInsert(
      trx,
      linkTable,
      thresholdObservationColumns,
      entries.flatMap((t, i) =>
        [...new Set(t.observationKeys)].map((observationKey) => ({
          threshold_id: thresholds.ids[i]!,
          observation_id: resolve(observations.keys, observationKey, 'observation'),
        })),
      ),
    );
  }

  for (const table of explicitIdTables) await repo.syncIdSequence(trx, table);
  await recordDatasetChange(trx, { seeded: options.seeded });

  return {
    projects: bundle.projects.length,
    publications: bundle.publications.length,
    experiments: bundle.experiments.length,
    colonies: bundle.colonies.length,
    biosamples: bundle.biosamples.length,
    observations: bundle.observations.length,
    thermal_tolerances: bundle.thresholds.ed50.length,
    breakpoint_temperatures: bundle.thresholds.ed5.length,
    thermal_limits: bundle.thresholds.ed95.length,
  };
}

/** A dangling reference is a bug in whoever built the bundle, never a user mistake. */
function resolve(keys: KeyMap, key: string, what: string): number {
  const id = keys.get(key);
  if (id === undefined) throw new Error(`Bundle refers to an unknown ${what}: ${key}`);
  return id;
}
