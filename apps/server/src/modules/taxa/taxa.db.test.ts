import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTaxonList } from '@coral/core';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  RECORDED_NAMES,
  startWormsReplay,
  unreachableUrl,
  type WormsReplay,
} from '../../../test/worms-replay';
import { createJobQueue, jobQueueOptions } from '../../jobs/job-queue';
import { startTaxonMatchWorker, queueTaxonMatching } from './match-taxa.job';
import { taxaRepository } from './taxa.repository';
import { matchUncheckedTaxa, registerTaxonNames, taxonMatchesFor } from './taxa.service';
import { createWormsClient, WormsUnreachableError } from './worms-client';

/**
 * Species names matched against a local server that answers with WoRMS' own recorded answers
 * (fixtures/worms/SOURCE.md), on the embedded database and on PostgreSQL alike. The seed's coral
 * names have no recording, so against the replay they are "not in WoRMS".
 */
let ctx: TestContext;
let replay: WormsReplay;
const SEED_MISSPELLING = 'Cyphastrea micropthlama';

beforeAll(async () => {
  ctx = await createTestApp();
  replay = await startWormsReplay();
});
afterAll(async () => {
  await replay.close();
  await ctx.close();
});

const db = () => ctx.database.db;
const publicTaxa = async () =>
  (await ctx.app.inject({ url: '/api/public/taxa/' })).json<TTaxonList>().taxa;

describe('taxon matching', () => {
  it('the seed\'s names wait as "not yet checked" (imports never ask WoRMS)', async () => {
    const taxa = await publicTaxa();
    expect(taxa.length).toBe(17);
    const misspelt = taxa.find((taxon) => taxon.name === SEED_MISSPELLING)!;
    expect(misspelt).toMatchObject({
      status: 'unchecked',
      status_label: 'Not yet checked',
      display_name: SEED_MISSPELLING,
      checked_at: null,
      flag: null,
      colonies: 30,
    });
  });

  it('WoRMS unreachable: names stay "not yet checked", the attempt is counted', async () => {
    await registerTaxonNames(db(), [...Object.values(RECORDED_NAMES), 'Nullus inventus']);
    const unreachable = createWormsClient({ baseUrl: await unreachableUrl() });
    await expect(matchUncheckedTaxa(db(), unreachable)).rejects.toThrow(WormsUnreachableError);
    const rows = await taxaRepository.namesIn(db(), [RECORDED_NAMES.near, SEED_MISSPELLING]);
    expect(rows.map((row) => [row.status, row.checked_at, row.attempts])).toEqual([
      ['unchecked', null, 1],
      ['unchecked', null, 1],
    ]);
    expect(rows[0]!.last_error).toMatch(
      /^WoRMS \(http:\/\/127\.0\.0\.1:\d+\/rest\) could not be reached/,
    );
    expect((await publicTaxa()).every((taxon) => taxon.status === 'unchecked')).toBe(true);
  });

  it('a later run completes them with WoRMS’ answers: exact, synonym, near, none', async () => {
    const client = createWormsClient({ baseUrl: replay.url });
    const outcome = await matchUncheckedTaxa(db(), client);
    expect(outcome).toEqual({ checked: 21, unchecked: 0 });
    // One request: WoRMS takes up to 50 names at a time.
    expect(replay.requests).toHaveLength(1);
    expect(replay.requests[0]).toContain('Acropora samoensis'); // "cf." is not sent

    const matches = await taxonMatchesFor(db(), [
      ...Object.values(RECORDED_NAMES),
      'Nullus inventus',
    ]);
    expect(matches.get(RECORDED_NAMES.accepted)).toMatchObject({
      status: 'accepted',
      matchType: 'exact',
      aphiaId: 105706,
      lsid: 'urn:lsid:marinespecies.org:taxname:105706',
      rank: 'Family',
      classification: { kingdom: 'Animalia', order: 'Orectolobiformes', genus: null },
    });
    expect(matches.get(RECORDED_NAMES.synonym)).toMatchObject({
      status: 'synonym',
      aphiaId: 302815,
      wormsStatus: 'unaccepted',
      acceptedAphiaId: 126846,
      acceptedName: 'Coryphaena hippurus',
      classification: { family: 'Coryphaenidae', genus: 'Coryphaena' },
    });
    expect(matches.get(RECORDED_NAMES.near)).toMatchObject({
      status: 'near',
      matchType: 'near_1',
      matchedName: 'Gadus morhua',
    });
    expect(matches.get('Nullus inventus')).toMatchObject({ status: 'none', aphiaId: null });

    const rows = await taxaRepository.namesIn(db(), [RECORDED_NAMES.synonym]);
    expect(rows[0]).toMatchObject({ source: 'worms', attempts: 1, last_error: null });
    expect(rows[0]!.checked_at).not.toBeNull();

    const misspelt = (await publicTaxa()).find((taxon) => taxon.name === SEED_MISSPELLING)!;
    expect(misspelt).toMatchObject({ status: 'none', status_label: 'Not in WoRMS' });
    expect(misspelt.flag?.message).toContain(
      `Species “${SEED_MISSPELLING}” was not found in WoRMS`,
    );
    // Checked names are not asked again.
    expect(await matchUncheckedTaxa(db(), client)).toEqual({ checked: 0, unchecked: 0 });
    expect(replay.requests).toHaveLength(1);
  });

  it('asks WoRMS in batches', async () => {
    const before = replay.requests.length;
    await registerTaxonNames(db(), ['Batchus unus', 'Batchus duo', 'Batchus tres']);
    const client = createWormsClient({ baseUrl: replay.url, batchSize: 2 });
    expect(await matchUncheckedTaxa(db(), client)).toEqual({ checked: 3, unchecked: 0 });
    expect(replay.requests.slice(before)).toEqual([
      ['Batchus duo', 'Batchus tres'],
      ['Batchus unus'],
    ]);
  });

  it('the worker matches the names queued after an import', async () => {
    const queue = createJobQueue(db(), jobQueueOptions(ctx.config, true));
    const worker = await startTaxonMatchWorker({
      db: db(),
      queue,
      client: createWormsClient({ baseUrl: replay.url }),
      log: () => undefined,
      pollSeconds: 0.2,
    });
    try {
      await registerTaxonNames(db(), [`${RECORDED_NAMES.near} `.trim(), 'Postea addita']);
      await queueTaxonMatching(queue, db());
      await expect
        .poll(async () => (await taxaRepository.namesIn(db(), ['Postea addita']))[0]?.status, {
          timeout: 10_000,
        })
        .toBe('none');
    } finally {
      await worker.stop();
      await queue.stop();
    }
  });
});
