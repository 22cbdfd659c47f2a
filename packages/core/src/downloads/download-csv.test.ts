import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { UTF8_BOM } from '../csv/csv-writer';
import { THRESHOLD_KINDS } from '../thresholds/threshold-kinds';
import { thresholdRows } from '../thresholds/threshold-rows';
import {
  ALL_COLONIES,
  BARE_COLONY,
  EDGE_COLONY,
  mixedContext,
  SEED_COLONIES,
} from '../../test/download-test-data';
import { RECORDED_SYNONYM } from '../../test/worms-answers';
import { datasetLookup } from './download-datasets';
import { DOWNLOAD_CSV_COLUMNS, downloadCsvPreamble, downloadCsvRows } from './download-csv';

const lookup = datasetLookup(mixedContext());

function writeAll() {
  return downloadCsvPreamble() + ALL_COLONIES.map((c) => downloadCsvRows(c, lookup)).join('');
}

function parse(text: string) {
  expect(text.startsWith(UTF8_BOM)).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed;
}

describe('CSV download', () => {
  it('has the columns of the brief, one set of four per threshold kind', () => {
    const headers = DOWNLOAD_CSV_COLUMNS.map((c) => c.header);
    expect(headers.slice(0, 15)).toEqual([
      'dataset_id',
      'dataset_version',
      'citation_key',
      'licence',
      'colony_id',
      'colony_name',
      'species',
      'country',
      'latitude',
      'longitude',
      'collection_dates',
      'project_names',
      'condition',
      'timepoint',
      'sst_clim_mmm',
    ]);
    expect(headers.slice(15, -2)).toEqual(
      THRESHOLD_KINDS.flatMap((kind) => [
        `${kind}_abs`,
        `${kind}_rel`,
        `${kind}_flags`,
        `${kind}_method`,
      ]),
    );
    // The name as written follows the brief's columns (decision 0063).
    expect(headers.slice(-2)).toEqual(['source_dois', 'verbatim_species']);
    expect(new Set(headers).size).toBe(headers.length);
  });

  it('re-parses (papaparse) to exactly the seed values written, one row per colony × condition × timepoint', () => {
    const { data, meta } = parse(writeAll());
    expect(meta.fields).toEqual(DOWNLOAD_CSV_COLUMNS.map((c) => c.header));
    const expectedRows = ALL_COLONIES.reduce((n, c) => n + thresholdRows(c.thresholds).length, 0);
    expect(data).toHaveLength(expectedRows);
    expect(SEED_COLONIES.length).toBeGreaterThan(100);

    // Every seed value comes back as written (numbers unchanged, nothing dropped).
    let index = 0;
    for (const colony of SEED_COLONIES) {
      for (const row of thresholdRows(colony.thresholds)) {
        const parsed = data[index++]!;
        expect(parsed.colony_id).toBe(String(colony.id));
        expect(parsed.colony_name).toBe(colony.name);
        expect(parsed.latitude).toBe(String(colony.latitude));
        expect(parsed.licence).toBe('not stated');
        expect(parsed.citation_key).toBe('coral-dataset-1-v1');
        expect(parsed.condition).toBe(row.condition ?? '');
        for (const kind of THRESHOLD_KINDS) {
          const entry = row.entries[kind];
          expect(parsed[`${kind}_abs`]).toBe(entry?.abs == null ? '' : String(entry.abs));
          expect(parsed[`${kind}_rel`]).toBe(entry?.rel == null ? '' : String(entry.rel));
          expect(parsed[`${kind}_flags`]).toBe(entry?.qualityFlags.join('; ') ?? '');
        }
      }
    }
  });

  it('writes a real seed colony as the seed has it (Vatu-o-lalai, Fiji, Winter 420)', () => {
    const colony = SEED_COLONIES.find((c) => c.id === 658)!;
    const rows = parse(downloadCsvPreamble() + downloadCsvRows(colony, lookup)).data;
    const row = rows.find((r) => r.condition === 'Winter' && r.timepoint === '420');
    expect(row).toMatchObject({
      colony_name: 'Vatu-o-lalai_Porites_cylindrica_1',
      species: 'Porites cylindrica',
      country: 'FJI',
      latitude: '-18.20583554',
      longitude: '177.6889888',
      collection_dates: '2022-09-20; 2022-11-29',
      project_names: '2022_FJI_Viti_Levu_ElisaJahreis',
      condition: 'Winter',
      timepoint: '420',
      sst_clim_mmm: '28.45',
      ed50_abs: '37.57',
      ed50_rel: '9.12',
      ed5_abs: '35.83',
      ed95_abs: '39.38',
      ed50_flags: '',
    });
  });

  it('gives a synonym under its accepted name, the name as written in verbatim_species (decision 0063)', () => {
    const colony = SEED_COLONIES.find((c) => c.id === 658)!;
    const synonym = { ...colony, species: 'Coryphaena immaculata', taxon: RECORDED_SYNONYM };
    const rows = parse(downloadCsvPreamble() + downloadCsvRows(synonym, lookup)).data;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({
        species: 'Coryphaena hippurus',
        verbatim_species: 'Coryphaena immaculata',
      });
    }
    // Not yet checked: both columns give the name as written.
    const [unchecked] = parse(downloadCsvPreamble() + downloadCsvRows(colony, lookup)).data;
    expect(unchecked).toMatchObject({
      species: 'Porites cylindrica',
      verbatim_species: 'Porites cylindrica',
    });
  });

  it('neutralises formula-looking text and keeps tabs, quotes and line breaks inside their cell', () => {
    const { data } = parse(downloadCsvPreamble() + downloadCsvRows(EDGE_COLONY, lookup));
    expect(data).toHaveLength(2);
    expect(data[0]!.colony_name).toBe(`'${EDGE_COLONY.name}`);
    expect(data[0]!.species).toBe("'+Acropora hemprichii");
    expect(data[0]!.condition).toBe("'-Control");
    expect(data[0]!.project_names).toBe("'-Red Sea; @CBASS");
    // Numbers are never altered; flags of a kind cover abs and rel.
    expect(data.map((r) => r.ed50_abs)).toEqual(['50.2', '36.1']);
    expect(data.map((r) => r.ed50_flags)).toEqual([
      'implausible_absolute; missing_mmm',
      'missing_mmm',
    ]);
    expect(data.map((r) => r.ed5_abs)).toEqual(['34', '']);
    expect(data[0]!.sst_clim_mmm).toBe('');
    expect(data[0]!.licence).toBe('CC-BY-4.0');
    expect(data[0]!.source_dois).toBe('10.1111/gcb.15148');
  });

  it('gives a colony without thresholds one row', () => {
    const { data } = parse(downloadCsvPreamble() + downloadCsvRows(BARE_COLONY, lookup));
    expect(data).toHaveLength(1);
    expect(data[0]!.colony_name).toBe('Bare colony');
    expect(data[0]!.ed50_abs).toBe('');
  });

  it('refuses a colony whose dataset version the context does not list', () => {
    const only = datasetLookup({ datasets: [] });
    expect(() => downloadCsvRows(BARE_COLONY, only)).toThrow(
      'Colony 9002 belongs to dataset version "coral-dataset-12-v2", which the download context does not list',
    );
  });
});
