import { UPLOAD_QUEUED_MESSAGE, type TUploadAccepted } from '@coral/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { forgetCsrfToken } from '@/lib/csrf';
import { ApiError } from '@/lib/http';
import { buildDraftDatasetSummary } from '@/testing/datasets';
import type { ApiHandlers } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

beforeEach(() => forgetCsrfToken());

const LOGGED_IN: ApiHandlers = {
  'GET /api/auth/status/': { username: 'ann', authenticated: true },
  'GET /api/auth/datasets/': [
    buildDraftDatasetSummary(),
    buildDraftDatasetSummary({ id: 6, title: 'Red Sea 2018', state: 'published', version: 2 }),
    buildDraftDatasetSummary({
      id: 7,
      title: 'Withdrawn reef',
      state: 'published',
      withdrawn: true,
    }),
  ],
};

const STANDARD_HEADER =
  'Project.name,Experiment.name,Experiment.date,Colony.name,Colony.species,Colony.country,Colony.latitude,Colony.longitude,Colony.ed50_value,BioSample.name,BioSample.collection_date,Observation.condition,Observation.temperature,Observation.timepoint,Observation.pam_value,Publication.title,Publication.year,Publication.doi';
const standardRow = (i: number) =>
  `"Voolstra, et al.",AF,2018-08-07,AF${i},Stylophora pistillata,SAU,22.29634,38.95914,36.91,AF${i}-30,,Wild,30,420,0.57,,,NA`;
const standardSheet = (rows: number) =>
  [STANDARD_HEADER, ...Array.from({ length: rows }, (_, i) => standardRow(i + 1))].join('\n');
const RAW =
  'Project,Date,Country,Latitude,Longitude,Site,Condition,Species,Genotype,Temperature,Timepoint,Pam_value\nP,20221114,DEU,47.4,10.9,Zugspitze,Nursery,Acropora germania,1,29,420,0.636\n';
const ED =
  '"","ED5","ED50","ED95","GroupingProperty","Site","Condition","Species","Timepoint"\n"1",36.91,38.14,39.42,"Zugspitze_Nursery_Acropora germania_420_1","Zugspitze","Nursery","Acropora germania",420\n';

const csvFile = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

async function openLoggedIn(state?: unknown) {
  const user = userEvent.setup();
  const view = renderApp('/upload', LOGGED_IN, state);
  expect(await screen.findByText('Logged in as ann')).toBeTruthy();
  return { user, view };
}

const mainInput = () => screen.getByLabelText('1. Main Data File');
const edInput = () => screen.getByLabelText('2. ED50 Results File');
const uploadButton = () => screen.getByRole('button', { name: /^(Upload Data|Uploading\.\.\.)$/ });

describe('Upload page (product-spec §2 Upload)', () => {
  it('anonymous visitors see the login prompt and no buttons', async () => {
    renderApp('/upload');
    expect(await screen.findByText('Please log in to upload data')).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Upload Coral Research Data' }),
    ).toBeTruthy();
    expect(
      screen.getByText('You need to be logged in to upload data.', { exact: false }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload Data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('shows the workflow with a link to the ED calculator and the two pickers', async () => {
    await openLoggedIn();
    expect(screen.getByRole('heading', { name: 'Upload Workflow' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ED50 calculator' }).getAttribute('href')).toBe(
      '/ed50',
    );
    expect(screen.getByText('ED50_Results.csv')).toBeTruthy();
    expect(screen.getByText('Upload both files.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'File Upload' })).toBeTruthy();
    expect(mainInput().getAttribute('accept')).toBe(
      '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.csv,text/csv',
    );
    expect(uploadButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
  });

  it('refuses files that are not .csv or .xlsx with the spec’s messages', async () => {
    const { user } = await openLoggedIn();
    await user.upload(mainInput(), csvFile('data.xls', 'x'));
    const errors = await screen.findByRole('heading', { name: 'Validation Errors' });
    expect(errors.parentElement!.textContent).toContain(
      'Please select a CSV file for the main data',
    );
    await user.upload(edInput(), csvFile('ed.txt', 'x'));
    expect(screen.getByText('Please select a CSV file for ED50 table')).toBeTruthy();
    // A new, valid file clears the earlier validation errors.
    await user.upload(edInput(), csvFile('ED50_Results.csv', ED));
    expect(screen.queryByText('Validation Errors')).toBeNull();
  });

  it('previews the main file with a real CSV parser: counts, asterisks, empty cells, first 50 rows', async () => {
    const { user } = await openLoggedIn();
    const file = csvFile('sheet.csv', standardSheet(60));
    await user.upload(mainInput(), file);
    expect(await screen.findByRole('heading', { name: 'Data Preview' })).toBeTruthy();
    expect(screen.getByText(`sheet.csv (${(file.size / 1024).toFixed(2)} KB)`)).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(screen.getByText('60 rows')).toBeTruthy();
    expect(screen.getByText('18 columns')).toBeTruthy();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers[0]).toBe('Project.name*');
    expect(headers[8]).toBe('Colony.ed50_value*');
    // The quoted comma stays in its cell: the columns do not shift.
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((td) => td.textContent)
        .slice(0, 2),
    ).toEqual(['Voolstra, et al.', 'AF']);
    expect(within(firstRow).getAllByText('empty').length).toBeGreaterThan(0);
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(
      screen.getByText('... and 10 more rows (showing first 50 for performance)'),
    ).toBeTruthy();
    expect(screen.getByText('Colony.ed50_value', { selector: 'code' })).toBeTruthy();
    // A standard sheet with its ED50s inline needs no second file.
    expect(screen.getByText(/Optional for this file/)).toBeTruthy();
    expect(uploadButton().hasAttribute('disabled')).toBe(false);
  });

  it('uploads both files with progress and shows the success panel; Upload Another Dataset resets', async () => {
    let finish: (answer: TUploadAccepted) => void = () => undefined;
    const upload = vi.spyOn(api, 'upload').mockImplementation((_path, _files, options) => {
      options?.onProgress?.({ loaded: 50, total: 100, percent: 50 });
      return new Promise((resolve) => (finish = resolve));
    });
    const { user } = await openLoggedIn();
    await user.upload(mainInput(), csvFile('raw.csv', RAW));
    await screen.findByRole('table');
    // A raw file needs its ED file: the button waits for both.
    expect(uploadButton().hasAttribute('disabled')).toBe(true);
    await user.upload(edInput(), csvFile('ED50_Results.csv', ED));
    await user.click(uploadButton());
    expect(await screen.findByText('Uploading and processing your data...')).toBeTruthy();
    expect(uploadButton().textContent).toBe('Uploading...');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    const [path, files, options] = upload.mock.calls[0]!;
    expect(path).toBe('/api/auth/upload-csv/');
    expect(Object.keys(files)).toEqual(['csv_file', 'ed50_file']);
    expect(files.csv_file.name).toBe('raw.csv');
    expect(files.ed50_file?.name).toBe('ED50_Results.csv');
    // Nothing chosen in the Dataset step: the files alone, as the specification's upload.
    expect(options?.fields).toBeUndefined();

    finish({ message: UPLOAD_QUEUED_MESSAGE, upload_id: 7, status: 'queued', duplicate: false });
    expect(await screen.findByRole('heading', { name: 'Upload Successful' })).toBeTruthy();
    expect(screen.getByText(UPLOAD_QUEUED_MESSAGE)).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Follow its processing in My uploads' })
        .getAttribute('href'),
    ).toBe('/uploads/7');
    await user.click(screen.getByRole('button', { name: 'Upload Another Dataset' }));
    expect(screen.queryByText('Upload Successful')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Data Preview' })).toBeNull();
    expect(uploadButton().hasAttribute('disabled')).toBe(true);
  });

  it('refuses a main file and an ED50 file that do not belong together, naming what differs, and sends nothing', async () => {
    const upload = vi.spyOn(api, 'upload');
    const { user } = await openLoggedIn();
    await user.upload(mainInput(), csvFile('raw.csv', RAW.replaceAll('Zugspitze', 'Feldberg')));
    await screen.findByRole('table');
    await user.upload(edInput(), csvFile('ED50_Results.csv', ED));
    await user.click(uploadButton());
    const alert = (await screen.findByRole('heading', { name: 'Validation Errors' }))
      .parentElement!;
    expect(alert.textContent).toContain(
      'No row of the ED50 results file matches a colony of the main data file. Site Zugspitze of the ED50 results file is not in the main data file (it has Feldberg).',
    );
    expect(alert.textContent).toContain('computed from raw.csv');
    expect(upload).not.toHaveBeenCalled();
    expect(screen.queryByText('Upload Successful')).toBeNull();
    expect(uploadButton().hasAttribute('disabled')).toBe(false);
  });

  it('checks the pair as soon as both files are chosen, before Upload is clicked', async () => {
    const upload = vi.spyOn(api, 'upload');
    const { user } = await openLoggedIn();
    await user.upload(mainInput(), csvFile('raw.csv', RAW.replaceAll('Zugspitze', 'Feldberg')));
    await screen.findByRole('table');
    await user.upload(edInput(), csvFile('ED50_Results.csv', ED));
    const alert = (await screen.findByRole('heading', { name: 'Validation Errors' }))
      .parentElement!;
    expect(alert.textContent).toContain('No row of the ED50 results file matches a colony');
    expect(upload).not.toHaveBeenCalled();
    // A matching file instead clears the problem.
    await user.upload(mainInput(), csvFile('raw.csv', RAW));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Validation Errors' })).toBeNull(),
    );
  });

  it("shows the server's error, else 'Upload failed', and stays editable", async () => {
    const upload = vi
      .spyOn(api, 'upload')
      .mockRejectedValueOnce(
        new ApiError(400, 'A raw CBASS file needs its ED50 results file.', 'VALIDATION_FAILED', {}),
      )
      .mockRejectedValueOnce(new Error('network'));
    const { user } = await openLoggedIn();
    await user.upload(mainInput(), csvFile('sheet.csv', standardSheet(2)));
    await screen.findByRole('table');
    await user.click(uploadButton());
    expect(await screen.findByText('A raw CBASS file needs its ED50 results file.')).toBeTruthy();
    await user.click(uploadButton());
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(upload).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('Upload failed')).toBeNull();
    expect(screen.queryByText('sheet.csv', { exact: false })).toBeNull();
  });

  it('sends the dataset a new version belongs to, preselected from ?dataset=', async () => {
    const upload = vi
      .spyOn(api, 'upload')
      .mockResolvedValue({ message: 'Queued', upload_id: 8, status: 'queued', duplicate: false });
    const user = userEvent.setup();
    renderApp('/upload?dataset=6', LOGGED_IN);
    const select = await screen.findByLabelText<HTMLSelectElement>('Dataset');
    expect(
      screen.getByRole('radio', { name: 'A new version of one of my datasets' }),
    ).toHaveProperty('checked', true);
    expect(select.value).toBe('6');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose a dataset…',
      'Zugspitze heat tolerance (#5, version 1)',
      'Red Sea 2018 (#6, version 2)',
    ]);
    await user.upload(mainInput(), csvFile('sheet.csv', standardSheet(2)));
    await screen.findByRole('table');
    // Without a chosen dataset the upload waits.
    await user.selectOptions(select, '');
    expect(uploadButton().hasAttribute('disabled')).toBe(true);
    await user.selectOptions(select, '5');
    await user.click(uploadButton());
    await screen.findByRole('heading', { name: 'Upload Successful' });
    expect(upload.mock.calls[0]![2]?.fields).toEqual({ dataset_id: '5' });
  });

  it('sends the description of a new dataset as JSON, and waits while a field is wrong', async () => {
    const upload = vi
      .spyOn(api, 'upload')
      .mockResolvedValue({ message: 'Queued', upload_id: 9, status: 'queued', duplicate: false });
    const { user } = await openLoggedIn();
    expect(screen.getByRole('radio', { name: 'A new dataset' })).toHaveProperty('checked', true);
    const toggle = screen.getByRole('button', {
      name: 'Describe the dataset now (you can also do it later, before submitting for review)',
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    await user.upload(mainInput(), csvFile('sheet.csv', standardSheet(2)));
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Title'), 'AF reefs');
    await user.click(screen.getByRole('button', { name: 'Add a creator' }));
    await user.type(screen.getByLabelText('Creator 1: name'), 'Ann Lee');
    // Pasted, as people do with identifiers (and faster than typing through the whole page).
    await user.click(screen.getByLabelText('Creator 1: ORCID iD'));
    await user.paste('0000-0002-1825-0098');
    expect(uploadButton().hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Creator 1: ORCID iD'), '{Backspace}7');
    await user.click(screen.getByRole('radio', { name: /^CC0 1\.0/ }));
    await user.click(uploadButton());
    await screen.findByRole('heading', { name: 'Upload Successful' });
    const fields = upload.mock.calls[0]![2]?.fields;
    expect(Object.keys(fields ?? {})).toEqual(['metadata']);
    expect(JSON.parse(fields!.metadata!)).toMatchObject({
      title: 'AF reefs',
      licence: 'CC0-1.0',
      creators: [{ name: 'Ann Lee', affiliation: null, orcid: '0000-0002-1825-0097' }],
    });
  }, 15_000);

  it('shows the server’s refusal of the description next to its field', async () => {
    vi.spyOn(api, 'upload').mockRejectedValueOnce(
      new ApiError(
        400,
        'The dataset description is not valid: metadata.title: Too long',
        'VALIDATION_FAILED',
        {
          error: 'The dataset description is not valid: metadata.title: Too long',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'metadata.title', message: 'Too long' }],
        },
      ),
    );
    const { user } = await openLoggedIn();
    await user.upload(mainInput(), csvFile('sheet.csv', standardSheet(2)));
    await screen.findByRole('table');
    await user.click(uploadButton());
    expect(
      await screen.findByText('The dataset description is not valid: metadata.title: Too long'),
    ).toBeTruthy();
    // The description opens to show the message next to the title.
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Too long')).toBeTruthy();
  });

  it('takes the two files the ED calculator hands over in the router state', async () => {
    await openLoggedIn({
      uploadFiles: {
        main: csvFile('cbass_raw.csv', RAW),
        ed50: csvFile('ED50_Results.csv', ED),
        from: 'ed50-calculator',
      },
    });
    expect(screen.getByText(/^cbass_raw\.csv \(/)).toBeTruthy();
    expect(screen.getByText(/^ED50_Results\.csv \(/)).toBeTruthy();
    await screen.findByRole('table');
    await waitFor(() => expect(uploadButton().hasAttribute('disabled')).toBe(false));
  });
});
