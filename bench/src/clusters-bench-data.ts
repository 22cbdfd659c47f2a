import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { importAsPublished } from '../../apps/server/src/modules/datasets/dataset-seed.service';
import { publishUpload } from './publish-upload';
import { SYNTHETIC_SOURCE, syntheticDataset } from './synthetic-dataset';
import { migrateAndSeed } from './seeded-app';

/**
 * The clusters bench's databases (clusters-bench.ts): the seed or synthetic colonies, on a
 * PostgreSQL server (a database per size, created from BENCH_DATABASE_URL's; with
 * BENCH_REUSE_DATABASES=1 kept and reused when it already holds its size) or embedded PGlite;
 * and the 1,000-colony upload whose republish it times.
 */
const config = loadConfig({ NODE_ENV: 'test' });

/** An upload of 1,000 colonies made public, as an approval does; timed: the republish. */
export function uploadThousand(handle: DatabaseHandle, run: number): Promise<number> {
  return publishUpload(handle, {
    colonies: 1_000,
    seed: 7_000 + run,
    name: `Clusters bench upload ${run}`,
  });
}

/** Synthetic colonies imported in chunks of 100,000 (bounded memory), each its own projects. */
const CHUNK = 100_000;
async function importSynthetic(handle: DatabaseHandle, colonies: number) {
  for (let done = 0, chunk = 0; done < colonies; done += CHUNK, chunk++) {
    const bundle = syntheticDataset({
      colonies: Math.min(CHUNK, colonies - done),
      projects: 40,
      seed: 42 + chunk,
    });
    if (chunk > 0) {
      for (const project of bundle.projects) project.name += ` (${chunk + 1})`;
      for (const publication of bundle.publications) publication.doi += `-${chunk + 1}`;
    }
    await handle.db
      .transaction()
      .execute((trx) => importAsPublished(trx, bundle, SYNTHETIC_SOURCE));
  }
}

export async function colonyCount(handle: DatabaseHandle) {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM colonies`.execute(
    handle.db,
  );
  return rows[0]!.n;
}

/** A database holding the seed (size 0) or `size` synthetic colonies. */
export async function databaseFor(size: number, baseUrl: string | undefined) {
  const fill = async (handle: DatabaseHandle) => {
    if (size === 0) return migrateAndSeed(handle, config);
    await migrateToLatest(handle.db);
    await importSynthetic(handle, size);
  };
  if (!baseUrl) {
    const handle = await openDatabase({ kind: 'memory' });
    await fill(handle);
    return { handle, url: undefined, drop: () => handle.close() };
  }
  // The seed is imported in seconds, and its figures are the baseline: never reused.
  const reuse = process.env.BENCH_REUSE_DATABASES === '1' && size > 0;
  const base = new URL(baseUrl);
  const name = `${base.pathname.slice(1) || 'coral'}_clusters_${size}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const admin = await openDatabase({ kind: 'server', url: baseUrl });
  const exists =
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_database WHERE datname = ${name}`.execute(admin.db)
    ).rows[0]!.n > 0;
  let handle: DatabaseHandle | undefined;
  if (exists && reuse) {
    handle = await openDatabase({ kind: 'server', url: url.toString() });
    await migrateToLatest(handle.db);
    const held = await colonyCount(handle);
    // A reused database holds earlier runs' uploads (1,000 colonies each), up to 5 % more.
    if (held < size || held > size * 1.05) {
      await handle.close();
      handle = undefined;
    }
  }
  if (!handle) {
    await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
    await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
    handle = await openDatabase({ kind: 'server', url: url.toString() });
    await fill(handle);
  }
  await admin.close();
  const opened = handle;
  return {
    handle: opened,
    url: url.toString(),
    async drop() {
      await opened.close();
      if (reuse) return;
      const again = await openDatabase({ kind: 'server', url: baseUrl });
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(again.db);
      await again.close();
    },
  };
}
