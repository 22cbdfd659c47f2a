import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import fijiRaw from '../../../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import { NO_RESIDUAL_DF_NOTE, pooledCurveModelNote } from '@coral/core/ed50';
import { renderApp } from '@/testing/render-app';
import { calculatorStore } from '../api/calculator-store';

/** What the page says in plain words before and after computing (decision 0062). */
const fileInput = () => screen.getByLabelText('Raw CBASS data file (CSV or XLSX)');

/**
 * Derived from the real Viti Levu file: its two seasons moved from Condition to Timepoint
 * (Condition "Field"), so each genotype has two timepoints, as a T1/T2 design has.
 */
function seasonsAsTimepoints(): File {
  const lines = fijiRaw.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0]!.split(',');
  const condition = header.indexOf('Condition');
  const timepoint = header.indexOf('Timepoint');
  const text = lines
    .map((line, i) => {
      if (i === 0 || line === '') return line;
      const cells = line.split(',');
      cells[timepoint] = cells[condition]!;
      cells[condition] = 'Field';
      return cells.join(',');
    })
    .join('\n');
  return new File([text], 'viti-levu-timepoints.csv', { type: 'text/csv' });
}

beforeEach(() => calculatorStore.reset());

describe('honest notes on the calculator page', { timeout: 60_000 }, () => {
  it('says before computing that unticking Timepoint merges a genotype’s T1 and T2', async () => {
    const user = userEvent.setup();
    renderApp('/ed50');
    await screen.findByRole('heading', { level: 1, name: 'ED50 Calculator' });
    await user.upload(fileInput(), seasonsAsTimepoints());
    const timepoint = await screen.findByRole('checkbox', { name: 'Timepoint' });
    expect(screen.queryByTestId('ed50-merge-warning')).toBeNull();
    await user.click(timepoint);
    expect(screen.getByTestId('ed50-merge-warning').textContent).toBe(
      'Without Timepoint in the grouping, rows of one genotype with different Timepoint values are merged into one colony and fitted as one curve (e.g. genotype 1: Timepoint Winter and Summer). Tick Timepoint to keep them apart; compute anyway only if they are the same colony measured once.',
    );
    await user.click(timepoint);
    expect(screen.queryByTestId('ed50-merge-warning')).toBeNull();
  });

  it('the real file warns the same way when Condition (its seasons) is unticked', async () => {
    const user = userEvent.setup();
    renderApp('/ed50');
    await screen.findByRole('heading', { level: 1, name: 'ED50 Calculator' });
    await user.upload(fileInput(), new File([fijiRaw], 'viti-levu.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Condition' }));
    expect(screen.getByTestId('ed50-merge-warning').textContent).toMatch(
      /^Without Condition in the grouping, rows of one genotype with different Condition values are merged/,
    );
  });

  it('with LL.4 says why the pooled curve stays LL.3 and why the intervals are NA', async () => {
    const user = userEvent.setup();
    renderApp('/ed50');
    await user.click(await screen.findByRole('button', { name: 'Try with example data' }));
    await screen.findByText(/all 12 CBASSED50 columns found/);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Method' }),
      'One fit per colony',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'LL.4');
    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    await screen.findByRole('heading', { name: '4. Results' }, { timeout: 30_000 });
    const notes = screen.getByTestId('ed50-computation-notes').textContent;
    expect(notes).toContain(pooledCurveModelNote('LL.4'));
    expect(notes).toContain(NO_RESIDUAL_DF_NOTE);
  });

  it('says nothing of the kind for CBASSED50’s default', async () => {
    const user = userEvent.setup();
    renderApp('/ed50');
    await user.click(await screen.findByRole('button', { name: 'Try with example data' }));
    await screen.findByText(/all 12 CBASSED50 columns found/);
    expect(screen.queryByTestId('ed50-merge-warning')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    await screen.findByRole('heading', { name: '4. Results' }, { timeout: 30_000 });
    expect(screen.queryByTestId('ed50-computation-notes')).toBeNull();
  });
});
