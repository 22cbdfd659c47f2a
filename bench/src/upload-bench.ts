import { sql } from 'kysely';
import {
  CBASSED50_FILE_KINDS,
  ed50,
  formatCsvRow,
  prepareUpload,
  THRESHOLD_KIND_INFO,
} from '@coral/core';
import type { AppConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { usersService } from '../../apps/server/src/modules/users/users.service';
import { processUpload } from '../../apps/server/src/modules/uploads/upload-processor';
import {
  keepUpload,
  receiveUploadBytes,
} from '../../apps/server/src/modules/uploads/upload-storage';
import { uploadsRepository } from '../../apps/server/src/modules/uploads/uploads.repository';
import { count, ms, printTable, ratio, timeIt, verdict, type BenchRow } from './report';
import { createRandom } from './random';
import { edAtLevel, SYNTHETIC_REGIONS } from './synthetic-dataset';
import { openSeededDatabase } from './seeded-app';

/** Regions of the synthetic sheet: the benchmark dataset's first six. */
const REGIONS = SYNTHETIC_REGIONS.slice(0, 6);
const SPECIES = [
  'Pocillopora verrucosa',
  'Acropora hyacinthus',
  'Porites lobata',
  'Stylophora pistillata',
  'Acropora tenuis',
  'Porites cylindrica',
];
const TEMPERATURES = [30, 33, 36, 39];
const GENOTYPES_PER_GROUP = 10;
/** The raw CBASS long format, in the calculator's spelling. */
const MAIN_HEADER = ed50.CBASS_COLUMNS;
const ED_HEADER = [
  '',
  ...CBASSED50_FILE_KINDS.map((kind) => THRESHOLD_KIND_INFO[kind].edLabel),
  'GroupingProperty',
  'Site',
  'Condition',
  'Species',
  'Timepoint',
];

/**
 * A raw CBASS sheet of `rows` rows (one per nubbin: colonies × 4 temperatures, 10 genotypes per
 * Site × Condition × Species group, log-logistic responses with noise) and its ED results file,
 * written as the calculator would (ED values of the simulated curves, rounded to 0.01 °C).
 */
export function syntheticUpload(rows: number, seed = 8): { main: string; ed: string } {
  const random = createRandom(seed);
  const colonies = Math.ceil(rows / TEMPERATURES.length);
  const main: string[] = [formatCsvRow(MAIN_HEADER)];
  const ed: string[] = [formatCsvRow(ED_HEADER)];
  let written = 0;
  for (let c = 0; c < colonies && written < rows; c++) {
    const group = Math.floor(c / GENOTYPES_PER_GROUP);
    const genotype = (c % GENOTYPES_PER_GROUP) + 1;
    const region = REGIONS[group % REGIONS.length]!;
    const siteNumber = Math.floor(group / (REGIONS.length * SPECIES.length * 2));
    const site = `Reef${group % REGIONS.length}-${siteNumber}`;
    const species = SPECIES[Math.floor(group / REGIONS.length) % SPECIES.length]!;
    const condition =
      Math.floor(group / (REGIONS.length * SPECIES.length)) % 2 === 0 ? 'Wild' : 'Nursery';
    const latitude = Number((region.lat + siteNumber * 0.01).toFixed(5));
    const longitude = Number((region.lon + siteNumber * 0.01).toFixed(5));
    const date = `2024${String(1 + (siteNumber % 12)).padStart(2, '0')}15`;
    const ed50 = random.normal(region.mmm + 7.5, 0.9);
    const hill = random.between(30, 80);
    const max = random.between(0.55, 0.68);
    for (const temperature of TEMPERATURES) {
      const pam = Math.max(
        0.001,
        max / (1 + Math.exp(hill * Math.log(temperature / ed50))) + random.normal(0, 0.015),
      );
      main.push(
        formatCsvRow([
          `Upload bench ${rows}`,
          date,
          region.country,
          latitude,
          longitude,
          site,
          condition,
          species,
          genotype,
          temperature,
          420,
          Number(pam.toFixed(3)),
        ]),
      );
      written++;
    }
    const round = (v: number) => Math.round(v * 100) / 100;
    ed.push(
      formatCsvRow([
        c + 1,
        ...CBASSED50_FILE_KINDS.map((kind) =>
          round(edAtLevel(ed50, hill, THRESHOLD_KIND_INFO[kind].level)),
        ),
        `${site}_${condition}_${species}_420_${genotype}`,
        site,
        condition,
        species,
        420,
      ]),
    );
  }
  return { main: main.join(''), ed: ed.join('') };
}

interface Timing {
  rows: number;
  validate: number;
  total: number;
  colonies: number;
  observations: number;
}

/** Stores the files, records the upload and processes it as the worker does; returns timings. */
async function uploadOnce(
  handle: DatabaseHandle,
  config: AppConfig,
  ownerId: number,
  rows: number,
): Promise<Timing> {
  const files = syntheticUpload(rows);
  const main = new TextEncoder().encode(files.main);
  const ed = new TextEncoder().encode(files.ed);
  const validate = await timeIt(async () => {
    const result = prepareUpload(
      { name: 'main.csv', bytes: main },
      { name: 'ed.csv', bytes: ed },
      { refitMaxColonies: config.uploads.refitMaxColonies },
    );
    if (!result.ok) {
      throw new Error(`synthetic upload refused: ${JSON.stringify(result.errors.slice(0, 3))}`);
    }
  });
  let outcome: Awaited<ReturnType<typeof processUpload>> | undefined;
  const total = await timeIt(async () => {
    const storage = config.uploads.storageDir;
    const mainStored = await keepUpload(storage, await receiveUploadBytes(storage, main));
    const edStored = await keepUpload(storage, await receiveUploadBytes(storage, ed));
    const uploadId = await uploadsRepository.insert(handle.db, {
      ownerId,
      main: { name: `synthetic_${rows}.csv`, ...mainStored },
      ed: { name: 'ED50_Results.csv', ...edStored },
      format: 'raw',
    });
    outcome = await processUpload({ db: handle.db, config }, uploadId);
  });
  if (!outcome || outcome.status !== 'done') {
    throw new Error(`synthetic upload not imported: ${JSON.stringify(outcome)}`);
  }
  const counts = outcome.counts as { colonies: number; observations: number };
  return { rows, validate, total, colonies: counts.colonies, observations: counts.observations };
}

/** A database of its own on the PostgreSQL server, dropped on close. */
export async function freshServerDatabase(baseUrl: string): Promise<DatabaseHandle> {
  const admin = await openDatabase({ kind: 'server', url: baseUrl });
  const name = `coral_upload_bench_${process.pid}`;
  await sql.raw(`DROP DATABASE IF EXISTS ${name}`).execute(admin.db);
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  await admin.close();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'server', url: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      const again = await openDatabase({ kind: 'server', url: baseUrl });
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(again.db);
      await again.close();
    },
  };
}

/**
 * Upload pipeline benchmark (decision 0007): a synthetic 100,000-row raw CBASS sheet with its ED file
 * is validated (parse, checks, ED matching, quality checks with the refit sample) and imported
 * (bundle against the seeded database, one transaction, read models rebuilt) the way the worker
 * does it, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL (target: under 15 s). A 10,000-
 * row sheet in the same run is the baseline of the ratio. BENCH_UPLOAD_ROWS changes the size.
 */
export async function runUploadBench(): Promise<void> {
  const big = Number(process.env.BENCH_UPLOAD_ROWS ?? 100_000);
  const small = Math.max(4, Math.round(big / 10));
  const targets: { name: string; open: () => Promise<DatabaseHandle>; target: number | null }[] = [
    { name: 'embedded PGlite', open: () => openDatabase({ kind: 'memory' }), target: null },
  ];
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (databaseUrl) {
    targets.push({
      name: 'PostgreSQL server',
      open: () => freshServerDatabase(databaseUrl),
      target: 15_000,
    });
  }

  for (const { name, open, target } of targets) {
    const seeded = await openSeededDatabase(open);
    const { config, handle } = seeded;
    try {
      const ownerId = await usersService.create(
        handle.db,
        'bench-uploader',
        'bench-uploader-password-2026',
      );
      const baseline = await uploadOnce(handle, config, ownerId, small);
      const measured = await uploadOnce(handle, config, ownerId, big);
      const row = (label: string, t: Timing): BenchRow => ({
        label,
        values: {
          rows: count(t.rows),
          colonies: count(t.colonies),
          'validate + quality checks': ms(t.validate),
          'store + validate + import (worker)': ms(t.total),
          'import share': ms(Math.max(0, t.total - t.validate)),
        },
      });
      printTable(`Upload pipeline on ${name}`, [
        row(`${count(small)}-row sheet (baseline)`, baseline),
        row(`${count(big)}-row sheet`, measured),
        {
          label: 'ratio',
          values: {
            rows: ratio(measured.rows / baseline.rows),
            colonies: ratio(measured.colonies / baseline.colonies),
            'validate + quality checks': ratio(measured.validate / baseline.validate),
            'store + validate + import (worker)': ratio(measured.total / baseline.total),
          },
        },
      ]);
      if (target !== null) {
        console.log(
          `  ${count(big)} rows validated and imported: ${verdict(measured.total, target)}`,
        );
      }
    } finally {
      await seeded.close();
    }
  }
}

// `npx tsx bench/src/upload-bench.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) await runUploadBench();
