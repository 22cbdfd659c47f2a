import seed from '../../../fixtures/seed/coralfuture-public.json';
import { FULL_VERSION } from './citation-facts';
import { downloadDataset, seedDownloadColonies, testDownloadContext } from './download-colonies';
import { SUBMITTED_PROVENANCE, UPLOAD_REFIT_PROVENANCE } from '../src/thresholds/ed-provenance';
import { perThresholdKind } from '../src/thresholds/threshold-kinds';
import type {
  DownloadColony,
  DownloadContext,
  DownloadDataset,
} from '../src/downloads/download-model';

/**
 * Data the download tests share: real seed colonies (project 61, Fiji, and project 82, the
 * Arabian seas with one publication DOI) and a few hand-made edge cases the seed lacks.
 * Test-only: not exported by `@coral/core/testing`.
 */
export const SEED_DATASET: DownloadDataset = downloadDataset({
  ...FULL_VERSION,
  // The seed as the platform imports it: no licence, DOI or creators.
  datasetId: 1,
  version: 1,
  title: 'Coral Future public data',
  creators: [],
  importedFrom: { name: 'Coral Future database', url: 'https://coralfuture.org' },
  doi: null,
  licence: null,
  url: 'https://corals.example.org/datasets/1/versions/1',
  relatedDois: [],
  keywords: [],
  description: 'Records of the Coral Future database (coralfuture.org).',
});

/** A licensed version with ORCID creators and a protocol, for the edge cases. */
export const LICENSED_DATASET: DownloadDataset = downloadDataset(FULL_VERSION, {
  ramp_hold_profile: 'cbass_standard',
  ramp_hold_other: null,
  hold_temperatures_c: [30, 33, 36, 39],
  hold_duration_minutes: 180,
  pam_instrument: 'walz_imaging_pam_maxi',
  pam_instrument_other: null,
  timepoints: [],
});

export const SEED_COLONIES: readonly DownloadColony[] = seedDownloadColonies(seed, {
  projectIds: [61, 82],
  dataset: SEED_DATASET,
});

/** Hand-made: a formula-looking name, no assay, no MMM, flagged values, two entries per tuple. */
export const EDGE_COLONY: DownloadColony = {
  id: 9001,
  name: '=HYPERLINK("http://evil.example","click"),\t"quoted"\nline',
  species: '+Acropora hemprichii',
  country: 'SAU',
  latitude: 22.123456789012,
  longitude: 39.0000000149,
  citationKey: LICENSED_DATASET.citationKey,
  datasetId: LICENSED_DATASET.facts.datasetId,
  datasetVersion: LICENSED_DATASET.facts.version,
  projectNames: ['-Red Sea', '@CBASS'],
  publicationDois: ['10.1111/gcb.15148'],
  collectionDates: ['2023-03-01'],
  assays: [],
  thresholds: {
    ...perThresholdKind(() => []),
    ed50: [
      {
        condition: '-Control',
        timepoint: '420',
        abs: 50.2,
        rel: null,
        mmm: null,
        qualityFlags: ['implausible_absolute', 'missing_mmm'],
        assayId: null,
        provenance: SUBMITTED_PROVENANCE,
      },
      {
        condition: '-Control',
        timepoint: '420',
        abs: 36.1,
        rel: null,
        mmm: null,
        qualityFlags: ['missing_mmm'],
        assayId: 77,
        // A value the platform's refit reproduced: the formats name model, fit and engine.
        provenance: UPLOAD_REFIT_PROVENANCE,
      },
    ],
    ed5: [
      {
        condition: '-Control',
        timepoint: '420',
        abs: 34,
        rel: null,
        mmm: null,
        qualityFlags: ['missing_mmm'],
        assayId: null,
        provenance: SUBMITTED_PROVENANCE,
      },
    ],
  },
};

/** A colony of the licensed version without any threshold (it still gets a row). */
export const BARE_COLONY: DownloadColony = {
  ...EDGE_COLONY,
  id: 9002,
  name: 'Bare colony',
  species: 'Pocillopora verrucosa',
  assays: [{ id: 5001, name: 'Al Fahal', date: '2023-03-02', projectName: 'Red Sea CBASS' }],
  thresholds: perThresholdKind(() => []),
};

export const ALL_DATASETS = [SEED_DATASET, LICENSED_DATASET] as const;

export const mixedContext = (overrides: Partial<DownloadContext> = {}): DownloadContext =>
  testDownloadContext(ALL_DATASETS, undefined, overrides);

export const ALL_COLONIES: readonly DownloadColony[] = [...SEED_COLONIES, EDGE_COLONY, BARE_COLONY];
