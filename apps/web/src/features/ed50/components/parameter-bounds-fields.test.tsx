import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { calculatorStore } from '../api/calculator-store';
import exampleCsv from '../examples/cbass_dataset_raw.csv?raw';
import { EMPTY_BOUND_FIELDS, boundsFromFields } from '../utils/bounds-fields';
import { computeFile } from '../worker/engine';

describe('boundsFromFields', () => {
  it('reads the filled fields as drm limits; none filled is no limits', () => {
    expect(boundsFromFields(EMPTY_BOUND_FIELDS)).toEqual({ bounds: null, error: null });
    expect(
      boundsFromFields({
        lower: { b: '20', d: '', e: ' 30 ' },
        upper: { b: '100', d: '0.7', e: '' },
      }),
    ).toEqual({ bounds: { lower: { b: 20, e: 30 }, upper: { b: 100, d: 0.7 } }, error: null });
  });

  it('says what is wrong', () => {
    expect(boundsFromFields({ ...EMPTY_BOUND_FIELDS, lower: { b: 'x', d: '', e: '' } }).error).toBe(
      'The lower bound of b ("x") is not a number.',
    );
    expect(
      boundsFromFields({ lower: { b: '100', d: '', e: '' }, upper: { b: '20', d: '', e: '' } })
        .error,
    ).toBe('The lower bound of b (Hill slope) (100) must be below its upper bound (20).');
  });
});

beforeEach(() => calculatorStore.reset());

describe('Method panel: parameter bounds', { timeout: 30_000 }, () => {
  it('fits the example with Hill 20–100: drc’s bounded numbers, downloadable, not uploadable', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:test/${blobs.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/ed50');
    await user.click(await screen.findByRole('button', { name: 'Try with example data' }));
    await screen.findByText(/all 12 CBASSED50 columns found/);
    const toggle = screen.getByRole('checkbox', {
      name: 'Limit the curve parameters (drc’s lowerl / upperl)',
    });
    expect(screen.queryByRole('textbox', { name: 'Lower bound of Hill slope (b)' })).toBeNull();
    await user.click(toggle);
    const lower = screen.getByRole('textbox', { name: 'Lower bound of Hill slope (b)' });
    const upper = screen.getByRole('textbox', { name: 'Upper bound of Hill slope (b)' });
    await user.type(lower, '200');
    await user.type(upper, '100');
    expect(screen.getByRole('alert').textContent).toBe(
      'The lower bound of b (Hill slope) (200) must be below its upper bound (100).',
    );
    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    expect(screen.queryByRole('heading', { name: '4. Results' })).toBeNull();
    await user.clear(lower);
    await user.type(lower, '20');
    expect(screen.queryByRole('alert')).toBeNull();
    // Another model family takes no bounds: the fields disappear.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'W1.3');
    expect(screen.queryByRole('checkbox', { name: /Limit the curve parameters/ })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'LL.3');
    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    await screen.findByRole('heading', { name: '4. Results' }, { timeout: 10_000 });
    expect(screen.getByText(/lowerl = c\(20, NA, NA\), upperl = c\(100, NA, NA\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload these results' })).toBeNull();
    const expected = await computeFile(
      new Blob([exampleCsv]),
      ['Site', 'Condition', 'Species', 'Timepoint'],
      () => {},
      { bounds: { lower: { b: 20 }, upper: { b: 100 } } },
    );
    await user.click(screen.getByRole('button', { name: 'Download ED50_Results.csv' }));
    expect(await blobs.at(-1)!.text()).toBe(expected.resultsCsv);
    const unbounded = await computeFile(
      new Blob([exampleCsv]),
      ['Site', 'Condition', 'Species', 'Timepoint'],
      () => {},
    );
    expect(expected.resultsCsv).not.toBe(unbounded.resultsCsv);
  });
});
