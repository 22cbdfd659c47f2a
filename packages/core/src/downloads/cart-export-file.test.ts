import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  EDGE_COLONY,
  LICENSED_DATASET,
  mixedContext,
  SEED_COLONIES,
  SEED_DATASET,
} from '../../test/download-test-data';
import { CART_EXPORT_COLUMNS } from '../csv/cart-export';
import { ED_ENGINE_VERSION } from '../thresholds/ed-provenance';
import {
  CART_EXPORT_FILE_COLUMNS,
  cartExportCitationsText,
  cartExportFileRows,
  cartExportPreamble,
  formatCartExportRow,
} from './cart-export-file';
import { DOWNLOAD_CSV_COLUMNS } from './download-csv';
import { datasetLookup } from './download-datasets';

const lookup = datasetLookup(mixedContext());
const REFIT_LINE = `Refit by the platform: LL.3 joint fit, coral-platform ED engine ${ED_ENGINE_VERSION} (drc 3.0-1 compatible)`;

function parse(text: string) {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('the cart export file', () => {
  it("keeps the spec's columns first and in order, then the provenance", () => {
    const headers = CART_EXPORT_FILE_COLUMNS.map((c) => c.header);
    expect(headers.slice(0, CART_EXPORT_COLUMNS.length)).toEqual(
      CART_EXPORT_COLUMNS.map((c) => c.header),
    );
    expect(headers.slice(CART_EXPORT_COLUMNS.length)).toEqual([
      'dataset_id',
      'dataset_version',
      'licence',
      'citation_key',
      'ed50_method',
      'ed5_method',
      'ed95_method',
    ]);
  });

  it('describes the provenance columns as the open download CSV does', () => {
    for (const column of CART_EXPORT_FILE_COLUMNS.slice(CART_EXPORT_COLUMNS.length)) {
      const open = DOWNLOAD_CSV_COLUMNS.find((c) => c.header === column.header);
      expect(open?.description).toBe(column.description);
    }
  });

  it('writes on every row the dataset version, licence, citation key and each method', () => {
    const seedColony = SEED_COLONIES.find((c) => c.thresholds.ed50.length > 0)!;
    const text =
      cartExportPreamble() +
      [
        ...cartExportFileRows('g', EDGE_COLONY, lookup),
        ...cartExportFileRows('g', seedColony, lookup),
      ]
        .map(formatCartExportRow)
        .join('');
    const rows = parse(text);
    const edge = rows.filter((r) => r.colony_id === String(EDGE_COLONY.id));
    expect(edge.map((r) => r.ed50_method)).toEqual(['As submitted', REFIT_LINE]);
    expect(edge.map((r) => r.ed5_method)).toEqual(['As submitted', '']);
    expect(edge[0]).toMatchObject({
      dataset_id: String(EDGE_COLONY.datasetId),
      dataset_version: String(EDGE_COLONY.datasetVersion),
      licence: LICENSED_DATASET.facts.licence,
      citation_key: LICENSED_DATASET.citationKey,
    });
    const seed = rows.find((r) => r.colony_id === String(seedColony.id))!;
    expect(seed).toMatchObject({
      licence: 'not stated',
      citation_key: SEED_DATASET.citationKey,
      ed50_method: 'As submitted',
    });
  });

  it('cites every dataset version by its key and states the licences', () => {
    const text = cartExportCitationsText([SEED_DATASET, LICENSED_DATASET], {
      platform: 'Coral platform',
      createdAt: '2026-11-29T08:00:00.000Z',
    });
    expect(text).toContain(`[${SEED_DATASET.citationKey}] ${SEED_DATASET.citation}`);
    expect(text).toContain(`[${LICENSED_DATASET.citationKey}] ${LICENSED_DATASET.citation}`);
    expect(text).toContain('come under several licences');
    expect(text).toContain(`Dataset versions: ${SEED_DATASET.citationKey}`);
  });

  it('says plainly when the export holds no data', () => {
    const text = cartExportCitationsText([], { platform: 'P', createdAt: '2026-11-29' });
    expect(text).toContain('no dataset version is to be cited');
  });
});
