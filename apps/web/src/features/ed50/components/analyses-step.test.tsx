import { analyseComputation, analysesRScript } from '@coral/core/analysis';
import { parseCbassCsv } from '@coral/core/ed50';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, unzipSync } from 'fflate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { calculatorStore } from '../api/calculator-store';
import exampleCsv from '../examples/cbass_dataset_raw.csv?raw';
import { ANALYSES_BUTTON, ANALYSES_HEADING } from './analyses-step';

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
