import {
  emptyBundle,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type DatasetBundle,
  type TDataSource,
} from '@coral/core';
import { createRandom } from './random';

/**
 * The temperature at which a log-logistic curve with the given ED50 and Hill slope has lost
 * `level` % of its maximum: ED_p = ED50 · (p / (100 − p))^(1/hill).
 */
export function edAtLevel(ed50: number, hill: number, level: number): number {
  return ed50 * (level / (100 - level)) ** (1 / hill);
}

/** Reef regions CBASS studies sample, with their MMM climatology (°C) and country. */
export const SYNTHETIC_REGIONS = [
  { country: 'AUS', lat: -18.5, lon: 147.5, mmm: 28.4 },
  { country: 'SAU', lat: 22.3, lon: 39.0, mmm: 30.6 },
  { country: 'ARE', lat: 24.5, lon: 54.4, mmm: 33.2 },
  { country: 'FJI', lat: -18.2, lon: 177.7, mmm: 28.5 },
  { country: 'ASM', lat: -14.3, lon: -170.7, mmm: 29.3 },
  { country: 'USA', lat: 25.0, lon: -80.4, mmm: 29.8 },
  { country: 'CUW', lat: 12.1, lon: -68.9, mmm: 28.9 },
  { country: 'IDN', lat: -8.5, lon: 119.5, mmm: 29.6 },
  { country: 'PHL', lat: 11.0, lon: 123.5, mmm: 29.7 },
  { country: 'MDV', lat: 4.2, lon: 73.5, mmm: 29.9 },
  { country: 'KEN', lat: -4.3, lon: 39.6, mmm: 29.2 },
  { country: 'JPN', lat: 26.3, lon: 127.8, mmm: 28.8 },
] as const;

const SPECIES = [
  'Pocillopora verrucosa',
  'Acropora hyacinthus',
  'Porites lobata',
  'Stylophora pistillata',
  'Orbicella faveolata',
  'Acropora palmata',
  'Porites astreoides',
  'Siderastrea siderea',
  'Pocillopora acuta',
  'Acropora tenuis',
  'Acropora millepora',
  'Porites cylindrica',
  'Montipora grisea',
  'Platygyra daedalea',
  'Galaxea fascicularis',
  'Echinopora lamellosa',
  'Goniastrea retiformis',
  'Favites abdita',
  'Dipsastraea favus',
  'Seriatopora hystrix',
  'Acropora digitifera',
  'Acropora cytherea',
  'Porites lutea',
  'Diploria labyrinthiformis',
  'Montastraea cavernosa',
  'Pavona decussata',
  'Turbinaria reniformis',
  'Merulina ampliata',
];

const TEMPERATURES = [30, 33, 36, 39];

/**
 * Where synthetic data come from, named on their imported versions (decision 0060): the
 * generator, never the Coral Future database.
 */
export const SYNTHETIC_SOURCE: TDataSource = {
  name: 'synthetic data generator of the benchmarks (bench/src/synthetic-dataset.ts)',
  url: null,
};

export interface SyntheticOptions {
  colonies: number;
  projects: number;
  seed?: number;
}

/**
 * A dataset shaped like real CBASS data at any scale: colonies per site, few species dominating,
 * four temperatures per colony, thresholds from a logistic response with ED50 ≈ MMM + 7.5 °C,
 * and the flaws of real data (about 5 % failed fits, 7 % without MMM).
 */
export function syntheticDataset({
  colonies,
  projects,
  seed = 42,
}: SyntheticOptions): DatasetBundle {
  const random = createRandom(seed);
  const bundle = emptyBundle();
  const sitesPerRegion = Math.max(2, Math.ceil(colonies / (SYNTHETIC_REGIONS.length * 500)));
  const sites = SYNTHETIC_REGIONS.flatMap((region, r) =>
    Array.from({ length: sitesPerRegion }, (_, s) => ({
      name: `Site${r}-${s}`,
      region,
      lat: region.lat + random.between(-1.5, 1.5),
      lon: region.lon + random.between(-1.5, 1.5),
    })),
  );

  for (let p = 0; p < projects; p++) {
    bundle.projects.push({
      key: `p${p}`,
      name: `Synthetic CBASS study ${p + 1}`,
      description: 'Synthetic benchmark data',
      registrationDate: '2025-01-15',
      ownerUsername: `researcher${p % 7}`,
    });
    bundle.experiments.push({
      key: `e${p}`,
      projectKey: `p${p}`,
      name: `Experiment ${p + 1}`,
      date: '2024-06-01',
    });
  }
  bundle.publications.push({
    key: 'pub',
    title: 'Synthetic publication',
    year: 2025,
    doi: '10.0000/synthetic',
    projectKeys: bundle.projects.filter((_, i) => i % 3 === 0).map((p) => p.key),
  });

  for (let c = 0; c < colonies; c++) {
    const site = sites[random.zipf(sites.length)]!;
    const species = SPECIES[random.zipf(SPECIES.length)]!;
    const project = `p${c % projects}`;
    const colonyKey = `c${c}`;
    bundle.colonies.push({
      key: colonyKey,
      name: `${site.name}_${species.replace(' ', '_')}_${c}`,
      species,
      country: site.region.country,
      latitude: site.lat,
      longitude: site.lon,
      ownerUsername: null,
    });
    const mmm = random.next() < 0.07 ? null : site.region.mmm;
    const ed50 = random.normal(site.region.mmm + 7.5, 1.1);
    const hill = random.between(25, 90);
    const observationKeys: string[] = [];
    for (const temperature of TEMPERATURES) {
      const key = `${colonyKey}-${temperature}`;
      bundle.biosamples.push({
        key,
        colonyKey,
        projectKey: project,
        name: key,
        collectionDate: '2024-06-01',
      });
      bundle.observations.push({
        key,
        experimentKey: `e${c % projects}`,
        biosampleKey: key,
        condition: 'Control',
        temperature,
        timepoint: '420',
        pamValue: Math.max(
          0,
          0.62 / (1 + Math.exp(hill * Math.log(temperature / ed50))) + random.normal(0, 0.02),
        ),
      });
      observationKeys.push(key);
    }
    const failed = random.next() < 0.05;
    for (const kind of THRESHOLD_KINDS) {
      // A failed fit shows in the ED50 and the upper tail, as in the seed (2365 °C, 4.5e6 °C).
      const { level } = THRESHOLD_KIND_INFO[kind];
      const value =
        failed && level === 50
          ? random.between(60, 3000)
          : failed && level > 50
            ? random.between(100, 5e6)
            : edAtLevel(ed50, hill, level);
      const abs = Math.round(value * 100) / 100;
      bundle.thresholds[kind].push({
        key: colonyKey,
        colonyKey,
        condition: 'Control',
        timepoint: '420',
        abs,
        rel: mmm === null ? null : Math.round((abs - mmm) * 100) / 100,
        mmm,
        observationKeys,
      });
    }
  }
  return bundle;
}
