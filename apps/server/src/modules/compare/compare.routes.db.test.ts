import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isUntrustworthy,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type CompareResult,
} from '@coral/core';
import { TestAgent } from '../../../test/auth-client';
import { studyVariant, uploadDraft } from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';

/**
 * The Compare API (decision 0067) on the seed: groups, R's numbers (fixtures/analysis-reference/
 * make-platform-reference.R on the seed's stored EDs), visibility and bad parameters.
 */
let app: UploadTestApp;
let anonymous: TestAgent;
/** R's numbers (make-platform-reference.R) of one of its files. */
const reference = (file: string) =>
  Papa.parse<Record<string, string>>(
    readFileSync(
      new URL(`../../../../../fixtures/analysis-reference/${file}`, import.meta.url),
      'utf8',
    ),
    { header: true, skipEmptyLines: true },
  ).data;
/** Every stored value, flagged ones too: `flagged=include`. */
const expected = reference('platform_expected.csv');
/** The flagged values left out, decided by R from decision 0002's rule: the default. */
const expectedFlaggedOut = reference('platform_expected_flagged_out.csv');
const relativeDifference = (a: number, b: number) =>
  Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

beforeAll(async () => {
  app = await openUploadTestApp();
  anonymous = new TestAgent(app.ctx.app);
});
afterAll(() => closeUploadTestApp(app));

const get = (agent: TestAgent, url: string) => agent.request({ url });
const compare = async (query: string, agent = anonymous) => {
  const response = await get(agent, `/api/public/compare/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CompareResult>();
};
const errorOf = async (url: string, agent = anonymous) => {
  const response = await get(agent, url);
  return { status: response.statusCode, error: response.json<{ error: string }>().error };
};

// The R reference (make-platform-reference.R) takes every stored value, flagged ones too.
describe('comparing the public data by species, ED50 − MMM, flagged values included', () => {
  let result: CompareResult;
  beforeAll(async () => {
    result = await compare('groupBy=species&relative=mmm&flagged=include');
  });

  it('has one group per species, with n, mean and SD absolute and relative', () => {
    expect(result.groups).toHaveLength(17);
    expect(result.observations).toBe(751);
    expect(result.colonies).toBe(682);
    const lobata = result.groups.find((group) => group.name === 'Porites lobata')!;
    expect(lobata.observations).toBe(79);
    expect(lobata.absolute.ed50.n).toBe(79);
    expect(lobata.absolute.ed50.mean).toBeGreaterThan(30);
    expect(lobata.relative.ed50.mean).toBeLessThan(lobata.absolute.ed50.mean!);
    expect(result.notes[0]).toMatch(/^52 of 751 observations have no MMM/);
  });

  it('cites every dataset used', () => {
    expect(result.citations.length).toBeGreaterThan(0);
    for (const citation of result.citations) {
      expect(citation.citation.length).toBeGreaterThan(20);
      expect(citation.citationKey).toMatch(/^coral-dataset-\d+-v\d+$/);
    }
  });
});

// R's reference on the same stored values, with the flagged ones (flagged=include) and without
// them (the default, decisions 0061/0067): R decides which are flagged by decision 0002's rule.
describe.each([
  { values: 'flagged values included', flagged: '&flagged=include', rows: expected },
  { values: 'flagged values left out (the default)', flagged: '', rows: expectedFlaggedOut },
])("R's numbers of the seed comparison, $values", ({ flagged, rows: reference }) => {
  it("gives R's Welch p value and R's letters by species, ED50 − MMM", async () => {
    const result = await compare(`groupBy=species&relative=mmm${flagged}`);
    const rows = reference.filter((row) => row.scale === 'relative' && row.kind === 'ED50');
    const welch = rows.find((row) => row.analysis === 'welch')!;
    const test = (result.analyses.ed50.welch as { test: { p: number } }).test;
    expect(relativeDifference(test.p, Number(welch.p))).toBeLessThan(1e-9);
    const letters = (
      result.analyses.ed50.wilcoxon as { result: { letters: Record<string, string> } }
    ).result.letters;
    const rLetters = rows.filter((row) => row.analysis === 'letters');
    expect(rLetters).toHaveLength(result.groups.length);
    for (const row of rLetters) expect(letters[row.level!], row.level).toBe(row.letters);
  });

  it("regresses ED50 on MMM over the sites as R's lm does", async () => {
    const result = await compare(`groupBy=site${flagged}`);
    const sites = result.mmm.ed50.sitePoints;
    expect(sites.length).toBeGreaterThan(10);
    const slope = reference.find(
      (row) =>
        row.scale === 'absolute' &&
        row.kind === 'ED50' &&
        row.analysis === 'mmm_regression_sites' &&
        row.term === 'MMM',
    )!;
    const regression = (
      result.mmm.ed50.sites as { regression: { slope: { estimate: number; p: number } } }
    ).regression;
    expect(relativeDifference(regression.slope.estimate, Number(slope.statistic))).toBeLessThan(
      1e-9,
    );
    expect(relativeDifference(regression.slope.p, Number(slope.p))).toBeLessThan(1e-9);
  });
});

describe('as CSV', () => {
  it('downloads the analyses as CSV', async () => {
    const response = await get(
      anonymous,
      '/api/public/compare/analyses.csv?groupBy=site&species=Porites%20lobata',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="compare-analyses.csv"',
    );
    expect(response.body.split('\n')[0]).toBe(
      '"Threshold","Analysis","Term","Level","Other","Estimate","SE","DF","DF2","Statistic","P","Lower","Upper","Letters","Note"',
    );
    expect(response.body).toContain('"ED50","anova_type2","site"');
  });
});

describe('flagged values (decision 0067, amendment)', () => {
  it('are left out by default, counted in a note, and kept with flagged=include', async () => {
    // The untrustworthy values the public colonies list, counted independently of the service.
    const colonies = (await get(anonymous, '/api/public/colonies/')).json<
      Record<string, unknown>[]
    >();
    let untrustworthy = 0;
    for (const colony of colonies) {
      for (const kind of THRESHOLD_KINDS) {
        const entries = colony[THRESHOLD_KIND_INFO[kind].listKey] as {
          quality_flags: string[];
        }[];
        untrustworthy += entries.filter((entry) => isUntrustworthy(entry.quality_flags)).length;
      }
    }
    expect(untrustworthy).toBeGreaterThan(20);

    const byDefault = await compare('groupBy=species');
    expect(byDefault.notes).toContain(
      `${untrustworthy} ED values are left out: their quality flags make them untrustworthy (an absolute ED outside 15–45 °C, or a relative value that is not ED − MMM).`,
    );
    const hyacinthus = (result: CompareResult) =>
      result.groups.find((group) => group.name === 'Acropora hyacinthus')!.absolute.ed50;
    // The seed's failed fits (ED50 up to 196 °C) no longer make a mean above any coral's limit.
    expect(hyacinthus(byDefault).mean).toBeLessThan(40);
    const kept = await compare('groupBy=species&flagged=include');
    expect(hyacinthus(kept).mean).toBeGreaterThan(45);
    expect(hyacinthus(kept).n).toBeGreaterThan(hyacinthus(byDefault).n);
    expect(kept.notes.join(' ')).not.toMatch(/left out: their quality flags/);
    // "Hide flagged values" in the map's filter hides them whatever flagged= says.
    const hidden = await compare('groupBy=species&hideFlagged=true&flagged=include');
    expect(hyacinthus(hidden).mean).toBeLessThan(40);
  });
});

describe('visibility and limits', () => {
  it("a draft's colonies never appear, not even to their owner", async () => {
    await uploadDraft(app.ctx, app.ann, studyVariant('Cmp'));
    for (const agent of [anonymous, app.ann]) {
      const result = await compare('groupBy=species', agent);
      expect(result.groups.map((group) => group.name)).not.toContain('Cmpia secreta');
      expect(result.observations).toBe(751);
    }
    expect(await errorOf('/api/public/compare/?species=Cmpia%20secreta')).toEqual({
      status: 400,
      error: 'The selection holds no colony with an ED value: nothing to compare.',
    });
  });

  it('answers bad parameters with 400 and what is wrong', async () => {
    for (const [query, error] of [
      [
        'groupBy=colour',
        'Invalid comparison: groupBy: expected one of species, dataset, site, project, condition, got "colour"',
      ],
      [
        'groupBy=site&factor=site',
        'Invalid comparison: factor: must differ from groupBy (both are "site")',
      ],
      [
        'relative=yes',
        'Invalid comparison: relative: the only value is "mmm" (leave it out for absolute EDs)',
      ],
      [
        'flagged=yes',
        'Invalid comparison: flagged: the only value is "include" (leave it out to leave flagged values out)',
      ],
      [
        'include=Nonexistent%20coral',
        'include: no species named "Nonexistent coral" in this selection',
      ],
    ] as const) {
      expect(await errorOf(`/api/public/compare/?${query}`), query).toEqual({ status: 400, error });
    }
    const unknown = await errorOf('/api/public/compare/?colour=red');
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatch(/colour/);
  });

  it('restricts to the included groups', async () => {
    const result = await compare(
      'groupBy=species&include=Porites%20lobata&include=Pocillopora%20verrucosa',
    );
    expect(result.groups.map((group) => group.name)).toEqual([
      'Pocillopora verrucosa',
      'Porites lobata',
    ]);
    // Every group of the selection comes with it, to choose from without a second request.
    const every = await compare('groupBy=species');
    expect(every.selectionGroups).toEqual(every.groups.map((group) => group.name));
    expect(result.selectionGroups).toEqual(every.selectionGroups);
    expect(result.selectionGroups.length).toBeGreaterThan(2);
  });
});

describe("the user's cart groups", () => {
  it('compares two groups by name; 401 anonymous, 404 for another user', async () => {
    const ids: number[] = [];
    for (const species of ['Porites lobata', 'Pocillopora verrucosa']) {
      const shown = (
        await get(anonymous, `/api/public/colonies/?species=${encodeURIComponent(species)}`)
      ).json<{ id: number }[]>();
      const created = await app.ann.request({
        method: 'POST',
        url: '/api/auth/cart/',
        payload: { name: `Cart ${species}`, colony_ids: shown.map((c) => c.id), filter_params: {} },
      });
      expect(created.statusCode).toBe(201);
      ids.push(created.json<{ group_id: number }>().group_id);
    }
    const url = `/api/auth/cart/compare/?groupIds=${ids.join(',')}&groupBy=group&relative=mmm`;
    const response = await get(app.ann, url);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<CompareResult>();
    expect(result.groups.map((group) => [group.name, group.observations])).toEqual([
      ['Cart Pocillopora verrucosa', 93],
      ['Cart Porites lobata', 79],
    ]);
    expect(result.factorLabels).toEqual(['Cart group']);
    expect((await get(anonymous, url)).statusCode).toBe(401);
    expect((await get(app.bob, url)).statusCode).toBe(404);
    expect(await errorOf('/api/auth/cart/compare/?groupBy=group', app.ann)).toEqual({
      status: 400,
      error:
        'Invalid comparison: groupIds: give the cart group ids to compare, comma-separated (1,2)',
    });
  });
});
