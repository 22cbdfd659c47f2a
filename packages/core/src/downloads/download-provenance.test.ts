import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { EDGE_COLONY, mixedContext } from '../../test/download-test-data';
import { ED_ENGINE_VERSION } from '../thresholds/ed-provenance';
import { datasetLookup } from './download-datasets';
import { downloadCsvPreamble, downloadCsvRows } from './download-csv';
import { colonyFeature } from './download-geojson';
import { dwcaMeasurementRowsOf } from './dwca/measurement-file';

/**
 * Fit-level provenance travels with every ED value (decision 0032). EDGE_COLONY's first ED50 is
 * as submitted, its second was reproduced by the platform's refit.
 */
const REFIT_LINE = `Refit by the platform: LL.3 joint fit, coral-platform ED engine ${ED_ENGINE_VERSION} (drc 3.0-1 compatible)`;
const context = mixedContext();
const lookup = datasetLookup(context);

describe('ED provenance in downloads', () => {
  it('CSV: a <kind>_method column per kind, empty where the row has no value of the kind', () => {
    const text = downloadCsvPreamble() + downloadCsvRows(EDGE_COLONY, lookup);
    const { data } = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(data.map((r) => r.ed50_method)).toEqual(['As submitted', REFIT_LINE]);
    expect(data.map((r) => r.ed5_method)).toEqual(['As submitted', '']);
  });

  it('GeoJSON: each threshold item has its method', () => {
    const feature = colonyFeature(EDGE_COLONY, lookup);
    expect((feature.properties.ed50 as { method: string }[]).map((t) => t.method)).toEqual([
      'As submitted',
      REFIT_LINE,
    ]);
  });

  it('Darwin Core: measurementMethod names the refit or says the model is not recorded', () => {
    // The first ED50 (50.2 °C, a failed fit) is left out of the archive: the ED5 is as submitted.
    const rows = dwcaMeasurementRowsOf(EDGE_COLONY, context, lookup).filter((r) =>
      /^ED5 |^ED50 /.test(r.term.label),
    );
    expect(rows.map((r) => r.method)).toEqual([
      `Dose-response fit of Fv/Fm over assay temperature, as submitted by the data provider (model and software not recorded); exported by ${context.platform} ${context.softwareVersion}`,
      `Dose-response fit of Fv/Fm over assay temperature. ${REFIT_LINE}; exported by ${context.platform} ${context.softwareVersion}`,
    ]);
  });
});
