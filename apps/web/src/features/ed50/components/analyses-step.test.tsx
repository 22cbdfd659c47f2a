import {
  analyseComputation,
  analyseMmm,
  analysesRScript,
  compareGroupCurves,
  formatAnalysesCsv,
  readMmmTable,
} from '@coral/core/analysis';
import { formatPValue, parseCbassCsv } from '@coral/core/ed50';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, unzipSync } from 'fflate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { calculatorStore } from '../api/calculator-store';
import exampleCsv from '../examples/cbass_dataset_raw.csv?raw';
import fijiRaw from '../../../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import fijiMmm from '../../../../../../fixtures/datasheets/2022_FJI_Viti_Levu_mmm.csv?raw';
import { ANALYSES_BUTTON, ANALYSES_HEADING, MMM_FILE_LABEL } from './analyses-step';

function captureDownloads() {
  const blobs: Blob[] = [];
  const saved: { name: string; blob: Blob }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs[Number(this.href.split('/').at(-1)) - 1]! });
  });
  return saved;
}

const table = (name: string) => screen.getByRole('region', { name }).querySelector('table')!;
const bodyRows = (name: string) => within(table(name)).getAllByRole('row').slice(1);

beforeEach(() => calculatorStore.reset());

// The real engine in the page's thread (no Worker in jsdom), as ed50-page.test.tsx.
describe('the analyses step of the calculator (decision 0068)', { timeout: 60_000 }, () => {
  it('refuses bad factors with core’s message, runs good ones, and downloads the CSV and R script', async () => {
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderApp('/ed50');
    await user.click(await screen.findByRole('button', { name: 'Try with example data' }));
    await screen.findByText(/all 12 CBASSED50 columns found/);
    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    await screen.findByRole('heading', { name: ANALYSES_HEADING }, { timeout: 20_000 });
    const computation = calculatorStore.getSnapshot().result!.computation;
    const step = within(screen.getByRole('region', { name: ANALYSES_HEADING }));

    // Three factors: core's message, nothing computed.
    for (const factor of ['Site', 'Condition', 'Species']) {
      await user.click(step.getByRole('checkbox', { name: factor }));
    }
    await user.click(step.getByRole('button', { name: ANALYSES_BUTTON }));
    expect(screen.getByTestId('ed50-analyses-error').textContent).toBe('Give one or two factors.');
    expect(screen.queryByTestId('analysis-report')).toBeNull();

    // Site × Condition: the tables of core's analyses of the same EDs.
    await user.click(step.getByRole('checkbox', { name: 'Species' }));
    await user.selectOptions(
      screen.getByLabelText('p-value adjustment of the Wilcoxon tests'),
      'BH',
    );
    await user.click(step.getByRole('button', { name: ANALYSES_BUTTON }));
    await screen.findByTestId('analysis-report', {}, { timeout: 20_000 });
    const expected = analyseComputation(computation, {
      factors: ['Site', 'Condition'],
      pAdjust: 'BH',
    });
    const wilcoxon = expected.ed50.wilcoxon.result!;
    const letters = bodyRows('Compact letters (Wilcoxon, BH): ED50');
    expect(letters).toHaveLength(6);
    expect(letters[0]!.textContent).toBe(
      `Zugspitze · Nursery · Acropora germania · 420${wilcoxon.letters[wilcoxon.groups[0]!]}`,
    );
    expect(
      bodyRows('Type II ANOVA: ED50').map((row) => row.querySelector('th')!.textContent),
    ).toEqual(['Site', 'Condition', 'Site:Condition', 'Residuals']);

    // A bad choice afterwards: the message, and the tables stay as they were.
    await user.click(step.getByRole('checkbox', { name: 'Species' }));
    await user.click(step.getByRole('button', { name: ANALYSES_BUTTON }));
    expect(screen.getByTestId('ed50-analyses-error').textContent).toBe('Give one or two factors.');
    expect(bodyRows('Type II ANOVA: ED50')).toHaveLength(4);
    await user.click(step.getByRole('checkbox', { name: 'Species' }));

    await user.click(screen.getByRole('button', { name: 'Download ED_analyses.csv' }));
    await user.click(screen.getByRole('button', { name: /Download the R script/ }));
    expect(saved.map((file) => file.name)).toEqual(['ED_analyses.csv', 'analyses_R.zip']);
    const csv = await saved[0]!.blob.text();
    expect(csv.split('\n')[0]).toBe(
      '"Threshold","Analysis","Term","Level","Other","Estimate","SE","DF","DF2","Statistic","P","Lower","Upper","Letters","Note"',
    );
    expect(csv).toContain('"ED50","anova_type2","Site:Condition"');
    expect(csv).toContain('"ED50","compparm_ratio"');
    const entries = unzipSync(new Uint8Array(await saved[1]!.blob.arrayBuffer()));
    const files = analysesRScript(computation, {
      factors: ['Site', 'Condition'],
      pAdjust: 'BH',
      curves: { rows: parseCbassCsv(exampleCsv).rows, grouping: computation.grouping },
    });
    expect(Object.keys(entries)).toEqual(files.map((file) => file.name));
    for (const file of files) expect(strFromU8(entries[file.name]!)).toBe(file.text);
  });
});

const csvFile = (text: string, name: string) => new File([text], name, { type: 'text/csv' });
const mmmAlert = () => screen.getByTestId('ed50-mmm-error');
const mmmInput = (site: string) => screen.getByRole('textbox', { name: `MMM of ${site} (°C)` });

describe('the MMM per site of the analyses step (decision 0068)', { timeout: 120_000 }, () => {
  it('refuses bad MMMs with specific messages next to the field and changes nothing', async () => {
    const user = userEvent.setup();
    renderApp('/ed50');
    await user.click(await screen.findByRole('button', { name: 'Try with example data' }));
    await screen.findByText(/all 12 CBASSED50 columns found/);
    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    await screen.findByRole('heading', { name: ANALYSES_HEADING }, { timeout: 20_000 });
    const step = within(screen.getByRole('region', { name: ANALYSES_HEADING }));
    // The sites of the computed result, in order of first appearance.
    expect(
      within(screen.getByRole('region', { name: 'MMM per Site' }))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Zugspitze', 'Feldberg']);

    // Typed: not a number, then outside the plausible range (28.45 without its point), then a
    // site left empty.
    await user.type(mmmInput('Zugspitze'), 'warm');
    await user.click(step.getByRole('button', { name: ANALYSES_BUTTON }));
    expect(mmmAlert().getAttribute('role')).toBe('alert');
    expect(mmmAlert().textContent).toBe(
      'Site "Zugspitze": MMM "warm" is not a temperature between 15 and 35 °C.',
    );
    await user.clear(mmmInput('Zugspitze'));
    await user.type(mmmInput('Zugspitze'), '2845');
    expect(screen.queryByTestId('ed50-mmm-error')).toBeNull();
    await user.click(step.getByRole('button', { name: ANALYSES_BUTTON }));
    expect(mmmAlert().textContent).toBe(
      'Site "Zugspitze": MMM "2845" is not a temperature between 15 and 35 °C.',
    );
    await user.clear(mmmInput('Zugspitze'));
    await user.type(mmmInput('Zugspitze'), '28.5');
    await user.click(step.getByRole('button', { name: ANALYSES_BUTTON }));
    expect(mmmAlert().textContent).toBe(
      'No MMM for Site "Feldberg": every one in the data needs one.',
    );
    expect(screen.queryByTestId('analysis-report')).toBeNull();

    // A file naming a site the data has not, and a file core refuses: the table stays as typed.
    await user.upload(
      screen.getByLabelText(MMM_FILE_LABEL),
      csvFile('Site,MMM\nZugspitze,28.5\nFeldberg,27\nEibsee,29\n', 'mmm.csv'),
    );
    await waitFor(() =>
      expect(mmmAlert().textContent).toBe(
        'mmm.csv cannot be used:Site "Eibsee" is not in the data (its Site values: "Zugspitze", "Feldberg").',
      ),
    );
    expect((mmmInput('Zugspitze') as HTMLInputElement).value).toBe('28.5');
    expect((mmmInput('Feldberg') as HTMLInputElement).value).toBe('');
    await user.upload(
      screen.getByLabelText(MMM_FILE_LABEL),
      csvFile('Site,Temperature\nZugspitze,28.5\n', 'sst.csv'),
    );
    await waitFor(() =>
      expect(mmmAlert().textContent).toBe(
        'sst.csv cannot be used:The MMM file needs a column named MMM.',
      ),
    );
    await user.upload(
      screen.getByLabelText(MMM_FILE_LABEL),
      csvFile('Site,MMM\nZugspitze,28.5\n', 'part.csv'),
    );
    await waitFor(() =>
      expect(mmmAlert().textContent).toBe(
        'part.csv cannot be used:No MMM for Site "Feldberg": every one in the data needs one.',
      ),
    );
    expect((mmmInput('Feldberg') as HTMLInputElement).value).toBe('');

    // Both typed: the analyses run with ED − MMM; a bad MMM afterwards leaves them as they were.
    await user.type(mmmInput('Feldberg'), '27.25');
    await user.click(step.getByRole('button', { name: ANALYSES_BUTTON }));
    await screen.findByTestId('analysis-report', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('ed50-mmm-error')).toBeNull();
    expect(bodyRows('ED50 − MMM by Site')).toHaveLength(2);
    await user.clear(mmmInput('Feldberg'));
    await user.type(mmmInput('Feldberg'), '-27');
    await user.click(step.getByRole('button', { name: ANALYSES_BUTTON }));
    expect(mmmAlert().textContent).toBe(
      'Site "Feldberg": MMM "-27" is not a temperature between 15 and 35 °C.',
    );
    expect(bodyRows('ED50 − MMM by Site')).toHaveLength(2);
    expect(
      bodyRows('ED50 − MMM by Site').map((row) => row.querySelectorAll('td')[0]!.textContent),
    ).toEqual(['28.50', '27.25']);
  });

  it('on the Fiji datasheet with its MMM file: the tables and downloads hold core’s ED − MMM and regression on MMM, as the CLI’s --mmm', async () => {
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderApp('/ed50');
    await user.upload(
      await screen.findByLabelText('Raw CBASS data file (CSV or XLSX)'),
      csvFile(fijiRaw, '2022_FJI_Viti_Levu_raw.csv'),
    );
    await screen.findByText(/all 12 CBASSED50 columns found/, {}, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    await screen.findByRole('heading', { name: ANALYSES_HEADING }, { timeout: 60_000 });
    const computation = calculatorStore.getSnapshot().result!.computation;
    const step = within(screen.getByRole('region', { name: ANALYSES_HEADING }));
    await user.upload(
      screen.getByLabelText(MMM_FILE_LABEL),
      csvFile(fijiMmm, '2022_FJI_Viti_Levu_mmm.csv'),
    );
    await waitFor(() => expect((mmmInput('Votua') as HTMLInputElement).value).toBe('28.43'));
    expect((mmmInput('Vatu-o-lalai') as HTMLInputElement).value).toBe('28.45');
    await user.click(step.getByRole('button', { name: ANALYSES_BUTTON }));
    await screen.findByTestId('analysis-report', {}, { timeout: 60_000 });

    // What the CLI's test of `ed50 --analyses … --mmm` writes: core's functions on the same EDs.
    const table = readMmmTable(fijiMmm, computation.grouping).table!;
    const mmm = analyseMmm(computation, table);
    const sites = mmm.ed50.sites.regression!;
    expect(sites.n).toBe(3);
    const regression = bodyRows('Regression of ED50 on MMM');
    expect(regression.map((row) => row.querySelector('th')!.textContent)).toEqual([
      'Over the colonies',
      'Over the site means',
    ]);
    expect(regression[1]!.textContent).toContain(formatPValue(sites.slope.p));
    expect(regression[1]!.textContent).toContain(sites.slope.estimate.toFixed(3));
    const bySite = bodyRows('ED50 − MMM by Site');
    expect(bySite.map((row) => row.querySelector('th')!.textContent)).toEqual([
      'Vatu-o-lalai',
      'Votua',
      'Tagaqe',
    ]);
    const vatu = mmm.ed50.sitePoints[0]!;
    expect(bySite[0]!.textContent).toBe(
      `Vatu-o-lalai28.45${vatu.n}${vatu.ed.toFixed(2)}${(vatu.ed - 28.45).toFixed(2)}`,
    );
    expect(bodyRows('ED50 − MMM per colony')).toHaveLength(mmm.ed50.relative.length);

    await user.click(screen.getByRole('button', { name: 'Download ED_analyses.csv' }));
    await user.click(screen.getByRole('button', { name: /Download the R script/ }));
    const rows = parseCbassCsv(fijiRaw).rows;
    expect(await saved[0]!.blob.text()).toBe(
      formatAnalysesCsv(analyseComputation(computation, {}), {
        curves: compareGroupCurves(rows, computation.grouping),
        mmm,
      }),
    );
    const entries = unzipSync(new Uint8Array(await saved[1]!.blob.arrayBuffer()));
    const files = analysesRScript(computation, {
      mmm: table,
      curves: { rows, grouping: computation.grouping },
    });
    expect(Object.keys(entries)).toContain('mmm.csv');
    expect(Object.keys(entries)).toEqual(files.map((file) => file.name));
    for (const file of files) expect(strFromU8(entries[file.name]!)).toBe(file.text);
  });
});
