import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUploadAccepted, TUploadDetail } from '@coral/core';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser, TestAgent } from '../../../test/auth-client';
import {
  datasetSnapshot,
  datasheet,
  difference,
  makeDataDir,
  upload,
} from '../../../test/upload-test-helpers';
import { processUpload } from './upload-processor';

/**
 * docs/decisions/0059-embedded-database-no-freeze.md: an upload's import is written in short
 * steps, between which other requests run (on the embedded database too, whose one connection
 * an import in one transaction held to its end), into a staging dataset that nobody, its uploader
 * included, sees before the last short transaction makes it the uploader's draft.
 */

let ctx: TestContext;
let dataDir: string;
let ann: TestAgent;

beforeAll(async () => {
  dataDir = makeDataDir();
  ctx = await createTestApp({ DATA_DIR: dataDir });
  await createUser(ctx.database.db, 'ann');
  ann = await new TestAgent(ctx.app).loginOrThrow('ann');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The Fiji raw sheet (70 colonies, 560 observations), made a different file by `n` blank lines. */
const fiji = (n: number) => ({
  filename: `fiji-${n}.csv`,
  content: Buffer.concat([datasheet('2022_Fiji_Jareis.csv'), Buffer.from('\n'.repeat(n))]),
});

async function queued(main: { filename: string; content: Buffer }) {
  const response = await upload(ann, main);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<TUploadAccepted>().upload_id;
}

const isCopy = (statement: string) => /^\s*COPY\b/i.test(statement);

const publicStatistics = async () => {
  const response = await ctx.app.inject({ url: '/api/public/statistics/' });
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>>();
};

const ownDatasets = async () => {
  const response = await ann.request({ url: '/api/auth/datasets/' });
  expect(response.statusCode).toBe(200);
  return response.json<unknown[]>();
};

describe('public requests while an upload is imported', () => {
  it('are answered between the steps of its import, not after its end', async () => {
    const id = await queued(fiji(0));
    const firstStatement = ctx.queries.length;
    // For each public request answered: how many of the import's COPY statements had run.
    const copiesWhenAnswered: number[] = [];
    const copiesSoFar = () => ctx.queries.slice(firstStatement).filter(isCopy).length;
    let importing = true;
    const visitor = (async () => {
      while (importing) {
        await publicStatistics();
        copiesWhenAnswered.push(copiesSoFar());
        // A visitor clicks again a moment later (an injected request may settle in microtasks).
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const outcome = await processUpload({ db: ctx.database.db, config: ctx.config }, id).finally(
      () => {
        importing = false;
      },
    );
    await visitor;
    expect(outcome.status).toBe('done');
    const copies = copiesSoFar();
    // experiments, colonies, biosamples, observations, three threshold tables and their links
    expect(copies).toBeGreaterThanOrEqual(8);
    // One import in one transaction held the embedded database's only connection from its first
    // COPY to its commit: every request waited for the end.
    expect(copiesWhenAnswered.filter((n) => n > 0 && n < copies).length).toBeGreaterThan(0);
  });

  it('are answered while its bundle is built, before its first transaction holds the upload', async () => {
    const id = await queued(fiji(7));
    let parts = 0;
    const outcome = await processUpload(
      { db: ctx.database.db, config: ctx.config },
      id,
      undefined,
      {
        // 70 colonies, 70 biosamples, 560 observations and 70 curves: several parts of 100
        partItems: 100,
        whileBuilding: async () => {
          parts++;
          // Inside the first transaction, the embedded database's one session (and the
          // upload's row lock) would be the import's: this request and lock would wait for it.
          await publicStatistics();
          await ctx.database.db.transaction().execute(async (trx) => {
            const { rows } = await sql<{
              id: number;
            }>`SELECT id FROM uploads WHERE id = ${id} FOR UPDATE NOWAIT`.execute(trx);
            expect(rows).toHaveLength(1);
          });
        },
      },
    );
    expect(outcome.status).toBe('done');
    // Building the 56,000-row sheet's bundle in one go stalled the server's thread for 0.5 s
    // (docs/decisions/0069-embedded-database-in-a-thread.md).
    expect(parts).toBeGreaterThanOrEqual(7);
  });
});

describe('an import interrupted half-way', () => {
  it('shows nothing to anyone, and the next attempt removes it and completes the import', async () => {
    const id = await queued(fiji(1));
    const before = await datasetSnapshot(ctx.database.db);
    const statistics = await publicStatistics();
    const datasets = await ownDatasets();

    // The worker dies after its third step: the promise below never settles, as in a process
    // killed with kill -9, and nothing cleans up after it.
    let seen: { rows: Record<string, number>; statistics: unknown; datasets: unknown[] } | null =
      null;
    let died!: () => void;
    const dead = new Promise<void>((resolve) => (died = resolve));
    void processUpload(
      { db: ctx.database.db, config: ctx.config },
      id,
      { attempt: 1, lastAttempt: false },
      {
        afterStep: async (step) => {
          if (step < 3) return;
          seen = {
            rows: difference(await datasetSnapshot(ctx.database.db), before),
            statistics: await publicStatistics(),
            datasets: await ownDatasets(),
          };
          died();
          await new Promise(() => undefined);
        },
      },
    );
    await dead;
    // Rows were written...
    expect(seen!.rows.colonies).toBe(70);
    // ...but neither the public nor the uploader sees any of them.
    expect(seen!.statistics).toEqual(statistics);
    expect(seen!.datasets).toEqual(datasets);
    const staged = await sql<{ id: number }>`
      SELECT d.id FROM datasets d JOIN dataset_versions v ON v.dataset_id = d.id
      WHERE v.upload_id = ${id}`.execute(ctx.database.db);
    expect(staged.rows).toHaveLength(1);
    const stagedId = staged.rows[0]!.id;
    expect((await ann.request({ url: `/api/auth/datasets/${stagedId}/` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/public/datasets/${stagedId}/` })).statusCode).toBe(
      404,
    );

    // The retry (the job's next attempt after a restart) starts from the files again.
    const outcome = await processUpload({ db: ctx.database.db, config: ctx.config }, id, {
      attempt: 2,
      lastAttempt: true,
    });
    expect(outcome.status).toBe('done');
    expect(difference(await datasetSnapshot(ctx.database.db), before)).toMatchObject({
      datasets: 1,
      dataset_versions: 1,
      colonies: 70,
      observations: 560,
    });
    const detail = (await ann.request({ url: `/api/auth/uploads/${id}/` })).json<TUploadDetail>();
    expect(detail).toMatchObject({ status: 'done', attempts: 2 });
    expect(await ownDatasets()).toHaveLength(datasets.length + 1);
  });

  it('a failed attempt removes what it wrote at once', async () => {
    const id = await queued(fiji(2));
    const before = await datasetSnapshot(ctx.database.db);
    await expect(
      processUpload(
        { db: ctx.database.db, config: ctx.config },
        id,
        { attempt: 1, lastAttempt: false },
        {
          afterStep: async (step) => {
            if (step === 4) throw new Error('the database went away');
          },
        },
      ),
    ).rejects.toThrow('the database went away');
    expect(await datasetSnapshot(ctx.database.db)).toEqual(before);
  });
});
