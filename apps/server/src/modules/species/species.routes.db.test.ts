import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse, TSpeciesDetail, TSpeciesSummary } from '@coral/core';
import { seedJson } from '../../../test/seed-json';
import { studyVariant, uploadDraft } from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';

let app: UploadTestApp;
beforeAll(async () => {
  app = await openUploadTestApp();
});
afterAll(() => closeUploadTestApp(app));

const get = (url: string) => app.ctx.app.inject({ method: 'GET', url });
const speciesUrl = (name: string) => `/api/public/species/${encodeURIComponent(name)}/`;

/** The seed's ED50 rows of one species, read from the seed file (not through the server). */
function seedSpecies(name: string) {
  const colonies = seedJson.colonies.filter((c) => c.species === name);
  const ids = new Set(colonies.map((c) => c.id));
  const ed50 = seedJson.thermal_tolerances
    .map((t) => t as { colony: number; condition: string; abs_thermal_tolerance: number })
    .filter((t) => ids.has(t.colony));
  return { colonies, ed50 };
}

describe('GET /api/public/species/{name}/', () => {
  it('answers a seed species: colonies, sites, conditions, sources; failed fits left out', async () => {
    const response = await get(speciesUrl('Porites cylindrica'));
    expect(response.statusCode).toBe(200);
    const species = response.json<TSpeciesDetail>();
    const seed = seedSpecies('Porites cylindrica');

    expect(species.name).toBe('Porites cylindrica');
    expect(species.colony_count).toBe(seed.colonies.length);
    // Two of its 40 ED50s are failed fits (outside 15–45 °C): counted, not plotted.
    const failed = seed.ed50.filter((t) => t.abs_thermal_tolerance > 45);
    expect(failed.length).toBeGreaterThan(0);
    expect(species.hidden_entry_count).toBe(failed.length);
    expect(species.ed50_entry_count).toBe(seed.ed50.length - failed.length);
    expect(species.overall.absolute!.values).toEqual(
      seed.ed50
        .map((t) => t.abs_thermal_tolerance)
        .filter((v) => v <= 45)
        .sort((a, b) => a - b),
    );

    const sites = new Set(seed.colonies.map((c) => `${c.latitude},${c.longitude}`));
    expect(species.by_site).toHaveLength(sites.size);
    expect(species.by_site.reduce((sum, s) => sum + s.colony_count, 0)).toBe(seed.colonies.length);
    expect(species.by_condition.map((c) => c.label)).toEqual(['Summer', 'Winter']);

    expect(species.projects).toEqual([
      {
        id: 61,
        name: '2022_FJI_Viti_Levu_ElisaJahreis',
        colony_count: seed.colonies.length,
        sites: expect.any(Array) as string[],
      },
    ]);
    expect(species.projects[0]!.sites.length).toBeGreaterThan(0);
    expect(species.datasets).toEqual([
      expect.objectContaining({ title: '2022_FJI_Viti_Levu_ElisaJahreis', version: 1 }),
    ]);
  });

  it('leaves entries without an MMM out of the relative distribution only', async () => {
    const species = (await get(speciesUrl('Acropora hyacinthus'))).json<TSpeciesDetail>();
    const { absolute, relative } = species.overall;
    expect(relative!.n).toBeLessThan(absolute!.n);
    // relative = ED50 − MMM: the seed's relative ED50s of this species sit well below its absolute ones.
    expect(relative!.median).toBeLessThan(absolute!.median - 20);
  });

  it('answers 404 with a message for a species nobody measured', async () => {
    const response = await get(speciesUrl('Acropora imaginaria'));
    expect(response.statusCode).toBe(404);
    expect(response.json<TErrorResponse>()).toMatchObject({
      code: 'NOT_FOUND',
      error: 'Species "Acropora imaginaria" not found: no public colony is of this species',
    });
  });

  it('answers 404 for a species whose only colonies are in a draft, and leaves it out of the list', async () => {
    await uploadDraft(app.ctx, app.ann, studyVariant('Drafted'));
    const response = await get(speciesUrl('Draftedia secreta'));
    expect(response.statusCode).toBe(404);
    const list = (await get('/api/public/species/')).json<TSpeciesSummary[]>();
    expect(list.map((s) => s.name)).not.toContain('Draftedia secreta');
  });
});

describe('GET /api/public/species/', () => {
  it('lists each seed species with its colony count, by name', async () => {
    const list = (await get('/api/public/species/')).json<TSpeciesSummary[]>();
    const counts = new Map<string, number>();
    for (const c of seedJson.colonies) counts.set(c.species, (counts.get(c.species) ?? 0) + 1);
    expect(list).toEqual(
      [...counts]
        .map(([name, colony_count]) => ({ name, colony_count }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
  });
});
