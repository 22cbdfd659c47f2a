import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { DOWNLOAD_FORMATS, downloadFolders, downloadUrl } from '@coral/core';
import type {
  TColony,
  TColonyChoices,
  TColonyIds,
  TColonyPage,
  TDatasetDetail,
  TSpeciesDetail,
  TSpeciesSummary,
  TTaxonList,
  TUploadDetail,
} from '@coral/core';
import { publishDataset, studyVariant, uploadDraft } from '../../../test/dataset-helpers';
import {
  closeUploadTestApp,
  openUploadTestApp,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { RECORDED_NAMES, startWormsReplay, type WormsReplay } from '../../../test/worms-replay';
import { matchUncheckedTaxa } from './taxa.service';
import { createWormsClient } from './worms-client';

/**
 * What a name gets, end to end, with WoRMS' recorded answers (fixtures/worms/SOURCE.md): a
 * misspelt species in an upload is flagged with WoRMS' suggestion in the upload report and on
 * the dataset page once the worker has matched it; a synonym is listed under its accepted name
 * and the Darwin Core download links it to the accepted LSID, keeping the name as written.
 */
let app: UploadTestApp;
let replay: WormsReplay;

beforeAll(async () => {
  app = await openUploadTestApp();
  replay = await startWormsReplay();
});
afterAll(async () => {
  await replay.close();
  await closeUploadTestApp(app);
});

/** cbass_84.csv as another study, every colony of the species `species`. */
function studyOf(label: string, species: string) {
  const file = studyVariant(label);
  return { ...file, content: file.content.replaceAll(`${label}ia secreta`, species) };
}

const match = () =>
  matchUncheckedTaxa(app.ctx.database.db, createWormsClient({ baseUrl: replay.url }));

describe('what a name gets', () => {
  it('a misspelt species: the upload is never held up, then flagged with WoRMS’ suggestion', async () => {
    const { uploadId, datasetId } = await uploadDraft(
      app.ctx,
      app.ann,
      studyOf('Misspelt', RECORDED_NAMES.near),
    );
    const report = async () =>
      (await app.ann.request({ url: `/api/auth/uploads/${uploadId}/` })).json<TUploadDetail>();
    const page = async () =>
      (await app.ann.request({ url: `/api/auth/datasets/${datasetId}/` })).json<TDatasetDetail>();

    // Imported at once; the name waits as "not yet checked", with no flag yet.
    const before = await report();
    expect(before.status).toBe('done');
    expect(before.quality_flags.map((flag) => flag.code)).not.toContain('species_near_match');
    expect((await page()).taxa).toMatchObject([
      { name: RECORDED_NAMES.near, status: 'unchecked', flag: null, colonies: 28 },
    ]);

    await match();
    const after = await report();
    const flag = after.quality_flags.find((f) => f.code === 'species_near_match')!;
    expect(flag).toMatchObject({ species: 'Gadus morha', colony: null });
    expect(flag.message).toBe(
      'Species “Gadus morha” is not in WoRMS as written; WoRMS suggests “Gadus morhua” (near_1 match). The name is kept as written: check the spelling. (28 colonies)',
    );
    expect(after.counts.flag_counts?.species_near_match).toBe(1);
    expect(after.counts.flags).toBe((before.counts.flags ?? 0) + 1);
    const [taxon] = (await page()).taxa;
    expect(taxon).toMatchObject({
      name: 'Gadus morha',
      status: 'near',
      display_name: 'Gadus morha',
      scientific_name_id: null,
    });
    expect(taxon!.flag?.message).toContain('WoRMS suggests “Gadus morhua”');
  });

  it('a synonym: listed under its accepted name, downloads link the accepted LSID and keep the name as written', async () => {
    const { datasetId } = await uploadDraft(
      app.ctx,
      app.ann,
      studyOf('Synonym', RECORDED_NAMES.synonym),
    );
    const ann = await app.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'ann')
      .executeTakeFirstOrThrow();
    await publishDataset(app.ctx.database.db, datasetId, ann.id);
    const get = async <T>(url: string) => {
      const response = await app.ctx.app.inject({ url });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      return response.json<T>();
    };
    // Each colony's shown species and, where it differs, the name as written (decision 0063).
    const feedSpecies = async () => {
      const colonies = await get<TColony[]>('/api/public/colonies/');
      return new Set(
        colonies
          .filter((c) => c.name.startsWith('Synonym'))
          .map((c) => (c.verbatim_species ? `${c.species} (${c.verbatim_species})` : c.species)),
      );
    };
    const accepted = 'Coryphaena hippurus';
    // Published before WoRMS answered: shown as written.
    expect(await feedSpecies()).toEqual(new Set([RECORDED_NAMES.synonym]));
    await match();

    // WoRMS' answer republishes the read models (decision 0060): the feed, hence the map's
    // popups and filters, the filter choices, the server's filter and the species pages show
    // and find the colonies under the accepted name; the name as written is kept in the data.
    expect(await feedSpecies()).toEqual(new Set([`${accepted} (${RECORDED_NAMES.synonym})`]));
    const choices = await get<TColonyChoices>('/api/public/colonies/choices/');
    expect(choices.species).toContain(accepted);
    expect(choices.species).not.toContain(RECORDED_NAMES.synonym);
    const query = `species=${encodeURIComponent(accepted)}`;
    expect((await get<TColonyIds>(`/api/public/colonies/ids/?${query}`)).ids).toHaveLength(28);
    expect(await get<TColony[]>(`/api/public/colonies/?${query}`)).toHaveLength(28);
    const written = `species=${encodeURIComponent(RECORDED_NAMES.synonym)}`;
    expect(await get<TColony[]>(`/api/public/colonies/?${written}`)).toHaveLength(0);
    const [oneColony] = await get<TColony[]>(`/api/public/colonies/?${query}`);
    expect(await get<TColonyPage>(`/api/public/colonies/${oneColony!.id}/`)).toMatchObject({
      species: accepted,
      verbatim_species: RECORDED_NAMES.synonym,
    });
    const species = await get<TSpeciesSummary[]>('/api/public/species/');
    expect(species.find((s) => s.name === accepted)).toEqual({ name: accepted, colony_count: 28 });
    expect(species.map((s) => s.name)).not.toContain(RECORDED_NAMES.synonym);
    const page = await get<TSpeciesDetail>(`/api/public/species/${encodeURIComponent(accepted)}/`);
    expect(page.colony_count).toBe(28);
    const stored = await app.ctx.database.db
      .selectFrom('colonies')
      .select('species')
      .distinct()
      .where('name', 'like', 'Synonym%')
      .execute();
    expect(stored).toEqual([{ species: RECORDED_NAMES.synonym }]);

    const taxa = (await app.ctx.app.inject({ url: '/api/public/taxa/' })).json<TTaxonList>().taxa;
    expect(taxa.find((t) => t.name === RECORDED_NAMES.synonym)).toMatchObject({
      status: 'synonym',
      display_name: 'Coryphaena hippurus',
      accepted_aphia_id: 126846,
      scientific_name_id: 'urn:lsid:marinespecies.org:taxname:126846',
      flag: null,
      colonies: 28,
    });

    const response = await app.ctx.app.inject({
      url: `/api/public/datasets/${datasetId}/versions/1/downloads/dwca.zip`,
    });
    expect(response.statusCode).toBe(200);
    const occurrences = strFromU8(
      unzipSync(new Uint8Array(response.rawPayload))['occurrence.txt']!,
    ).split('\n');
    const header: string[] = occurrences[0]!.split('\t');
    const first = Object.fromEntries(
      occurrences[1]!.split('\t').map((v, i): [string, string] => [header[i]!, v]),
    );
    expect(first).toMatchObject({
      scientificName: 'Coryphaena hippurus',
      scientificNameID: 'urn:lsid:marinespecies.org:taxname:126846',
      verbatimIdentification: 'Coryphaena immaculata',
      taxonRank: 'species',
      kingdom: 'Animalia',
      family: 'Coryphaenidae',
      genus: 'Coryphaena',
    });

    // The CSV and GeoJSON downloads too (decision 0063): species is the accepted name, the name
    // as written is verbatim_species; a map view filtered by the accepted name finds them.
    const csv = await app.ctx.app.inject({
      url: `/api/public/datasets/${datasetId}/versions/1/downloads/${DOWNLOAD_FORMATS.csv.file}`,
    });
    expect(csv.statusCode).toBe(200);
    const rows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => `${r.species} / ${r.verbatim_species}`))).toEqual(
      new Set([`${accepted} / ${RECORDED_NAMES.synonym}`]),
    );
    const geojson = await app.ctx.app.inject({
      url: downloadUrl(downloadFolders.map(), DOWNLOAD_FORMATS.geojson.file, query),
    });
    expect(geojson.statusCode).toBe(200);
    const features = (
      JSON.parse(geojson.body) as { features: { properties: Record<string, unknown> }[] }
    ).features;
    expect(features).toHaveLength(28);
    for (const { properties } of features) {
      expect(properties).toMatchObject({
        species: accepted,
        verbatim_species: RECORDED_NAMES.synonym,
      });
    }
  });
});
