import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  CART_EXPORT_COLUMNS,
  cartExportRows,
  type CartExportColony,
  type CartExportRow,
  type CartExportThreshold,
} from './cart-export';
import { formatCsvRow, UTF8_BOM } from './csv-writer';
import { perThresholdKind } from '../thresholds/threshold-kinds';

const entry = (
  condition: string | null,
  timepoint: string | null,
  abs: number | null,
  rel: number | null = null,
  qualityFlags: string[] = [],
): CartExportThreshold => ({ condition, timepoint, abs, rel, mmm: 28.45, qualityFlags });

const colony = (thresholds: Partial<CartExportColony['thresholds']> = {}): CartExportColony => ({
  id: 658,
  name: 'Vatu-o-lalai_Porites_cylindrica_1',
  species: 'Porites cylindrica',
  country: 'FJI',
  latitude: -18.20583554,
  longitude: 177.6889888,
  projectNames: ['2022_FJI_Viti_Levu_ElisaJahreis', 'Other'],
  publicationDois: ['10.1/a', '10.1/b'],
  thresholds: { ...perThresholdKind(() => []), ...thresholds },
});

// The spec's columns alone (the file appends provenance: downloads/cart-export-file.test.ts).
const cartExportPreamble = () =>
  UTF8_BOM + formatCsvRow(CART_EXPORT_COLUMNS.map((column) => column.header));
const formatCartExportRow = (row: CartExportRow) =>
  formatCsvRow(CART_EXPORT_COLUMNS.map((column) => column.cell(row)));

function parse(text: string) {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('cartExportRows', () => {
  it('puts ED50, ED5 and ED95 of one condition × timepoint side by side', () => {
    const rows = cartExportRows(
      'My group',
      colony({
        ed50: [entry('Winter', '420', 37.57, 9.12), entry('Summer', '420', 38.1, 9.65)],
        ed5: [entry('Winter', '420', 35.83, 7.38)],
        ed95: [entry('Winter', '420', 39.38, 10.93, ['inconsistent_order'])],
      }),
    );
    expect(rows.map((r) => [r.condition, r.timepoint])).toEqual([
      ['Summer', '420'],
      ['Winter', '420'],
    ]);
    const csv = cartExportPreamble() + rows.map(formatCartExportRow).join('');
    const [summer, winter] = parse(csv);
    expect(winter).toMatchObject({
      group_name: 'My group',
      project_names: '2022_FJI_Viti_Levu_ElisaJahreis; Other',
      colony_id: '658',
      latitude: '-18.20583554',
      condition: 'Winter',
      timepoint: '420',
      sst_clim_mmm: '28.45',
      ed50_abs: '37.57',
      ed50_rel: '9.12',
      ed5_abs: '35.83',
      ed5_rel: '7.38',
      ed95_abs: '39.38',
      ed95_rel: '10.93',
      quality_flags: 'ED95:inconsistent_order',
      publication_dois: '10.1/a; 10.1/b',
    });
    expect(summer).toMatchObject({ ed50_abs: '38.1', ed5_abs: '', ed95_abs: '' });
  });

  it('keeps duplicate entries as extra rows and sorts timepoints numerically', () => {
    const rows = cartExportRows(
      'g',
      colony({
        ed50: [entry('A', '10', 1), entry('A', '9', 2), entry('A', '10', 3), entry(null, null, 4)],
      }),
    );
    expect(rows.map((r) => [r.condition, r.timepoint, r.entries.ed50?.abs])).toEqual([
      ['A', '9', 2],
      ['A', '10', 1],
      ['A', '10', 3],
      [null, null, 4],
    ]);
  });

  it('gives a colony without thresholds one row', () => {
    const rows = cartExportRows('g', colony());
    expect(rows).toHaveLength(1);
    expect(parse(cartExportPreamble() + formatCartExportRow(rows[0]!))[0]).toMatchObject({
      colony_id: '658',
      condition: '',
      ed50_abs: '',
    });
  });
});

describe('cartExportPreamble', () => {
  it('starts with a UTF-8 BOM and the header row', () => {
    const preamble = cartExportPreamble();
    expect(preamble.charCodeAt(0)).toBe(0xfeff);
    expect(preamble.slice(1)).toBe(CART_EXPORT_COLUMNS.map((c) => c.header).join(',') + '\r\n');
    expect(CART_EXPORT_COLUMNS.map((c) => c.header)).toEqual([
      'group_name',
      'project_names',
      'colony_id',
      'colony_name',
      'species',
      'country',
      'latitude',
      'longitude',
      'condition',
      'timepoint',
      'sst_clim_mmm',
      'ed50_abs',
      'ed50_rel',
      'ed5_abs',
      'ed5_rel',
      'ed95_abs',
      'ed95_rel',
      'quality_flags',
      'publication_dois',
    ]);
  });

  it('neutralises a formula in a group name but keeps negative numbers numeric', () => {
    const rows = cartExportRows(
      '=cmd|"/c calc"!A1',
      colony({ ed50: [entry('c', '1', 20, -8.45)] }),
    );
    const line = formatCartExportRow(rows[0]!);
    expect(line.startsWith(`"'=cmd|""/c calc""!A1",`)).toBe(true);
    expect(line).toContain(',-8.45,');
    expect(line).toContain(',-18.20583554,');
  });
});
