import { SUBMITTED_PROVENANCE } from '../src/thresholds/ed-provenance';
import { recommendedCitation } from '../src/citation/recommended-citation';
import type { CitationFacts } from '../src/citation/citation-facts';
import { toAlpha3 } from '../src/countries/normalize-country';
import { normalizeDoi } from '../src/datasets/identifiers';
import type {
  DownloadAssay,
  DownloadColony,
  DownloadContext,
  DownloadDataset,
  DownloadQuery,
  DownloadThreshold,
} from '../src/downloads/download-model';
import { entryQualityFlags } from '../src/thresholds/quality-flags';
import {
  perThresholdKind,
  THRESHOLD_KIND_INFO,
  type ThresholdKind,
} from '../src/thresholds/threshold-kinds';

interface Seed {
  projects: { id: number; name: string; biosamples: number[]; publications: number[] }[];
  publications: { id: number; doi: string }[];
  experiments: { id: number; project: number; name: string; date: string | null }[];
  colonies: {
    id: number;
    name: string;
    species: string;
    country: string;
    latitude: number;
    longitude: number;
  }[];
  biosamples: { id: number; collection_date: string | null; colony: number }[];
  observations: { id: number; experiment: number; biosample: number }[];
}

type SeedThreshold = {
  colony: number;
  condition: string | null;
  timepoint: string | null;
  observations: number[];
  sst_clim_mmm: number | null;
} & Record<string, unknown>;

/** The seed's facts as the platform cites them (no licence, DOI or creators were ever stated). */
export const SEED_DOWNLOAD_FACTS: CitationFacts = {
  datasetId: 1,
  version: 1,
  title: 'Coral Future public data',
  description: 'Records of the Coral Future database (coralfuture.org).',
  creators: [],
  publishedAt: '2025-12-20T00:00:00.000Z',
  publisher: 'Coral Thermal Tolerance',
  url: 'https://corals.example.org/datasets/1/versions/1',
  doi: null,
  licence: null,
  keywords: [],
  relatedDois: [],
  projectName: 'Coral Future',
  importedFrom: { name: 'Coral Future database', url: 'https://coralfuture.org' },
};

/** A download dataset version from its facts (citation text and key as the server makes them). */
export function downloadDataset(
  facts: CitationFacts,
  protocol: DownloadDataset['protocol'] = null,
): DownloadDataset {
  return {
    facts,
    citation: recommendedCitation(facts).text,
    citationKey: `coral-dataset-${facts.datasetId}-v${facts.version}`,
    protocol,
  };
}

/**
 * The seed's colonies as the download server will hand them to the writers: real colonies,
 * assays (experiments), collection dates, projects, publication DOIs and thresholds of every kind,
 * with the quality flags the platform's rule gives them. All belong to one dataset version (the
 * seed is imported as one). `projectIds` restricts to colonies sampled in those projects.
 */
export function seedDownloadColonies(
  seedJson: unknown,
  options: { projectIds?: readonly number[]; dataset?: DownloadDataset } = {},
): DownloadColony[] {
  const seed = seedJson as Seed & Record<string, SeedThreshold[]>;
  const dataset = options.dataset ?? downloadDataset(SEED_DOWNLOAD_FACTS);
  const projects = options.projectIds
    ? seed.projects.filter((p) => options.projectIds!.includes(p.id))
    : seed.projects;
  const dois = new Map(seed.publications.map((p) => [p.id, normalizeDoi(p.doi)]));
  const projectOfBiosample = new Map<number, (typeof seed.projects)[number]>();
  for (const project of projects) {
    for (const biosample of project.biosamples) projectOfBiosample.set(biosample, project);
  }
  const biosamplesOf = new Map<number, Seed['biosamples']>();
  for (const biosample of seed.biosamples) {
    if (!projectOfBiosample.has(biosample.id)) continue;
    const list = biosamplesOf.get(biosample.colony) ?? [];
    list.push(biosample);
    biosamplesOf.set(biosample.colony, list);
  }
  const experiments = new Map(seed.experiments.map((e) => [e.id, e]));
  const projectNames = new Map(seed.projects.map((p) => [p.id, p.name]));
  const experimentOfObservation = new Map(seed.observations.map((o) => [o.id, o.experiment]));
  const experimentsOfBiosample = new Map<number, Set<number>>();
  for (const observation of seed.observations) {
    const set = experimentsOfBiosample.get(observation.biosample) ?? new Set();
    set.add(observation.experiment);
    experimentsOfBiosample.set(observation.biosample, set);
  }
  const thresholdsOf = (kind: ThresholdKind) => {
    const { listKey, absKey, relKey } = THRESHOLD_KIND_INFO[kind];
    const byColony = new Map<number, DownloadThreshold[]>();
    for (const t of seed[listKey] ?? []) {
      const abs = (t[absKey] as number | null) ?? null;
      const rel = (t[relKey] as number | null) ?? null;
      const mmm = t.sst_clim_mmm;
      const firstObservation = t.observations[0];
      const list = byColony.get(t.colony) ?? [];
      list.push({
        condition: t.condition,
        timepoint: t.timepoint,
        abs,
        rel,
        mmm,
        qualityFlags: entryQualityFlags({ abs, rel, mmm }),
        // The seed's values were computed by its submitters (decision 0032).
        provenance: SUBMITTED_PROVENANCE,
        assayId:
          firstObservation === undefined
            ? null
            : (experimentOfObservation.get(firstObservation) ?? null),
      });
      byColony.set(t.colony, list);
    }
    return byColony;
  };
  const thresholds = perThresholdKind(thresholdsOf);
  return seed.colonies
    .filter((colony) => biosamplesOf.has(colony.id))
    .map((colony): DownloadColony => {
      const biosamples = biosamplesOf.get(colony.id)!;
      const colonyProjects = [...new Set(biosamples.map((b) => projectOfBiosample.get(b.id)!))];
      const assayIds = new Set(
        biosamples.flatMap((b) => [...(experimentsOfBiosample.get(b.id) ?? [])]),
      );
      const assays: DownloadAssay[] = [...assayIds]
        .map((id) => experiments.get(id)!)
        .map((e) => ({
          id: e.id,
          name: e.name,
          date: e.date,
          projectName: projectNames.get(e.project)!,
        }))
        .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.id - b.id);
      return {
        id: colony.id,
        name: colony.name,
        species: colony.species,
        country: toAlpha3(colony.country) ?? colony.country,
        latitude: colony.latitude,
        longitude: colony.longitude,
        citationKey: dataset.citationKey,
        datasetId: dataset.facts.datasetId,
        datasetVersion: dataset.facts.version,
        projectNames: [...new Set(colonyProjects.map((p) => p.name))].sort(),
        publicationDois: [
          ...new Set(
            colonyProjects
              .flatMap((p) => p.publications.map((id) => dois.get(id) ?? null))
              .filter((doi): doi is string => doi !== null),
          ),
        ],
        collectionDates: [
          ...new Set(
            biosamples.map((b) => b.collection_date).filter((d): d is string => d !== null),
          ),
        ].sort(),
        assays,
        thresholds: perThresholdKind((kind) => thresholds[kind].get(colony.id) ?? []),
      };
    });
}

/** A download context for tests: fixed dates and URLs so outputs are reproducible. */
export function testDownloadContext(
  datasets: readonly DownloadDataset[],
  query: DownloadQuery = { source: { kind: 'map', filters: {} }, hideFlagged: false },
  overrides: Partial<DownloadContext> = {},
): DownloadContext {
  return {
    query,
    datasets,
    dataVersion: 42,
    createdAt: '2026-11-24T10:15:00.000Z',
    publicUrl: 'https://corals.example.org',
    platform: 'Coral Thermal Tolerance',
    softwareVersion: '0.1.0',
    snapshot: null,
    ...overrides,
  };
}
