import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import edResultsDownload from '../../../../../../fixtures/datasheets/cbass_dataset_ED50_Results.csv?raw';
import tutorialSummary from '../../../../../../fixtures/ed50-reference/tutorial_summaryEDs_df.csv?raw';
import { renderApp } from '@/testing/render-app';
import { calculatorStore } from '../api/calculator-store';
import { readUploadFilesState } from '../api/upload-hand-over';
import exampleCsv from '../examples/cbass_dataset_raw.csv?raw';
import { computeFile } from '../worker/engine';
import { INTERVALS_LABEL, UNROUNDED_LABEL } from './compute-step';

const HEADER =
  'Project,Date,Country,Latitude,Longitude,Site,Condition,Species,Genotype,Temperature,Timepoint,Pam_value';

/** Colony A declines normally; B barely drops, so drc extrapolates an ED50 far above 39 °C. */
function smallFile(header = HEADER): File {
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
  return new File([`${lines.join('\n')}\n`], 'small.csv', { type: 'text/csv' });
}

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

const fileInput = () => screen.getByLabelText('Raw CBASS data file (CSV or XLSX)');

async function computeExample(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Try with example data' }));
  await screen.findByText(/all 12 CBASSED50 columns found/);
  await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
  await screen.findByRole('heading', { name: '4. Results' }, { timeout: 10_000 });
}

beforeEach(() => calculatorStore.reset());

// These tests run the real engine (no Worker in jsdom: in the page's thread); on a loaded machine
// one example computation took over 5 s, vitest's default limit, while the tests' own waits for
// the results allow 10 s. The limit here is the work's, not a guess at the machine's speed.
describe('ED50 calculator page', { timeout: 30_000 }, () => {
  it('offers a file, the example and the blank template, logged out', async () => {
    renderApp('/ed50');
    expect(await screen.findByRole('heading', { level: 1, name: 'ED50 Calculator' })).toBeTruthy();
    expect(fileInput().getAttribute('accept')).toBe(
      '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.csv,text/csv',
    );
    const template = screen.getByRole('link', { name: 'Download the blank template' });
    expect(template.getAttribute('href')).toBe('/examples/template_raw.csv');
    expect(template.getAttribute('download')).toBe('template_raw.csv');
    expect(screen.queryByRole('heading', { name: '2. Check the file' })).toBeNull();
    expect(document.title).toBe('ED50 Calculator · Coral Thermal Tolerance');
  });

  it('computes the example: tables, plots, both downloads equal to CBASSED50’s files', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    renderApp('/ed50');
    await user.click(await screen.findByRole('button', { name: 'Try with example data' }));
    expect(
      await screen.findByText(/240 data rows, 12 columns; temperatures 29, 35, 37, 38, 41 °C/),
    ).toBeTruthy();
    const preview = screen.getByRole('region', { name: 'Preview of the first rows of the file' });
    expect(within(preview).getAllByRole('row')).toHaveLength(11);
    const grouping = screen.getByRole('group', { name: 'Fit one model per combination of' });
    const checked = within(grouping)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.getAttribute('id'));
    expect(checked).toEqual([
      'ed50-group-Site',
      'ed50-group-Condition',
      'ed50-group-Species',
      'ed50-group-Timepoint',
    ]);
    expect(screen.getByText(/Never group by Genotype/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    const results = await screen.findByRole('heading', { name: '4. Results' }, { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement).toBe(results));
    expect(screen.getByText(/60 colonies in 6 groups: 60 with an ED50/)).toBeTruthy();

    const summary = screen.getByRole('region', { name: 'Summary by group' });
    expect(within(summary).getAllByRole('row')).toHaveLength(2 + 6);
    const firstGroup = within(summary).getAllByRole('row')[2]!;
    // CBASSED50's summary file, printed here with 2 decimals, and n = 10 before each ED's block.
    const cells = within(firstGroup)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    const expected = tutorialSummary.split('\n')[1]!.split(',');
    expect(cells.slice(0, 3)).toEqual(['Nursery', 'Porites germania', '420']);
    expect(cells.slice(3).map(Number)).toEqual(
      expected
        .slice(4)
        .flatMap((value, i) => (i % 4 === 0 ? [10, Number(value)] : [Number(value)])),
    );

    const colonies = screen.getByRole('region', { name: 'ED values per colony' });
    expect(within(colonies).getAllByRole('row')).toHaveLength(1 + 25);
    expect(within(colonies).getAllByRole('row')[1]!.textContent).toContain('36.9138.1439.42');
    expect(
      screen.getByRole('navigation', { name: 'Pages of the colony table' }).textContent,
    ).toContain('Page 1 of 3');

    // One plot per group plus the distribution, each an image with a title and description.
    const curve = screen.getByRole('img', {
      name: 'Zugspitze · Nursery · Acropora germania · 420',
    });
    // The dashed lines are at the group means of CBASSED50's summary file.
    expect(curve.querySelector('desc')?.textContent).toBe(
      'Zugspitze · Nursery · Acropora germania · 420: 40 measurements of 10 colonies at 29, 35, 38, 41 °C. The pooled fitted curve falls from 0.64 at 29.0 °C to 0.00 at 42.0 °C, with its 95 % confidence band. Dashed lines: mean ED5 36.74\u00a0°C, mean ED50 38.24\u00a0°C, mean ED95 39.80\u00a0°C.',
    );
    expect(curve.querySelectorAll('circle')).toHaveLength(40);
    expect(screen.getAllByRole('img', { name: / · 420$/ })).toHaveLength(6);
    const distribution = screen.getByRole('img', {
      name: 'Distribution of colony ED50s by species and condition',
    });
    expect(distribution.querySelector('desc')?.textContent).toMatch(
      /^Feldberg, Porites germania, Nursery: 10 colonies/,
    );

    await user.click(screen.getByRole('button', { name: 'Download ED50_Results.csv' }));
    await user.click(screen.getByRole('button', { name: /Download the summary/ }));
    expect(saved.map((file) => file.name)).toEqual(['ED50_Results.csv', 'ED50_Summary.csv']);
    expect(await saved[0]!.blob.text()).toBe(edResultsDownload);
    expect(await saved[1]!.blob.text()).toBe(tutorialSummary);
  });

  it('offers each plot as an SVG and a PNG, named after the plot', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    renderApp('/ed50');
    await computeExample(user);
    const title = 'Zugspitze · Nursery · Acropora germania · 420';
    const downloads = screen.getByRole('group', { name: `Download the plot “${title}”` });
    expect(within(downloads).getByRole('button', { name: 'Download PNG' })).toBeTruthy();
    // The plot's title comes first, above the plot and its buttons: in a grid of two columns a
    // caption under a plot reads as the title of the plot below it.
    const figure = downloads.closest('figure')!;
    expect(figure.firstElementChild!.tagName).toBe('FIGCAPTION');
    expect(figure.firstElementChild!.textContent).toMatch(new RegExp(`^${title} — `));
    await user.click(within(downloads).getByRole('button', { name: 'Download SVG' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('Zugspitze_Nursery_Acropora_germania_420.svg');
    const svg = await saved[0]!.blob.text();
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg /);
    expect(svg).toContain(`<title id="`);
    expect(svg).toContain(`>${title}</title>`);
    expect(svg).toContain('<rect width="100%" height="100%" fill="#ffffff"');
    // Every group's plot and the distribution plot can be saved.
    expect(screen.getAllByRole('group', { name: /^Download the plot “/ })).toHaveLength(6 + 1);
    expect(
      screen.getByRole('group', {
        name: 'Download the plot “Distribution of colony ED50s by species and condition”',
      }),
    ).toBeTruthy();
  });

  it('draws each genotype’s own curve from the joint fit on request, with a legend', async () => {
    const user = userEvent.setup();
    renderApp('/ed50');
    await computeExample(user);
    const curve = () =>
      screen.getByRole('img', { name: 'Zugspitze · Nursery · Acropora germania · 420' });
    const genotypeLines = () => curve().querySelectorAll('.ed50-genotype-curves path');
    expect(genotypeLines()).toHaveLength(0);
    const toggle = screen.getByRole('checkbox', { name: "Show each genotype's curve" });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    // One curve per colony, each in its own colour, and a legend naming the genotypes.
    const lines = [...genotypeLines()];
    expect(lines).toHaveLength(10);
    expect(new Set(lines.map((line) => line.getAttribute('stroke'))).size).toBe(10);
    expect(
      lines.every((line) => /^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){99}$/.test(line.getAttribute('d')!)),
    ).toBe(true);
    expect(lines.map((line) => line.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Genotype ${i + 1}`),
    );
    const legend = curve().querySelector('.ed50-genotype-legend')!;
    expect(legend.textContent).toBe('Genotypes:12345678910');
    expect(curve().querySelector('desc')?.textContent).toMatch(
      /Thin lines: the fitted curve of each genotype \(1, 2, 3, 4, 5, 6, 7, 8, 9, 10\)\.$/,
    );
    // Every group's plot gets its genotypes; unticked, they go again.
    expect(document.querySelectorAll('.ed50-genotype-curves path')).toHaveLength(60);
    await user.click(toggle);
    expect(document.querySelectorAll('.ed50-genotype-curves path')).toHaveLength(0);
  });

  it('“Upload these results” opens the upload page with both files chosen', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/ed50');
    await computeExample(user);
    expect(screen.getByRole('link', { name: 'log in' }).getAttribute('href')).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Upload these results' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upload'));
    const files = readUploadFilesState(router.state.location.state);
    expect(files?.main.name).toBe('cbass_dataset_raw.csv');
    expect(files?.ed50.name).toBe('ED50_Results.csv');
    expect(await files!.ed50.text()).toBe(edResultsDownload);
    // Back on the calculator, the results are still there.
    await router.navigate('/ed50');
    // Drawing the whole results again (tables, seven plots) can take over a second when loaded.
    expect(
      await screen.findByRole('heading', { name: '4. Results' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('names a wrongly-cased column as the engine does, and computes anyway', async () => {
    const user = userEvent.setup();
    renderApp('/ed50');
    await screen.findByRole('heading', { level: 1, name: 'ED50 Calculator' });
    await user.upload(fileInput(), smallFile(HEADER.replace('Pam_value', 'PAM_value')));
    expect(
      await screen.findByText(
        'missing column Pam_value (found PAM_value); PAM_value is used as Pam_value.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Column check: 1 column to look at/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Compute ED values' })).toBeTruthy();
  });

  it('refuses a file without a column the fit needs, naming it', async () => {
    const user = userEvent.setup();
    renderApp('/ed50');
    await screen.findByRole('heading', { level: 1, name: 'ED50 Calculator' });
    await user.upload(fileInput(), smallFile(HEADER.replace('Temperature', 'Temp')));
    const alert = await screen.findByText('This file cannot be computed');
    expect(alert.closest('.alert')?.textContent).toContain('missing column Temperature');
    expect(screen.queryByRole('button', { name: 'Compute ED values' })).toBeNull();
  });

  it('shows a value that is not estimable as such, with the reason, never as a number', async () => {
    const user = userEvent.setup();
    renderApp('/ed50');
    await screen.findByRole('heading', { level: 1, name: 'ED50 Calculator' });
    await user.upload(fileInput(), smallFile());
    await user.click(await screen.findByRole('button', { name: 'Compute ED values' }));
    await screen.findByRole('heading', { name: '4. Results' }, { timeout: 10_000 });
    const table = screen.getByRole('region', { name: 'ED values per colony' });
    const rowB = within(table).getByRole('rowheader', { name: 'B' }).closest('tr')!;
    const cells = within(rowB).getAllByRole('cell');
    expect(cells.slice(4, 7).map((cell) => cell.textContent)).toEqual([
      expect.stringMatching(/^\d\d\.\d\d$/),
      'not estimable',
      'not estimable',
    ]);
    expect(within(rowB).getByText('ED50 not estimable')).toBeTruthy();
    expect(rowB.textContent).toMatch(/ED50 above the highest temperature tested \(not estimable\)/);
    expect(screen.getByText(/2 with an ED50, 1 without an estimable ED50/)).toBeTruthy();
  });

  it('computes one fit per colony when chosen as the Method, with intervals, not uploadable', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    renderApp('/ed50');
    await user.click(await screen.findByRole('button', { name: 'Try with example data' }));
    await screen.findByText(/all 12 CBASSED50 columns found/);
    const method = screen.getByRole('combobox', { name: 'Method' });
    expect((method as HTMLSelectElement).value).toBe('joint');
    expect(screen.queryByText(/Each colony is fitted alone/)).toBeNull();
    await user.selectOptions(method, 'One fit per colony');
    expect(
      screen.getByText(/Each colony is fitted alone with the model chosen below/),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    await screen.findByRole('heading', { name: '4. Results' }, { timeout: 10_000 });
    expect(
      screen.getByText(/^One fit per colony: each colony \(genotype\) fitted alone/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload these results' })).toBeNull();
    expect(
      screen.getByText(/Uploading needs CBASSED50’s file: the joint fit per group/),
    ).toBeTruthy();
    // Each ED in the table with drc's 95 % interval (colony 1 of the first group: ED50 38.17,
    // drc's limits 37.797 and 38.545, fixtures/ed50-reference/per-colony/).
    const table = screen.getByRole('region', { name: 'ED values per colony' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(first.textContent).toContain('38.1795 % CI 37.80–38.54');
    await user.click(screen.getByRole('button', { name: 'Download ED50_Results.csv' }));
    const download = await saved[0]!.blob.text();
    expect(download.split('\n')[0]).toMatch(/"ED95","GroupingProperty",.*"ED50_SE","ED50_Lower"/);
    // The worker engine's per-colony results, which the core tests check against drc 3.0-1.
    const engine = await computeFile(
      new Blob([exampleCsv]),
      ['Site', 'Condition', 'Species', 'Timepoint'],
      () => {},
      { fit: 'per-colony' },
    );
    expect(download).toBe(engine.resultsCsv);
    expect(download).not.toBe(edResultsDownload);
  });

  it('gives the joint fit’s 95 % intervals and full-precision downloads when asked, not uploadable', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    renderApp('/ed50');
    await user.click(await screen.findByRole('button', { name: 'Try with example data' }));
    await screen.findByText(/all 12 CBASSED50 columns found/);
    const intervals = screen.getByRole<HTMLInputElement>('checkbox', { name: INTERVALS_LABEL });
    const unrounded = screen.getByRole<HTMLInputElement>('checkbox', { name: UNROUNDED_LABEL });
    expect([intervals.checked, unrounded.checked]).toEqual([false, false]);
    // The fit per colony always has its intervals: the box shows it and cannot be cleared.
    const method = screen.getByRole('combobox', { name: 'Method' });
    await user.selectOptions(method, 'One fit per colony');
    expect([intervals.checked, intervals.disabled]).toEqual([true, true]);
    await user.selectOptions(method, 'joint');
    expect([intervals.checked, intervals.disabled]).toEqual([false, false]);
    await user.click(intervals);
    await user.click(unrounded);
    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    await screen.findByRole('heading', { name: '4. Results' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Upload these results' })).toBeNull();
    expect(screen.getByText(/without parameter limits, intervals or full precision/)).toBeTruthy();
    const table = screen.getByRole('region', { name: 'ED values per colony' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toMatch(/95 % CI \d+\.\d\d–/);
    await user.click(screen.getByRole('button', { name: 'Download ED50_Results.csv' }));
    const download = await saved[0]!.blob.text();
    const engine = await computeFile(
      new Blob([exampleCsv]),
      ['Site', 'Condition', 'Species', 'Timepoint'],
      () => {},
      { intervals: true, unrounded: true },
    );
    expect(download).toBe(engine.resultsCsv);
    expect(download.split('\n')[0]).toContain('"ED50_SE","ED50_Lower","ED50_Upper"');
    expect(download).not.toBe(edResultsDownload);
  });

  it('fits another drc model when chosen, shows each group’s AIC, not uploadable', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    renderApp('/ed50');
    await user.click(await screen.findByRole('button', { name: 'Try with example data' }));
    await screen.findByText(/all 12 CBASSED50 columns found/);
    const model = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Model' });
    expect(model.value).toBe('LL.3');
    // The select's description (the Method panel below explains every model as well).
    const help = () => document.getElementById(model.getAttribute('aria-describedby')!)!;
    expect(help().textContent).toMatch(
      /the model of CBASSED50 and Evensen et al\. 2023, and the default/,
    );
    await user.selectOptions(model, 'W1.3');
    expect(help().textContent).toMatch(
      /^Falls from a fitted maximum to 0 like LL\.3, but asymmetrically: a slow start/,
    );
    // The model is kept when the method changes (either fit takes any model).
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Method' }),
      'One fit per colony',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Model' }).value).toBe('W1.3');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Method' }),
      'Joint fit per group (CBASSED50, default)',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Model' }).value).toBe('W1.3');
    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    await screen.findByRole('heading', { name: '4. Results' }, { timeout: 10_000 });
    expect(
      screen.getByText(/^Model W1\.3 \(drc's three-parameter Weibull type 1\): one joint fit/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload these results' })).toBeNull();
    expect(
      screen.getByText(/Uploading needs CBASSED50’s file: the joint fit per group with LL\.3/),
    ).toBeTruthy();
    const engine = await computeFile(
      new Blob([exampleCsv]),
      ['Site', 'Condition', 'Species', 'Timepoint'],
      () => {},
      { model: 'W1.3' },
    );
    const fits = screen.getByRole('region', { name: 'Model fit by group (AIC)' });
    const rows = within(fits).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(engine.computation.groups.length);
    engine.summaryOrder.forEach((index, i) => {
      const fit = engine.computation.groups[index]!.modelFit!;
      expect(fit.model).toBe('W1.3');
      expect(rows[i]!.textContent).toContain(`W1.3${fit.colonyCount}`);
      expect(rows[i]!.textContent?.endsWith(fit.aic.toFixed(2))).toBe(true);
    });
    await user.click(screen.getByRole('button', { name: 'Download ED50_Results.csv' }));
    const download = await saved[0]!.blob.text();
    expect(download).toBe(engine.resultsCsv);
    expect(download).not.toBe(edResultsDownload);
  });

  it('groups as chosen; another grouping can be downloaded but not uploaded', async () => {
    const user = userEvent.setup();
    renderApp('/ed50');
    await screen.findByRole('heading', { level: 1, name: 'ED50 Calculator' });
    await user.upload(fileInput(), smallFile());
    const timepoint = await screen.findByRole('checkbox', { name: 'Timepoint' });
    await user.click(timepoint);
    expect(
      screen.getByText(/with another grouping you can download the results, but not upload them/),
    ).toBeTruthy();
    for (const name of ['Site', 'Condition', 'Species']) {
      await user.click(screen.getByRole('checkbox', { name }));
    }
    expect(screen.getByText('Choose at least one column to group by.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Compute ED values' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Site' }));
    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    await screen.findByRole('heading', { name: '4. Results' }, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Download ED50_Results.csv' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload these results' })).toBeNull();
    const summary = screen.getByRole('region', { name: 'Summary by group' });
    expect(within(summary).getAllByRole('columnheader')[0]!.textContent).toBe('Site');
  });
});
