import { describe, expect, it } from 'vitest';
import { prepareUpload, type PrepareResult } from './prepare-upload';
import { datasheet, textFile, TODAY, vitiLevuEdResults } from '../../test/upload-test-files';

function planOf(result: PrepareResult) {
  if (!result.ok) throw new Error(`upload refused: ${JSON.stringify(result.errors.slice(0, 3))}`);
  return result.plan;
}

function counts(result: PrepareResult) {
  const plan = planOf(result);
  return {
    format: plan.format,
    rows: plan.rowCount,
    projects: plan.projects.length,
    publications: plan.publications.length,
    experiments: plan.experiments.length,
    colonies: plan.colonies.length,
    biosamples: plan.biosamples.length,
    placeholders: plan.biosamples.filter((b) => b.placeholder).length,
    observations: plan.observations.length,
    curves: plan.curves.length,
    ed5: plan.curves.filter((c) => c.ed5 !== null).length,
    ed95: plan.curves.filter((c) => c.ed95 !== null).length,
  };
}

const options = { today: TODAY };

/**
 * Every real datasheet, with counts checked against the files themselves (distinct values of
 * the identifying columns, counted independently with a spreadsheet/Python).
 */
describe('the real datasheets', () => {
  it('cbass_84.csv: 28 colonies at 4 temperatures, ED50 inline (Colony.ed50_value)', () => {
    const result = prepareUpload(datasheet('cbass_84.csv'), null, options);
    expect(counts(result)).toEqual({
      format: 'standard',
      rows: 112,
      projects: 1,
      publications: 1,
      experiments: 4, // AF, ExT, PrT on 3 dates + one more site on a shared date
      colonies: 28,
      biosamples: 112,
      placeholders: 0,
      observations: 112,
      curves: 28,
      ed5: 0,
      ed95: 0,
    });
    const plan = planOf(result);
    expect(plan.columnMapping.find((m) => m.column === 'Colony.ed50')).toMatchObject({
      found: 'Colony.ed50_value',
      how: 'synonym',
    });
    expect(plan.publications[0]).toMatchObject({
      year: 2021,
      // The sheet gives a link; the DOI is stored bare, and every file adds its resolver once.
      doi: '10.1111/mec.16064',
    });
    expect(new Set(plan.colonies.map((c) => c.country))).toEqual(new Set(['SAU', 'ISR']));
    expect(plan.flags).toEqual([]);
  });

  it('redsea_gradient_study.csv: ED50 only; every colony belongs to the project through a placeholder biosample', () => {
    const result = prepareUpload(datasheet('redsea_gradient_study.csv'), null, options);
    // 42 colony names, each used for up to 4 species: a colony is name + species (119 of them).
    expect(counts(result)).toEqual({
      format: 'standard',
      rows: 119,
      projects: 1,
      publications: 1,
      experiments: 7, // 6 sites; Obock on two dates
      colonies: 119,
      biosamples: 119,
      placeholders: 119,
      observations: 0,
      curves: 119,
      ed5: 0,
      ed95: 0,
    });
    const plan = planOf(result);
    const project = plan.projects[0]!.key;
    expect(
      plan.biosamples.every((b) => b.projectKey === project && b.collectionDate === null),
    ).toBe(true);
    expect(new Set(plan.biosamples.map((b) => b.colonyKey)).size).toBe(119);
    expect(
      plan.colonies.find((c) => c.name === 'Obock1' && c.species === 'Stylophora pistillata'),
    ).toMatchObject({
      country: 'DJI',
      latitude: 11.95862,
    });
  });

  it('2022_Fiji_Jareis.csv: other column order, DOI NA, two PAM NA stored as missing', () => {
    const result = prepareUpload(datasheet('2022_Fiji_Jareis.csv'), null, options);
    expect(counts(result)).toEqual({
      format: 'standard',
      rows: 560,
      projects: 1,
      publications: 1,
      experiments: 14,
      colonies: 70,
      biosamples: 560,
      placeholders: 0,
      observations: 560,
      curves: 140, // 70 colonies × Winter/Summer
      ed5: 0,
      ed95: 0,
    });
    const plan = planOf(result);
    expect(plan.publications[0]).toMatchObject({
      title: 'MSc thesis Elisa Jareis',
      doi: null,
      year: 2024,
    });
    expect(plan.observations.filter((o) => o.pamValue === null)).toHaveLength(2);
    expect(plan.warnings.map((w) => w.message)).toContainEqual(
      expect.stringContaining('2 rows have no PAM value'),
    );
    // Real quality problems of this sheet: a colony measured at only 2 temperatures.
    expect(plan.flags.map((f) => f.code)).toContain('fewer_than_4_temperatures');
  });

  it('cbass_dataset_raw.csv + its ED results: 30 colonies, 60 curves, ED5/ED50/ED95 from the file', () => {
    const result = prepareUpload(
      datasheet('cbass_dataset_raw.csv'),
      datasheet('cbass_dataset_ED50_Results.csv'),
      options,
    );
    expect(counts(result)).toEqual({
      format: 'raw',
      rows: 240,
      projects: 1,
      publications: 0,
      experiments: 5, // site × date
      colonies: 30, // site + species + genotype
      biosamples: 240,
      placeholders: 0,
      observations: 240,
      curves: 60,
      ed5: 60,
      ed95: 60,
    });
    const plan = planOf(result);
    const colony = plan.colonies.find((c) => c.name === 'Zugspitze_Acropora_germania_1')!;
    const curve = plan.curves.find((c) => c.colonyKey === colony.key && c.condition === 'Nursery')!;
    expect(curve).toMatchObject({ ed5: 36.91, ed50: 38.14, ed95: 39.42, source: { file: 'ed50' } });
    expect(curve.observationKeys).toHaveLength(4);
    // The refit with the platform's engine reproduces CBASSED50's published values.
    expect(plan.flags.filter((f) => f.code === 'refit_disagrees')).toEqual([]);
    // Two conditions assayed the same day: their nubbins get the condition in their names.
    expect(plan.biosamples.map((b) => b.name)).toContain(
      '20221115_DEU_Zugspitze_Porites_germania_6_Wild_29_420',
    );
  });

  it('2022_FJI_Viti_Levu_raw.csv (BOM, CRLF, trailing empty column) + ED values of seed project 61', () => {
    const result = prepareUpload(
      datasheet('2022_FJI_Viti_Levu_raw.csv'),
      textFile('ED50_Results.csv', vitiLevuEdResults()),
      options,
    );
    expect(counts(result)).toEqual({
      format: 'raw',
      rows: 556,
      projects: 1,
      publications: 0,
      experiments: 14,
      colonies: 70,
      biosamples: 556,
      placeholders: 0,
      observations: 556,
      curves: 139,
      ed5: 139,
      ed95: 139,
    });
    const plan = planOf(result);
    // Named exactly as the original platform named them (seed project 61).
    expect(plan.colonies.map((c) => c.name)).toContain('Vatu-o-lalai_Porites_cylindrica_1');
    expect(plan.biosamples.map((b) => b.name)).toContain(
      '20220920_FJ_Vatu-o-lalai_Porites_cylindrica_1_28_420',
    );
    expect(plan.colonies[0]!.country).toBe('FJI');
  });

  it('template_raw.csv (header only) is refused: no data rows', () => {
    const result = prepareUpload(datasheet('template_raw.csv'), null, options);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[0]!.problem).toBe('The main data file has a header but no data rows.');
    }
  });
});
