import { describe, expect, it } from 'vitest';
import { prepareUpload } from '@coral/core';
import edResultsDownload from '../../../../../../fixtures/datasheets/cbass_dataset_ED50_Results.csv?raw';
import tutorialSummary from '../../../../../../fixtures/ed50-reference/tutorial_summaryEDs_df.csv?raw';
import example from '../examples/cbass_dataset_raw.csv?raw';
import { decodeText } from './decode-text';
import { checkFile, computeFile, handleRequest } from './engine';
import { DEFAULT_METHOD, type ComputeMethod, type EngineResponse } from './protocol';

const HEADER =
  'Project,Date,Country,Latitude,Longitude,Site,Condition,Species,Genotype,Temperature,Timepoint,Pam_value';
const csvFile = (text: string, name = 'data.csv') => new File([text], name, { type: 'text/csv' });

/** A small raw file: colony A declines normally, colony B barely drops (ED50 far above 39 °C). */
function smallFile(header = HEADER): string {
  const pam: Record<string, number[]> = {
    A: [0.62, 0.6, 0.3, 0.05],
    B: [0.62, 0.61, 0.6, 0.55],
    C: [0.6, 0.58, 0.25, 0.04],
  };
  const lines = [header];
  [30, 33, 36, 39].forEach((temperature, i) => {
    for (const [genotype, values] of Object.entries(pam)) {
      lines.push(
        `P1,20240101,FJI,-18.2,177.6,Reef,Control,Acropora,${genotype},${temperature},1,${values[i]}`,
      );
    }
  });
  return `${lines.join('\n')}\n`;
}

describe('checkFile (what the page shows before computing)', () => {
  it('reads the example: counts, all 12 columns found, preview, default grouping', async () => {
    const check = await checkFile(csvFile(example), 'cbass_dataset_raw.csv');
    expect(check).toMatchObject({
      fileName: 'cbass_dataset_raw.csv',
      encoding: 'utf-8',
      dataRowCount: 240,
      validRowCount: 240,
      droppedRowCount: 0,
      canCompute: true,
      errorCount: 0,
      defaultGrouping: ['Site', 'Condition', 'Species', 'Timepoint'],
      temperatures: [29, 35, 37, 38, 41],
      extraColumns: [],
    });
    expect(check.columns.every((column) => column.status === 'found')).toBe(true);
    expect(check.columns.map((column) => column.column)).toHaveLength(12);
    expect(check.preview).toHaveLength(10);
    expect(check.preview[0]).toEqual({
      row: 2,
      cells: example.split(/\r?\n/)[1]!.split(','),
    });
    expect(check.groupingOptions.slice(0, 4)).toEqual(check.defaultGrouping);
    expect(check.groupingOptions).not.toContain('Genotype');
    expect(check.groupingOptions).not.toContain('Pam_value');
  });

  it('names a wrongly-cased column as the engine reports it, and still computes', async () => {
    const check = await checkFile(
      csvFile(smallFile(HEADER.replace('Pam_value', 'PAM_value'))),
      'x.csv',
    );
    expect(check.columns.find((column) => column.column === 'Pam_value')).toEqual({
      column: 'Pam_value',
      usedByCalculation: true,
      status: 'renamed',
      found: 'PAM_value',
      message: 'missing column Pam_value (found PAM_value); PAM_value is used as Pam_value.',
    });
    expect(check.canCompute).toBe(true);
  });

  it('a missing column the fit needs stops the file; one it does not need is a warning', async () => {
    const noTemperature = smallFile()
      .split('\n')
      .map((line) =>
        line
          .split(',')
          .filter((_, i) => i !== 9)
          .join(','),
      )
      .join('\n');
    const check = await checkFile(csvFile(noTemperature), 'x.csv');
    expect(check.canCompute).toBe(false);
    expect(check.columns.find((c) => c.column === 'Temperature')).toMatchObject({
      status: 'missing',
      message: 'missing column Temperature',
    });
    const noCountry = smallFile()
      .split('\n')
      .map((line) =>
        line
          .split(',')
          .filter((_, i) => i !== 2)
          .join(','),
      )
      .join('\n');
    const lenient = await checkFile(csvFile(noCountry), 'x.csv');
    expect(lenient.canCompute).toBe(true);
    expect(lenient.columns.find((c) => c.column === 'Country')).toMatchObject({
      status: 'missing',
      usedByCalculation: false,
    });
  });

  it('reads a file Excel saved as Windows-1252, and says so', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(`${HEADER}\n`),
      0x52,
      0xe9,
      0x65,
      0x66,
    ]);
    expect(decodeText(bytes)).toEqual({ text: `${HEADER}\nRéef`, encoding: 'windows-1252' });
    const check = await checkFile(new Blob([bytes]), 'excel.csv');
    expect(check.encoding).toBe('windows-1252');
    expect(check.notices[0]).toMatch(/not UTF-8/);
  });

  it('reads UTF-16 with its byte-order mark', () => {
    const text = 'a,b\n1,2\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    [...text].forEach((char, i) => (bytes[2 + 2 * i] = char.charCodeAt(0)));
    expect(decodeText(bytes)).toEqual({ text, encoding: 'utf-16le' });
  });
});

describe('computeFile (the worker computation)', () => {
  it('writes the CBASSED50 download and summary of the example byte for byte', async () => {
    const progress: [number, number][] = [];
    const result = await computeFile(
      csvFile(example),
      ['Site', 'Condition', 'Species', 'Timepoint'],
      (done, total) => progress.push([done, total]),
    );
    expect(result.resultsCsv).toBe(edResultsDownload);
    expect(result.summaryCsv).toBe(tutorialSummary);
    expect(result.computation.colonies).toHaveLength(60);
    expect(progress.at(-1)).toEqual([60, 60]);
    // Raw points per group, for the plots: 6 groups × 40 measurements.
    expect(result.points.map((points) => points.temperature.length)).toEqual([
      40, 40, 40, 40, 40, 40,
    ]);
    expect(result.computation.groups.every((group) => group.curve !== null)).toBe(true);
    // Each colony's own curve from the joint fit, on the pooled curves' grid: 6 groups × 10.
    expect(result.colonyCurves.temperature).toEqual(
      result.computation.groups[0]!.curve!.temperature,
    );
    expect(result.colonyCurves.values.map((group) => group.length)).toEqual([
      10, 10, 10, 10, 10, 10,
    ]);
    const first = result.computation.groups[0]!.colonies[0]!;
    const atEd50 = result.colonyCurves.values[0]![0]!.findIndex(
      (_, i, values) => i > 0 && values[i]! < first.max! / 2,
    );
    expect(result.colonyCurves.temperature[atEd50 - 1]).toBeLessThanOrEqual(first.ed50.raw!);
    expect(result.colonyCurves.temperature[atEd50]).toBeGreaterThanOrEqual(first.ed50.raw!);
    // The summary table's order is CBASSED50's (sorted by the grouping columns).
    const sites = result.summaryOrder.map((i) => result.computation.groups[i]!.groupValues.Site);
    expect(sites).toEqual([
      'Feldberg',
      'Feldberg',
      'Zugspitze',
      'Zugspitze',
      'Zugspitze',
      'Zugspitze',
    ]);
  });

  it('writes NA for a value that is not estimable, and the upload page reads it as no value', async () => {
    const main = smallFile();
    const result = await computeFile(
      csvFile(main),
      ['Site', 'Condition', 'Species', 'Timepoint'],
      () => {},
    );
    const b = result.computation.colonies.find((colony) => colony.genotype === 'B')!;
    expect(b.ed50.value).toBeNull();
    expect(b.ed50.raw).toBeGreaterThan(39);
    const line = result.resultsCsv.split('\n').find((l) => l.includes('_B"'))!;
    expect(line).toMatch(/^"\d+",[^,]+,NA,NA,/);
    const encoder = new TextEncoder();
    const upload = prepareUpload(
      { name: 'data.csv', bytes: encoder.encode(main) },
      { name: 'ED50_Results.csv', bytes: encoder.encode(result.resultsCsv) },
      { today: new Date('2025-01-01') },
    );
    expect(upload.ok ? [] : upload.errors).toEqual([]);
    if (!upload.ok) return;
    expect(upload.plan.curves).toHaveLength(3);
    // B's missing ED50 arrives as "no value"; A's and C's as the calculator rounded them.
    const ed50s = upload.plan.curves.map((curve) => curve.ed50);
    expect(ed50s.filter((value) => value === null)).toHaveLength(1);
    expect(ed50s.filter((value) => value !== null).sort()).toEqual(
      result.computation.colonies
        .filter((colony) => colony.genotype !== 'B')
        .map((colony) => colony.ed50.rounded)
        .sort(),
    );
  });

  it('reports file-level problems instead of computing an unusable file', async () => {
    const threeTemperatures = smallFile()
      .split('\n')
      .filter((line) => !line.includes(',39,'))
      .join('\n');
    const result = await computeFile(csvFile(threeTemperatures), ['Site'], () => {});
    expect(result.computation.colonies).toEqual([]);
    expect(result.computation.errors[0]).toMatch(/not have enough unique temperature values: 3/);
  });
});

describe('handleRequest (the worker protocol)', () => {
  it('answers check and compute with their ids; progress comes before the answer', async () => {
    const responses: EngineResponse[] = [];
    await handleRequest(
      { id: 7, kind: 'check', file: csvFile(smallFile()), fileName: 'x.csv' },
      (r) => responses.push(r),
    );
    await handleRequest(
      {
        id: 8,
        kind: 'compute',
        file: csvFile(smallFile()),
        grouping: ['Site'],
        method: DEFAULT_METHOD,
      },
      (r) => responses.push(r),
    );
    expect(responses.map((r) => [r.id, r.kind])).toEqual([
      [7, 'checked'],
      [8, 'progress'],
      [8, 'computed'],
    ]);
  });

  it('computes with the requested fit', async () => {
    const responses: EngineResponse[] = [];
    await handleRequest(
      {
        id: 9,
        kind: 'compute',
        file: csvFile(smallFile()),
        grouping: ['Site'],
        method: { ...DEFAULT_METHOD, fit: 'per-colony' },
      },
      (r) => responses.push(r),
    );
    const answer = responses.at(-1);
    expect(answer?.kind).toBe('computed');
    if (answer?.kind !== 'computed') return;
    expect(answer.result.computation.fit).toBe('per-colony');
    expect(answer.result.resultsCsv.split('\n')[0]).toContain('"ED50_SE"');
  });

  it('gives the joint fit intervals and full-precision downloads when asked, as the CLI does', async () => {
    const ask = async (method: ComputeMethod) => {
      const responses: EngineResponse[] = [];
      await handleRequest(
        { id: 11, kind: 'compute', file: csvFile(smallFile()), grouping: ['Site'], method },
        (r) => responses.push(r),
      );
      const answer = responses.at(-1);
      if (answer?.kind !== 'computed') throw new Error(`no result: ${JSON.stringify(answer)}`);
      return answer.result;
    };
    const plain = await ask(DEFAULT_METHOD);
    const asked = await ask({ ...DEFAULT_METHOD, intervals: true, unrounded: true });
    expect(asked.method).toEqual({ ...DEFAULT_METHOD, intervals: true, unrounded: true });
    expect(plain.resultsCsv.split('\n')[0]).not.toContain('"ED50_SE"');
    expect(asked.resultsCsv.split('\n')[0]).toContain('"ED50_SE","ED50_Lower","ED50_Upper"');
    const colony = asked.computation.colonies.find((c) => c.ed50.interval)!;
    expect(colony.ed50.interval!.lower).toBeLessThan(colony.ed50.value!);
    // Same fit, so the same ED values; rounded to 2 decimals in the plain file only.
    const ed50s = (csv: string) =>
      csv
        .split('\n')
        .slice(1, -1)
        .map((line) => line.split(',')[2]);
    expect(ed50s(plain.resultsCsv).every((v) => v === 'NA' || /^\d+(\.\d{1,2})?$/.test(v!))).toBe(
      true,
    );
    expect(ed50s(asked.resultsCsv).some((v) => /\.\d{5,}$/.test(v!))).toBe(true);
    expect(ed50s(asked.resultsCsv).map((v) => (v === 'NA' ? v : Number(v).toFixed(2)))).toEqual(
      ed50s(plain.resultsCsv).map((v) => (v === 'NA' ? v : Number(v).toFixed(2))),
    );
    expect(asked.summaryCsv).not.toBe(plain.summaryCsv);
  });

  it('computes with the requested model, each colony drawn with its own family', async () => {
    const responses: EngineResponse[] = [];
    await handleRequest(
      {
        id: 10,
        kind: 'compute',
        file: csvFile(smallFile()),
        grouping: ['Site'],
        method: { ...DEFAULT_METHOD, model: 'W1.3' },
      },
      (r) => responses.push(r),
    );
    const answer = responses.at(-1);
    expect(answer?.kind).toBe('computed');
    if (answer?.kind !== 'computed') return;
    const { computation, colonyCurves } = answer.result;
    expect(computation.model).toBe('W1.3');
    expect(computation.groups[0]!.modelFit?.model).toBe('W1.3');
    expect(Number.isFinite(computation.groups[0]!.modelFit?.aic)).toBe(true);
    const colony = computation.groups[0]!.colonies.findIndex((c) => c.status === 'fitted');
    const { b, d, e } = computation.groups[0]!.colonies[colony]!.parameters!;
    const t = colonyCurves.temperature[0]!;
    // W1.3: d · exp(-exp(b (log T - log e))).
    expect(colonyCurves.values[0]![colony]![0]).toBeCloseTo(
      d * Math.exp(-Math.exp(b * (Math.log(t) - Math.log(e)))),
      12,
    );
  });

  it('turns an unexpected error into a failed answer', async () => {
    const broken = {
      arrayBuffer: () => Promise.reject(new Error('disk gone')),
      size: 1,
    } as unknown as Blob;
    const responses: EngineResponse[] = [];
    await handleRequest({ id: 1, kind: 'check', file: broken, fileName: 'x.csv' }, (r) =>
      responses.push(r),
    );
    expect(responses).toEqual([{ id: 1, kind: 'failed', message: 'disk gone' }]);
  });
});
