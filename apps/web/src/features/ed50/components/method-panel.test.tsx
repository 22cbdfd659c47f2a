import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ED_MODELS } from '@coral/core/ed50';
import { renderApp } from '@/testing/render-app';
import { calculatorStore } from '../api/calculator-store';
import exampleCsv from '../examples/cbass_dataset_raw.csv?raw';
import { computeFile } from '../worker/engine';
import { METHOD_PANEL_SUMMARY, MethodPanel } from './method-panel';

beforeEach(() => calculatorStore.reset());

describe('Method panel (decision 0035)', () => {
  it('explains every method and model, naming only studies the repository cites', async () => {
    const user = userEvent.setup();
    render(<MethodPanel />);
    const panel = screen.getByRole('group', { name: 'Methods explained' });
    await user.click(within(panel).getByText(METHOD_PANEL_SUMMARY));
    const terms = within(panel)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms.slice(0, 3)).toEqual([
      'Joint fit per group (the default)',
      'One fit per colony',
      '95 % intervals',
    ]);
    expect(terms.slice(3).map((term) => term.split(':')[0])).toEqual(
      ED_MODELS.map((model) => `Model ${model}`),
    );
    const definitions = within(panel)
      .getAllByRole('definition')
      .map((definition) => definition.textContent ?? '');
    expect(definitions[0]).toMatch(/exactly as the CBASSED50 R package does it/);
    expect(definitions[0]).toMatch(/Used by: CBASSED50, Iakovleva, Colin & Voolstra 2025\./);
    expect(definitions[1]).toMatch(/Used by: Cunning et al\. 2021, Proc\. R\. Soc\. B\./);
    // LL.3 (the fourth entry) names the studies that used it; no other choice names one.
    expect(definitions[3]).toMatch(
      /Used by: CBASSED50, Iakovleva, Colin & Voolstra 2025; Evensen et al\. 2023, L&O Methods\./,
    );
    definitions.forEach((definition, i) => {
      if (![0, 1, 3].includes(i)) expect(definition).not.toMatch(/Used by/);
      expect(definition).toMatch(/Computed as in: drc, Ritz et al\. 2015, PLoS ONE\.$/);
    });
    // Only DOIs whose use the repository states (home page, fixtures/ed50-reference/README.md,
    // decision 0035).
    const links = within(panel)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(new Set(links)).toEqual(
      new Set([
        'https://doi.org/10.5281/zenodo.8370644',
        'https://doi.org/10.1002/lom3.10555',
        'https://doi.org/10.1098/rspb.2021.1613',
        'https://doi.org/10.1371/journal.pone.0146021',
      ]),
    );
  });

  it('fits another model per colony on the page, with each ED’s 95 % interval, not uploadable', async () => {
    const user = userEvent.setup();
    renderApp('/ed50');
    await user.click(await screen.findByRole('button', { name: 'Try with example data' }));
    await screen.findByText(/all 12 CBASSED50 columns found/);
    expect(screen.getByRole('group', { name: 'Methods explained' })).toBeTruthy();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Method' }),
      'One fit per colony',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'W2.3');
    await user.click(screen.getByRole('button', { name: 'Compute ED values' }));
    await screen.findByRole('heading', { name: '4. Results' }, { timeout: 10_000 });
    expect(screen.getByText(/^Model W2\.3 \(.*\), one fit per colony: /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload these results' })).toBeNull();
    // No group-level fit, so no AIC table.
    expect(screen.queryByRole('region', { name: 'Model fit by group (AIC)' })).toBeNull();
    const engine = await computeFile(
      new Blob([exampleCsv]),
      ['Site', 'Condition', 'Species', 'Timepoint'],
      () => {},
      { fit: 'per-colony', model: 'W2.3' },
    );
    expect(engine.resultsCsv.split('\n')[0]).toMatch(/"ED50_SE","ED50_Lower"/);
    // The table shows the engine's W2.3 interval of the first colony's ED50 (checked against
    // drc 3.0-1 by core's family-intervals reference test).
    const colony = engine.computation.colonies[0]!;
    expect(colony.model).toBe('W2.3');
    const { ed50 } = colony;
    const table = screen.getByRole('region', { name: 'ED values per colony' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(first.textContent).toContain(
      `${ed50.rounded!.toFixed(2)}95 % CI ${ed50.interval!.lower.toFixed(2)}–${ed50.interval!.upper.toFixed(2)}`,
    );
  }, 30_000);
});
