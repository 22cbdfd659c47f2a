import { emptyBundle, type DatasetBundle } from '../datasets/dataset-bundle';
import { SUBMITTED_PROVENANCE } from '../thresholds/ed-provenance';
import { THRESHOLD_KINDS } from '../thresholds/threshold-kinds';
import type { UploadQualityFlag } from './quality-flags';
import { planKey, type PlanColony, type UploadPlan } from './upload-plan';

export interface BundleContext {
  ownerUsername: string;
  /** The uploader's own projects by name: an upload adds its dataset to the project it names. */
  existingProjects: ReadonlyMap<string, number>;
  /** MMM (°C) of a colony already in the database at these coordinates, any owner; or null. */
  mmmAt(latitude: number, longitude: number): number | null;
}

export interface BuiltUpload {
  bundle: DatasetBundle;
  /** Where MMM values came from (or that there are none). */
  flags: UploadQualityFlag[];
}

/**
 * The bundle an upload writes: one dataset version holding every row of its files
 * (docs/decisions/0012-datasets.md: a version is a complete snapshot, never merged with stored
 * rows). Only the project is shared: the uploader's project of the same name is referred to, not
 * created again. MMM comes from the file, else from a colony at the same coordinates, else it
 * stays empty; relative values are absolute − MMM.
 */
export function buildUploadBundle(plan: UploadPlan, context: BundleContext): BuiltUpload {
  const building = bundleInParts(plan, context, Number.POSITIVE_INFINITY);
  for (;;) {
    const next = building.next();
    if (next.done) return next.value;
  }
}

/**
 * As buildUploadBundle, calling `between` (a turn of the server's event loop) after every
 * `partItems` records: a 56,000-row sheet's bundle took half a second of one thread
 * (docs/decisions/0069-embedded-database-in-a-thread.md), during which a server answered nothing.
 */
export async function buildUploadBundleInParts(
  plan: UploadPlan,
  context: BundleContext,
  partItems: number,
  between: () => Promise<void>,
): Promise<BuiltUpload> {
  const building = bundleInParts(plan, context, partItems);
  for (;;) {
    const next = building.next();
    if (next.done) return next.value;
    await between();
  }
}

/** The projects of an upload's bundle: the uploader's project of the same name is referred to. */
export function uploadBundleProjects(
  plan: Pick<UploadPlan, 'projects'>,
  context: Pick<BundleContext, 'ownerUsername' | 'existingProjects'>,
): DatasetBundle['projects'] {
  return plan.projects.map((project) => {
    const id = context.existingProjects.get(project.name);
    return {
      key: project.key,
      ...(id !== undefined ? { id, existing: true } : {}),
      name: project.name,
      description: '',
      ownerUsername: context.ownerUsername,
    };
  });
}

/** Builds the bundle, yielding after every `partItems` records. */
function* bundleInParts(
  plan: UploadPlan,
  context: BundleContext,
  partItems: number,
): Generator<void, BuiltUpload> {
  let items = 0;
  const counted = () => ++items % partItems === 0;
  const bundle = emptyBundle();
  bundle.projects.push(...uploadBundleProjects(plan, context));
  for (const publication of plan.publications) {
    bundle.publications.push({
      key: publication.key,
      title: publication.title,
      year: publication.year,
      doi: publication.doi,
      projectKeys: publication.projectKeys,
    });
  }
  for (const experiment of plan.experiments) {
    bundle.experiments.push({
      key: experiment.key,
      projectKey: experiment.projectKey,
      name: experiment.name,
      date: experiment.date,
    });
  }
  const mmm = resolveMmm(plan.colonies, context);
  for (const colony of plan.colonies) {
    bundle.colonies.push({
      key: colony.key,
      name: colony.name,
      species: colony.species,
      country: colony.country,
      latitude: colony.latitude,
      longitude: colony.longitude,
      ownerUsername: context.ownerUsername,
    });
    if (counted()) yield;
  }
  for (const biosample of plan.biosamples) {
    bundle.biosamples.push({
      key: biosample.key,
      colonyKey: biosample.colonyKey,
      projectKey: biosample.projectKey,
      name: biosample.name,
      collectionDate: biosample.collectionDate,
    });
    if (counted()) yield;
  }
  for (const observation of plan.observations) {
    bundle.observations.push({
      key: observation.key,
      experimentKey: observation.experimentKey,
      biosampleKey: observation.biosampleKey,
      condition: observation.condition,
      temperature: observation.temperature,
      timepoint: observation.timepoint,
      pamValue: observation.pamValue,
    });
    if (counted()) yield;
  }
  for (const curve of plan.curves) {
    const colonyMmm = mmm.get(curve.colonyKey) ?? null;
    for (const kind of THRESHOLD_KINDS) {
      const abs = curve[kind];
      if (abs === null) continue;
      bundle.thresholds[kind].push({
        key: planKey(kind, curve.key),
        colonyKey: curve.colonyKey,
        condition: curve.condition,
        timepoint: curve.timepoint,
        abs,
        rel: colonyMmm === null ? null : Math.round((abs - colonyMmm) * 1e6) / 1e6,
        mmm: colonyMmm,
        observationKeys: curve.observationKeys,
        provenance: curve.provenance?.[kind] ?? SUBMITTED_PROVENANCE,
      });
    }
    if (counted()) yield;
  }
  return { bundle, flags: mmmFlags(plan.colonies, mmm) };
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
