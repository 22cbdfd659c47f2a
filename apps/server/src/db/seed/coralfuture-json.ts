import { z } from 'zod';
import {
  bareDoi,
  emptyBundle,
  isPlaceholderPublication,
  perThresholdList,
  thresholdKindInfos,
  toAlpha3,
  type DatasetBundle,
} from '@coral/core';

/** Where the seed's records were public; cited as their source (decision 0050). */
export const CORAL_FUTURE = { name: 'Coral Future database', url: 'https://coralfuture.org' };

/**
 * The seed file format: the science records of the Coral Future database dump
 * (fixtures/seed/coralfuture-public.json). Validated before anything is written.
 */
const id = z.number().int().positive();
const date = z.iso.date().nullable();
const ZThresholdRow = z.looseObject({
  id,
  colony: id,
  condition: z.string().nullable(),
  timepoint: z.string().nullable(),
  sst_clim_mmm: z.number().nullable(),
  observations: z.array(id),
});
type ThresholdRow = z.infer<typeof ZThresholdRow>;

const ZCoralFutureDump = z.object({
  source: z.string(),
  projects: z.array(
    z.object({
      id,
      name: z.string(),
      registration_date: z.iso.date(),
      description: z.string().nullable(),
      owner: z.string().nullable(),
      publications: z.array(id),
      biosamples: z.array(id),
    }),
  ),
  publications: z.array(
    z.object({
      id,
      title: z.string(),
      year: z.number().int().nullable(),
      doi: z.string().nullable(),
    }),
  ),
  experiments: z.array(z.object({ id, project: id, name: z.string(), date })),
  colonies: z.array(
    z.object({
      id,
      name: z.string(),
      species: z.string(),
      country: z.string(),
      latitude: z.number(),
      longitude: z.number(),
    }),
  ),
  biosamples: z.array(z.object({ id, name: z.string(), collection_date: date, colony: id })),
  observations: z.array(
    z.object({
      id,
      experiment: id,
      biosample: id,
      condition: z.string().nullable(),
      temperature: z.number().nullable(),
      timepoint: z.string().nullable(),
      pam_value: z.number().nullable(),
    }),
  ),
  // One list per threshold kind, under its API list key; a kind the dump does not know (a kind
  // added after Coral Future's export) simply has no entries.
  ...perThresholdList(() => z.array(ZThresholdRow).default([])),
});

export class SeedFormatError extends Error {}

const key = (n: number) => String(n);

/**
 * Maps the dump to a bundle that keeps the source's ids (so /project/61 stays /project/61).
 * A biosample belongs to the project listing it; a colony is owned by its project's owner.
 * Country codes are normalised to ISO alpha-3 (FJ → FJI, UAE → ARE).
 */
export function coralFutureDumpToBundle(json: unknown): DatasetBundle {
  const parsed = ZCoralFutureDump.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new SeedFormatError(
      `The seed file is not a Coral Future dump: ${first?.path.join('.')}: ${first?.message}`,
    );
  }
  const dump = parsed.data;
  const bundle = emptyBundle();

  const projectOfBiosample = new Map<number, (typeof dump.projects)[number]>();
  for (const project of dump.projects) {
    for (const biosample of project.biosamples) projectOfBiosample.set(biosample, project);
  }
  const ownerOfColony = new Map<number, string | null>();
  for (const biosample of dump.biosamples) {
    ownerOfColony.set(biosample.colony, projectOfBiosample.get(biosample.id)?.owner ?? null);
  }

  bundle.projects = dump.projects.map((p) => ({
    key: key(p.id),
    id: p.id,
    name: p.name,
    description: p.description ?? '',
    registrationDate: p.registration_date,
    ownerUsername: p.owner,
  }));
  bundle.publications = dump.publications
    .filter((p) => !isPlaceholderPublication(p))
    .map((p) => ({
      key: key(p.id),
      id: p.id,
      title: p.title,
      year: p.year,
      doi: p.doi === null ? null : bareDoi(p.doi),
      projectKeys: dump.projects
        .filter((pr) => pr.publications.includes(p.id))
        .map((pr) => key(pr.id)),
    }));
  bundle.experiments = dump.experiments.map((e) => ({
    key: key(e.id),
    id: e.id,
    projectKey: key(e.project),
    name: e.name,
    date: e.date,
  }));
  bundle.colonies = dump.colonies.map((c) => {
    const country = toAlpha3(c.country);
    if (!country) throw new SeedFormatError(`Colony ${c.id} has an unknown country: ${c.country}`);
    return {
      key: key(c.id),
      id: c.id,
      name: c.name,
      species: c.species,
      country,
      latitude: c.latitude,
      longitude: c.longitude,
      ownerUsername: ownerOfColony.get(c.id) ?? null,
    };
  });
  bundle.biosamples = dump.biosamples.map((b) => {
    const project = projectOfBiosample.get(b.id);
    if (!project) throw new SeedFormatError(`Biosample ${b.id} belongs to no project`);
    return {
      key: key(b.id),
      id: b.id,
      colonyKey: key(b.colony),
      projectKey: key(project.id),
      name: b.name,
      collectionDate: b.collection_date,
    };
  });
  bundle.observations = dump.observations.map((o) => ({
    key: key(o.id),
    id: o.id,
    experimentKey: key(o.experiment),
    biosampleKey: key(o.biosample),
    condition: o.condition,
    temperature: o.temperature,
    timepoint: o.timepoint,
    pamValue: o.pam_value,
  }));
  for (const info of thresholdKindInfos) {
    bundle.thresholds[info.kind] = dump[info.listKey].map((t, index) => ({
      key: key(t.id),
      id: t.id,
      colonyKey: key(t.colony),
      condition: t.condition,
      timepoint: t.timepoint,
      abs: celsius(t, info.absKey, `${info.listKey}.${index}`),
      rel: celsius(t, info.relKey, `${info.listKey}.${index}`),
      mmm: t.sst_clim_mmm,
      observationKeys: t.observations.map(key),
    }));
  }
  return bundle;
}

function celsius(row: ThresholdRow, field: string, where: string): number | null {
  const value = row[field];
  if (value === null || typeof value === 'number') return value;
  throw new SeedFormatError(
    `The seed file is not a Coral Future dump: ${where}.${field} is not a number`,
  );
}
