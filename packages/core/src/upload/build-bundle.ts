import { emptyBundle, type DatasetBundle, type DatasetCounts } from '../datasets/dataset-bundle';
import { THRESHOLD_KINDS, type ThresholdKind } from '../thresholds/threshold-kinds';
import type { UploadError } from './problems';
import type { UploadQualityFlag } from './quality-flags';
import { planKey, type PlanColony, type UploadPlan } from './upload-plan';

/**
 * Keys of rows already stored, as the server looks them up (ids are database ids). Everything is
 * scoped to the uploader: projects and colonies of other users are never reused.
 */
export const existingKey = {
  project: (name: string) => planKey('project', name),
  experiment: (projectId: number, name: string, date: string | null) =>
    planKey('experiment', projectId, name, date),
  colony: (name: string, species: string, latitude: number, longitude: number) =>
    planKey('colony', name, species, latitude.toFixed(6), longitude.toFixed(6)),
  biosample: (projectId: number, name: string) => planKey('biosample', projectId, name),
  membership: (projectId: number, colonyId: number) => planKey('membership', projectId, colonyId),
  observation: (
    experimentId: number,
    biosampleId: number,
    condition: string | null,
    temperature: number,
    timepoint: string | null,
  ) => planKey('observation', experimentId, biosampleId, condition, temperature, timepoint),
  threshold: (
    kind: ThresholdKind,
    colonyId: number,
    condition: string | null,
    timepoint: string | null,
  ) => planKey('threshold', kind, colonyId, condition, timepoint),
  publication: (projectId: number, title: string, year: number | null, doi: string | null) =>
    planKey('publication', projectId, title, year, doi),
};

export interface ExistingRows {
  projects: ReadonlyMap<string, number>;
  experiments: ReadonlyMap<string, number>;
  colonies: ReadonlyMap<string, number>;
  biosamples: ReadonlyMap<string, { id: number; colonyId: number }>;
  memberships: ReadonlySet<string>;
  observations: ReadonlyMap<string, { id: number; pamValue: number | null }>;
  thresholds: ReadonlyMap<string, { abs: number | null }>;
  publications: ReadonlySet<string>;
}

export const noExistingRows = (): ExistingRows => ({
  projects: new Map(),
  experiments: new Map(),
  colonies: new Map(),
  biosamples: new Map(),
  memberships: new Set(),
  observations: new Map(),
  thresholds: new Map(),
  publications: new Set(),
});

export interface BundleContext {
  ownerUsername: string;
  existing: ExistingRows;
  /** MMM (°C) of a colony already in the database at these coordinates, any owner; or null. */
  mmmAt(latitude: number, longitude: number): number | null;
}

export interface BuiltUpload {
  bundle: DatasetBundle;
  /** Rows that contradict what the uploader already stored: the upload is refused. */
  conflicts: UploadError[];
  /** Rows of the file already stored identically (nothing new was created for them). */
  unchanged: Pick<
    DatasetCounts,
    'observations' | 'thermal_tolerances' | 'breakpoint_temperatures' | 'thermal_limits'
  >;
  /** Where MMM values came from (or that there are none). */
  flags: UploadQualityFlag[];
}

/** Values stored to 2 decimals elsewhere; an equal value re-uploaded is "the same". */
const SAME_VALUE = 0.005;
const same = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) <= SAME_VALUE;

/**
 * The bundle an upload writes: records already stored for the uploader (same project name,
 * experiment, colony at the same place, biosample, measurement, threshold) are referenced instead
 * of inserted, so uploading the same data twice creates nothing; a stored value that the file
 * contradicts is a conflict. MMM comes from the file, else from a colony at the same coordinates,
 * else it stays empty; relative values are absolute − MMM.
 */
export function buildUploadBundle(plan: UploadPlan, context: BundleContext): BuiltUpload {
  const { existing } = context;
  const bundle = emptyBundle();
  const conflicts: UploadError[] = [];
  const unchanged = {
    observations: 0,
    thermal_tolerances: 0,
    breakpoint_temperatures: 0,
    thermal_limits: 0,
  };
  const ids = new Map<string, number>();

  for (const project of plan.projects) {
    const id = existing.projects.get(existingKey.project(project.name));
    if (id !== undefined) ids.set(project.key, id);
    bundle.projects.push({
      key: project.key,
      ...(id !== undefined ? { id, existing: true } : {}),
      name: project.name,
      description: '',
      ownerUsername: context.ownerUsername,
    });
  }
  for (const publication of plan.publications) {
    const projectKeys = publication.projectKeys.filter((key) => {
      const projectId = ids.get(key);
      return (
        projectId === undefined ||
        !existing.publications.has(
          existingKey.publication(projectId, publication.title, publication.year, publication.doi),
        )
      );
    });
    if (projectKeys.length === 0) continue;
    bundle.publications.push({
      key: publication.key,
      title: publication.title,
      year: publication.year,
      doi: publication.doi,
      projectKeys,
    });
  }
  for (const experiment of plan.experiments) {
    const projectId = ids.get(experiment.projectKey);
    const id =
      projectId === undefined
        ? undefined
        : existing.experiments.get(
            existingKey.experiment(projectId, experiment.name, experiment.date),
          );
    if (id !== undefined) ids.set(experiment.key, id);
    bundle.experiments.push({
      key: experiment.key,
      ...(id !== undefined ? { id, existing: true } : {}),
      projectKey: experiment.projectKey,
      name: experiment.name,
      date: experiment.date,
    });
  }

  const mmm = resolveMmm(plan.colonies, context);
  for (const colony of plan.colonies) {
    const id = existing.colonies.get(
      existingKey.colony(colony.name, colony.species, colony.latitude, colony.longitude),
    );
    if (id !== undefined) ids.set(colony.key, id);
    bundle.colonies.push({
      key: colony.key,
      ...(id !== undefined ? { id, existing: true } : {}),
      name: colony.name,
      species: colony.species,
      country: colony.country,
      latitude: colony.latitude,
      longitude: colony.longitude,
      ownerUsername: context.ownerUsername,
    });
  }

  for (const biosample of plan.biosamples) {
    const projectId = ids.get(biosample.projectKey);
    const colonyId = ids.get(biosample.colonyKey);
    if (biosample.placeholder) {
      if (
        projectId !== undefined &&
        colonyId !== undefined &&
        existing.memberships.has(existingKey.membership(projectId, colonyId))
      ) {
        continue;
      }
    } else if (projectId !== undefined) {
      const stored = existing.biosamples.get(existingKey.biosample(projectId, biosample.name));
      if (stored) {
        if (stored.colonyId !== colonyId) {
          conflicts.push({
            file: 'main',
            row: biosample.row,
            column: null,
            value: biosample.name,
            problem: `Biosample ${biosample.name} is already stored in this project for another colony.`,
            fix: 'Give the biosample a new name, or correct its colony.',
          });
          continue;
        }
        ids.set(biosample.key, stored.id);
        bundle.biosamples.push({
          key: biosample.key,
          id: stored.id,
          existing: true,
          colonyKey: biosample.colonyKey,
          projectKey: biosample.projectKey,
          name: biosample.name,
          collectionDate: biosample.collectionDate,
        });
        continue;
      }
    }
    bundle.biosamples.push({
      key: biosample.key,
      colonyKey: biosample.colonyKey,
      projectKey: biosample.projectKey,
      name: biosample.name,
      collectionDate: biosample.collectionDate,
    });
  }

  const storedObservation = new Set<string>();
  for (const observation of plan.observations) {
    const experimentId = ids.get(observation.experimentKey);
    const biosampleId = ids.get(observation.biosampleKey);
    if (experimentId !== undefined && biosampleId !== undefined) {
      const stored = existing.observations.get(
        existingKey.observation(
          experimentId,
          biosampleId,
          observation.condition,
          observation.temperature,
          observation.timepoint,
        ),
      );
      if (stored) {
        if (!same(stored.pamValue, observation.pamValue)) {
          conflicts.push({
            file: 'main',
            row: observation.row,
            column: null,
            value: observation.pamValue === null ? null : String(observation.pamValue),
            problem: `This measurement is already stored with PAM ${stored.pamValue ?? 'NA'}; the file says ${observation.pamValue ?? 'NA'}.`,
            fix: 'Uploads never overwrite stored measurements: correct the value, or ask an administrator to correct the stored one.',
          });
          continue;
        }
        unchanged.observations++;
        storedObservation.add(observation.key);
        bundle.observations.push({
          key: observation.key,
          id: stored.id,
          existing: true,
          experimentKey: observation.experimentKey,
          biosampleKey: observation.biosampleKey,
          condition: observation.condition,
          temperature: observation.temperature,
          timepoint: observation.timepoint,
          pamValue: observation.pamValue,
        });
        continue;
      }
    }
    bundle.observations.push({
      key: observation.key,
      experimentKey: observation.experimentKey,
      biosampleKey: observation.biosampleKey,
      condition: observation.condition,
      temperature: observation.temperature,
      timepoint: observation.timepoint,
      pamValue: observation.pamValue,
    });
  }

  const countKey = {
    ed50: 'thermal_tolerances',
    ed5: 'breakpoint_temperatures',
    ed95: 'thermal_limits',
  } as const;
  for (const curve of plan.curves) {
    const colonyId = ids.get(curve.colonyKey);
    const colonyMmm = mmm.get(curve.colonyKey) ?? null;
    for (const kind of THRESHOLD_KINDS) {
      const abs = curve[kind];
      if (abs === null) continue;
      if (colonyId !== undefined) {
        const stored = existing.thresholds.get(
          existingKey.threshold(kind, colonyId, curve.condition, curve.timepoint),
        );
        if (stored) {
          if (same(stored.abs, abs)) {
            unchanged[countKey[kind]]++;
            continue;
          }
          const colony = plan.colonies.find((c) => c.key === curve.colonyKey);
          conflicts.push({
            file: curve.source.file,
            row: curve.source.row,
            column: curve.source.file === 'main' ? `Colony.${kind}` : kind.toUpperCase(),
            value: String(abs),
            problem: `Colony ${colony?.name ?? ''} already has ${kind.toUpperCase()} ${stored.abs ?? 'NA'} stored for condition ${curve.condition ?? '—'}, timepoint ${curve.timepoint ?? '—'}; the file says ${abs}.`,
            fix: 'Uploads never overwrite stored values: correct the value, or ask an administrator to correct the stored one.',
          });
          continue;
        }
      }
      bundle.thresholds[kind].push({
        key: planKey(kind, curve.key),
        colonyKey: curve.colonyKey,
        condition: curve.condition,
        timepoint: curve.timepoint,
        abs,
        rel: colonyMmm === null ? null : Math.round((abs - colonyMmm) * 1e6) / 1e6,
        mmm: colonyMmm,
        observationKeys: curve.observationKeys,
      });
    }
  }

  return { bundle, conflicts, unchanged, flags: mmmFlags(plan.colonies, mmm) };
}

/** MMM per colony: the file's value, else the database's at the same coordinates, else none. */
function resolveMmm(
  colonies: readonly PlanColony[],
  context: BundleContext,
): Map<string, number | null> {
  const mmm = new Map<string, number | null>();
  for (const colony of colonies) {
    mmm.set(colony.key, colony.mmm ?? context.mmmAt(colony.latitude, colony.longitude));
  }
  return mmm;
}

/** One flag per location whose MMM came from the database, and per location without any. */
function mmmFlags(
  colonies: readonly PlanColony[],
  mmm: ReadonlyMap<string, number | null>,
): UploadQualityFlag[] {
  const places = new Map<
    string,
    { colonies: PlanColony[]; value: number | null; fromFile: boolean }
  >();
  for (const colony of colonies) {
    const place = `${colony.latitude}, ${colony.longitude}`;
    const entry = places.get(place) ?? {
      colonies: [],
      value: mmm.get(colony.key) ?? null,
      fromFile: colony.mmm !== null,
    };
    entry.colonies.push(colony);
    places.set(place, entry);
  }
  const flags: UploadQualityFlag[] = [];
  for (const [place, { colonies: here, value, fromFile }] of places) {
    if (fromFile) continue;
    const first = here[0]!;
    const some = `${here.length} ${here.length === 1 ? 'colony' : 'colonies'}, e.g. ${first.name}`;
    flags.push({
      code: value === null ? 'missing_mmm' : 'mmm_from_existing_colony',
      message:
        value === null
          ? `No MMM is known at ${place} (${some}): relative values are empty (shown as N/A). Add an MMM column to provide it.`
          : `MMM ${value} °C at ${place} (${some}) was taken from a colony already stored at the same coordinates.`,
      colony: first.name,
      species: first.species,
      condition: null,
      timepoint: null,
      row: first.row,
      value,
    });
  }
  return flags;
}
