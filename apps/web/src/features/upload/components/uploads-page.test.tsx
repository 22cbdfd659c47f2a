import {
  groupUploadErrors,
  type TUploadDetail,
  type TUploadError,
  type TUploadSummary,
} from '@coral/core';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetCsrfToken } from '@/lib/csrf';
import { errorResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

beforeEach(() => forgetCsrfToken());

const LOGGED_IN = { 'GET /api/auth/status/': { username: 'ann', authenticated: true } } as const;

const summary = (overrides: Partial<TUploadSummary>): TUploadSummary => ({
  id: 1,
  status: 'done',
  main_file_name: 'cbass_84.csv',
  main_file_bytes: 33364,
  ed_file_name: null,
  ed_file_bytes: null,
  format: 'standard',
  attempts: 1,
  message: 'Imported.',
  counts: { rows: 112, colonies: 28, observations: 112, thermal_tolerances: 28, flags: 3 },
  project_ids: [95],
  dataset: null,
  created_at: '2026-06-01T10:00:00.000Z',
  started_at: '2026-06-01T10:00:01.000Z',
  finished_at: '2026-06-01T10:00:03.000Z',
  ...overrides,
});

/** A bad date, and the same unknown country in 7 rows (decision 0022: one line, not 7). */
const FAILED_ERRORS: TUploadError[] = [
  {
    file: 'main',
    row: 5,
    column: 'Experiment.date',
    value: '2222-08-07',
    problem: '2222-08-07 is in the future.',
    fix: 'Check the year.',
  },
  ...Array.from({ length: 7 }, (_, i) => ({
    file: 'main' as const,
    row: 10 + i,
    column: 'Colony.country',
    value: 'XX',
    problem: '"XX" is not a known country code.',
    fix: 'Use a three-letter ISO country code.',
  })),
];

const failed: TUploadDetail = {
  ...summary({
    id: 2,
    status: 'failed',
    counts: { rows: 112, errors: 1 },
    message: 'The upload was refused.',
  }),
  errors: FAILED_ERRORS,
  error_groups: groupUploadErrors(FAILED_ERRORS),
  quality_flags: [],
  warnings: [],
  column_mapping: [
    { column: 'Colony.ed50', found: 'Colony.ed50_value', position: 8, how: 'synonym' },
  ],
};

describe('My uploads', () => {
  it('lists status, counts and flags of each upload', async () => {
    renderApp('/uploads', {
      ...LOGGED_IN,
      'GET /api/auth/uploads/': [
        summary({ id: 3, status: 'processing', message: null, counts: {} }),
        summary({}),
        failed,
      ],
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual([
      'Processing',
      'Done',
      'Failed',
    ]);
    expect(within(rows[1]!).getByText('28 colonies, 112 observations, 28 thresholds')).toBeTruthy();
    expect(within(rows[2]!).getByText('1 error')).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: 'Error report (CSV)' })).toBeTruthy();
  });

  it('names the dataset and project each upload became (decision 0056)', async () => {
    renderApp('/uploads', {
      ...LOGGED_IN,
      'GET /api/auth/uploads/': [
        summary({
          id: 4,
          dataset: {
            id: 7,
            version: 2,
            title: 'Heat tolerance of Fijian reefs',
            project: { id: 95, name: 'Fiji CBASS 2022' },
          },
        }),
        summary({ id: 5, dataset: { id: 8, version: 1, title: '', project: null } }),
        failed,
      ],
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    const cell = (row: number) => within(rows[row]!).getAllByRole('cell')[1]!;
    expect(cell(0).textContent).toBe(
      'Heat tolerance of Fijian reefs (version 2)Project: Fiji CBASS 2022',
    );
    expect(
      within(cell(0))
        .getByRole('link', { name: 'Heat tolerance of Fijian reefs' })
        .getAttribute('href'),
    ).toBe('/datasets/7/versions/2');
    expect(cell(1).textContent).toBe('Untitled dataset #8 (version 1)');
    expect(cell(2).textContent).toBe('—');
  });

  it('is reached from the user menu', async () => {
    renderApp('/', { ...LOGGED_IN, 'GET /api/public/statistics/': errorResponse(500) });
    const menu = await screen.findByRole('button', { name: 'ann' });
    menu.click();
    expect((await screen.findByRole('link', { name: 'My uploads' })).getAttribute('href')).toBe(
      '/uploads',
    );
  });

  it('shows a failed upload’s row-level report with a CSV download', async () => {
    renderApp('/uploads/2', { ...LOGGED_IN, 'GET /api/auth/uploads/{uploadId}/': failed });
    expect(await screen.findByRole('heading', { name: 'Upload #2' })).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download error report (CSV)' })).toBeTruthy();
    const table = screen.getByRole('table', { name: '' });
    expect(within(table).getAllByText('2222-08-07 is in the future.')).toHaveLength(1);
    const groups = within(screen.getByRole('list', { name: 'Errors by kind' })).getAllByRole(
      'listitem',
    );
    expect(groups.map((item) => item.textContent)).toEqual([
      'Main data file, Experiment.date: Row 5: 2222-08-07 is in the future. → Check the year.',
      'Main data file, Colony.country: 7 rows: "XX" is not a known country code; first 5: rows 10, 11, 12, 13, 14 → Use a three-letter ISO country code.',
    ]);
    expect(screen.getByText('Colony.ed50_value', { selector: 'code' })).toBeTruthy();
  });

  it('links an imported upload to My datasets, where its draft is described and submitted', async () => {
    const imported: TUploadDetail = {
      ...summary({
        id: 3,
        message: 'Imported as a draft of the dataset “Zugspitze” (version 1).',
        dataset: { id: 5, version: 1, title: '', project: null },
      }),
      errors: [],
      error_groups: [],
      quality_flags: [],
      warnings: [],
      column_mapping: [],
    };
    renderApp('/uploads/3', { ...LOGGED_IN, 'GET /api/auth/uploads/{uploadId}/': imported });
    expect(
      await screen.findByText('Imported as a draft of the dataset “Zugspitze” (version 1).'),
    ).toBeTruthy();
    expect(screen.getByText(/Version 1 of dataset #5/)).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Describe and submit it in My datasets' })
        .getAttribute('href'),
    ).toBe('/my/datasets');
  });

  it('shows no dataset link before the upload became a dataset version', async () => {
    renderApp('/uploads/2', { ...LOGGED_IN, 'GET /api/auth/uploads/{uploadId}/': failed });
    await screen.findByRole('heading', { name: 'Upload #2' });
    expect(
      screen.queryByRole('link', { name: 'Describe and submit it in My datasets' }),
    ).toBeNull();
  });

  it("answers another user's or a missing upload with 'Upload Not Found'", async () => {
    renderApp('/uploads/99', {
      ...LOGGED_IN,
      'GET /api/auth/uploads/{uploadId}/': errorResponse(404, 'Upload 99 not found.', 'NOT_FOUND'),
    });
    expect(await screen.findByText('Upload Not Found')).toBeTruthy();
  });
});
