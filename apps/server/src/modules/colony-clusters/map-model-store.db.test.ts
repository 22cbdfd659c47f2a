import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  colonyPredicate,
  compileColonyFilter,
  isEmptyFilterSet,
  normalizeFilterSet,
  type DefaultRanges,
  type FilterSet,
  type TColony,
} from '@coral/core';
import {
  buildMapModel,
  selectColonies,
  selectColumnar,
  type ColumnarMapModel,
} from '@coral/core/map-clusters';
import { randomFilterSet, seededRandom, selectionFacts } from '@coral/core/testing';
import { SYNTHETIC_SOURCE, syntheticDataset } from '../../../../../bench/src/synthetic-dataset';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../../test/test-database';
import { createColoniesService, type ColoniesService } from '../colonies/colonies.service';
import { importAsPublished } from '../datasets/dataset-seed.service';
import { currentDataVersion } from '../read-models/read-models.service';
import { createMapModelStore, warmMapModel, type PartSource } from './map-model-store';

/**
 * The columnar map model (decision 0041) built from the published parts gives exactly the
 * selection of the browser's path (buildMapModel over the whole feed, compileColonyFilter,
 * selectColonies) for any filter set, on the seed and on synthetic data; a data change re-reads
 * only the parts it touched.
 */
let database: DatabaseHandle;
let colonies: ColoniesService;

beforeAll(async () => {
  database = await createTestDatabase();
  colonies = createColoniesService(database.db);
});
afterAll(() => database.close());

async function feedNow(): Promise<{ feed: TColony[]; defaults: DefaultRanges; version: number }> {
  const { feed, defaults } = await colonies.filterContext();
  return { feed: await feed.colonies(), defaults, version: feed.version };
}

function expectSameSelections(
  model: ColumnarMapModel,
  feed: readonly TColony[],
  defaults: DefaultRanges,
  filterSets: readonly FilterSet[],
) {
  const feedModel = buildMapModel(feed);
  for (const filters of filterSets) {
    const normal = normalizeFilterSet(filters, defaults);
    const expected = selectColonies(
      feedModel,
      isEmptyFilterSet(normal) ? null : compileColonyFilter(normal, defaults),
    );
    const actual = selectColumnar(model, colonyPredicate(filters, defaults));
    expect(
      selectionFacts(
        actual,
        (i) => model.ids[i]!,
        (s) => model.siteLongitude[s]!,
      ),
      JSON.stringify(filters),
    ).toEqual(
      selectionFacts(
        expected,
        (i) => feed[i]!.id,
        (s) => feedModel.siteLongitude[s]!,
      ),
    );
  }
  expect({ species: model.species, projects: model.projects, years: model.years }).toEqual({
    species: feedModel.species,
    projects: feedModel.projects,
    years: feedModel.years,
  });
}

function randomSets(seed: number, feed: readonly TColony[], defaults: DefaultRanges, n: number) {
  const next = seededRandom(seed);
  return [
    {},
    { hideFlagged: true },
    { hideFlagged: true, absThermalTolerance: [33, 37] as const },
    ...Array.from({ length: n }, () => randomFilterSet(next, feed, defaults)),
  ];
}

const partRows = async (prefix: string) => {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM published_snapshot_parts WHERE starts_with(name, ${prefix})
  `.execute(database.db);
  return rows[0]!.n;
};

describe('the columnar map model store', () => {
  it.each<PartSource>(['columns', 'json'])(
    'on the seed, from %s parts: the selections of selectColonies over the feed',
    async (source) => {
      const { feed, defaults, version } = await feedNow();
      const store = createMapModelStore(colonies, { source });
      const built = await store.current();
      expect(built.version).toBe(version);
      expect(store.lastBuild()).toMatchObject({
        reused: 0,
        ...(source === 'columns' ? { parsedJson: 0 } : { readColumns: 0 }),
      });
      expectSameSelections(built.model, feed, defaults, randomSets(16, feed, defaults, 150));
    },
  );

  it('after an upload of synthetic data re-reads only the touched parts, and agrees again', async () => {
    const store = createMapModelStore(colonies);
    const before = await store.current();
    await database.db
      .transaction()
      .execute((trx) =>
        importAsPublished(
          trx,
          syntheticDataset({ colonies: 2500, projects: 3, seed: 5 }),
          SYNTHETIC_SOURCE,
        ),
      );
    const after = await store.current();
    expect(after.version).toBe(before.version + 1);
    const report = store.lastBuild()!;
    expect(report.parts).toBeGreaterThan(before.model.parts.length);
    expect(report.reused).toBeGreaterThan(0);
    expect(report.readColumns).toBe(report.parts - report.reused);
    expect(report.parsedJson).toBe(0);
    const { feed, defaults } = await feedNow();
    expect(after.model.count).toBe(feed.length);
    expectSameSelections(after.model, feed, defaults, [
      ...randomSets(17, feed, defaults, 150),
      { years: [2024] },
      { species: 'Porites lobata', years: [2024], hideFlagged: true },
      { project: 'Synthetic CBASS study 2', absThermalTolerance: [36, 38] },
    ]);
  });

  it('derives and stores the columns of parts published without them, once', async () => {
    const parts = await partRows('colonies');
    await sql`DELETE FROM published_snapshot_parts WHERE starts_with(name, 'colony-columns/')`.execute(
      database.db,
    );
    const first = createMapModelStore(colonies);
    const parsed = await first.current();
    expect(first.lastBuild()).toMatchObject({ parsedJson: parts, readColumns: 0 });
    expect(await partRows('colony-columns/')).toBe(parts);
    const second = createMapModelStore(colonies);
    const read = await second.current();
    expect(second.lastBuild()).toMatchObject({ parsedJson: 0, readColumns: parts });
    const { feed, defaults } = await feedNow();
    expectSameSelections(parsed.model, feed, defaults, randomSets(18, feed, defaults, 20));
    expectSameSelections(read.model, feed, defaults, randomSets(18, feed, defaults, 20));
  });

  it('starts over at the newer version when a change commits while it reads parts', async () => {
    const store = createMapModelStore(colonies);
    await store.current();
    const { version } = await currentDataVersion(database.db);
    // The upload below gets colony ids 2, 3, …: part 0, the first part the store reads.
    await sql`SELECT setval(pg_get_serial_sequence('colonies', 'id'), 1)`.execute(database.db);
    let changed = false;
    const racing = createMapModelStore({
      dataVersion: () => colonies.dataVersion(),
      feed: () => colonies.feed(),
      feedParts: {
        ...colonies.feedParts,
        async read(wanted, kind) {
          if (!changed) {
            changed = true;
            await database.db
              .transaction()
              .execute((trx) =>
                importAsPublished(
                  trx,
                  syntheticDataset({ colonies: 40, projects: 1, seed: 9 }),
                  SYNTHETIC_SOURCE,
                ),
              );
          }
          return colonies.feedParts.read(wanted, kind);
        },
      },
    });
    const built = await racing.of(version);
    expect(changed).toBe(true);
    expect(built.version).toBe(version + 1);
    const { feed, defaults } = await feedNow();
    expect([...built.model.ids]).toEqual(feed.map((c) => c.id));
    expectSameSelections(built.model, feed, defaults, randomSets(19, feed, defaults, 20));
  });

  it('is warmed in the background when the data version moves', async () => {
    const store = createMapModelStore(colonies);
    const errors: unknown[] = [];
    const stop = warmMapModel(store, {
      version: () => colonies.dataVersion(),
      intervalMs: 20,
      onError: (error) => errors.push(error),
    });
    try {
      const { version } = await currentDataVersion(database.db);
      await vi.waitFor(() => expect(store.lastBuild()?.version).toBe(version), { timeout: 20_000 });
      await database.db
        .transaction()
        .execute((trx) =>
          importAsPublished(
            trx,
            syntheticDataset({ colonies: 30, projects: 1, seed: 11 }),
            SYNTHETIC_SOURCE,
          ),
        );
      await vi.waitFor(() => expect(store.lastBuild()?.version).toBe(version + 1), {
        timeout: 20_000,
      });
      expect(store.lastBuild()!.reused).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });
});
