import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { RECORDED_NAMES, recordedRecords } from '../../test/worms-replay';
import { registerTaxonNames, taxonMatchesFor } from '../modules/taxa/taxa.service';
import { onTestDatabase, runCliCaptured } from '../../test/cli-in-process';

/**
 * `taxa:import` without internet (WORMS_API_URL=off): a Darwin Core taxon file made of WoRMS' own
 * recorded records (fixtures/worms/SOURCE.md) is loaded and the names matched against it alone.
 */
let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  ctx = await createTestApp({ WORMS_API_URL: 'off' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-taxa-'));
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cli = (...argv: string[]) =>
  runCliCaptured(argv, onTestDatabase(ctx.config, ctx.database.db));

const COLUMNS = [
  'taxonID',
  'scientificName',
  'acceptedNameUsageID',
  'acceptedNameUsage',
  'taxonomicStatus',
  'taxonRank',
  'kingdom',
  'phylum',
  'class',
  'order',
  'family',
  'genus',
];

/** WoRMS' records as the lines of a Darwin Core taxon file (ids as LSIDs, as WoRMS writes them). */
function taxonFile(): string {
  const lsid = (id: unknown) => `urn:lsid:marinespecies.org:taxname:${String(id)}`;
  const lines = recordedRecords().map((r) =>
    [
      lsid(r.AphiaID),
      r.scientificname,
      lsid(r.valid_AphiaID),
      r.valid_name,
      r.status,
      r.rank,
      ...COLUMNS.slice(6).map((rank) => r[rank] ?? ''),
    ]
      .map((cell) => String(cell))
      .join('\t'),
  );
  const file = path.join(dir, 'taxon.txt');
  fs.writeFileSync(file, [COLUMNS.join('\t'), ...lines].join('\n') + '\n');
  return file;
}

describe('npm run cli -- taxa:import <taxon.txt>', () => {
  it('loads the export and matches every name against it: exact, synonym, near (two edits), none', async () => {
    await registerTaxonNames(ctx.database.db, [
      ...Object.values(RECORDED_NAMES),
      'Coryphaena imaculata',
      'Nullus inventus',
    ]);
    const result = await cli('taxa:import', taxonFile());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Loaded 3 taxa (2 accepted names) from ${path.join(dir, 'taxon.txt')}.\n` +
        'Species names: not yet checked 0, accepted name 1, synonym 1, near match only 2, not in WoRMS 18.\n',
    );
    const matches = await taxonMatchesFor(ctx.database.db, [
      RECORDED_NAMES.accepted,
      RECORDED_NAMES.synonym,
      RECORDED_NAMES.near,
      'Coryphaena imaculata',
      'Cyphastrea micropthlama',
    ]);
    expect(matches.get(RECORDED_NAMES.accepted)).toMatchObject({
      status: 'accepted',
      aphiaId: 105706,
    });
    expect(matches.get(RECORDED_NAMES.synonym)).toMatchObject({
      status: 'synonym',
      acceptedAphiaId: 126846,
      acceptedName: 'Coryphaena hippurus',
      classification: { family: 'Coryphaenidae' },
    });
    expect(matches.get(RECORDED_NAMES.near)).toMatchObject({
      status: 'near',
      matchType: 'near_1',
      matchedName: 'Gadus morhua',
    });
    expect(matches.get('Coryphaena imaculata')).toMatchObject({
      status: 'near',
      matchedName: 'Coryphaena immaculata',
      acceptedName: 'Coryphaena hippurus',
    });
    expect(matches.get('Cyphastrea micropthlama')).toMatchObject({ status: 'none' });
  });

  it('refuses a file that is not a taxon file, and keeps the loaded one', async () => {
    const bad = path.join(dir, 'bad.csv');
    fs.writeFileSync(bad, 'id,name\n1,x\n');
    const result = await cli('taxa:import', bad);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Not a Darwin Core taxon file: the tab-separated header has no taxonID and scientificName column',
    );
    const still = await taxonMatchesFor(ctx.database.db, [RECORDED_NAMES.synonym]);
    expect(still.get(RECORDED_NAMES.synonym)?.status).toBe('synonym');
  });
});
