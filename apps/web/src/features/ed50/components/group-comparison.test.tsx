import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import example from '../examples/cbass_dataset_raw.csv?raw';
import { computeFile } from '../worker/engine';
import { COMPARISON_HEADING, GroupComparison, POOLED_HEADING } from './group-comparison';

const exampleResult = () =>
  computeFile(
    new File([example], 'cbass_dataset_raw.csv'),
    ['Site', 'Condition', 'Species', 'Timepoint'],
    () => {},
  );

describe('pooled EDs and the group comparison on the calculator page (decision 0033)', () => {
  it("shows each group's pooled EDs with their intervals", async () => {
    const result = await exampleResult();
    render(<GroupComparison result={result} />);
    const table = screen.getByRole('region', { name: POOLED_HEADING }).querySelector('table')!;
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(1 + 6);
    const group = result.computation.groups[result.summaryOrder[0]!]!;
    const ed50 = group.curve!.eds.ed50;
    expect(rows[1]!.textContent).toContain(
      `${ed50.value.toFixed(2)} (${ed50.interval!.lower.toFixed(2)}–${ed50.interval!.upper.toFixed(2)})`,
    );
    expect(screen.getByRole('button', { name: 'Download Pooled_EDs.csv' })).toBeTruthy();
  });

  it("lists R's 15 pairs for ED50, switches to ED95, and plots the differences", async () => {
    const result = await exampleResult();
    render(<GroupComparison result={result} />);
    const ed50Table = screen
      .getByRole('region', { name: `${COMPARISON_HEADING}: ED50` })
      .querySelector('table')!;
    expect(within(ed50Table).getAllByRole('row')).toHaveLength(1 + 15);
    const first = result.comparisons.ed50.comparison!.pairs[0]!;
    expect(within(ed50Table).getAllByRole('row')[1]!.textContent).toContain(
      `${first.lower.toFixed(2)} to ${first.upper.toFixed(2)}`,
    );
    expect(
      screen.getByRole('img', {
        name: 'Differences of mean ED50 between groups with 95 % intervals',
      }),
    ).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Threshold'), 'ed95');
    expect(screen.getByRole('region', { name: `${COMPARISON_HEADING}: ED95` })).toBeTruthy();
  });

  it('says why groups cannot be compared', async () => {
    const lines = example.trimEnd().split(/\r?\n/);
    // One group only: nothing to compare.
    const oneGroup = [
      lines[0],
      ...lines.slice(1).filter((line) => line.includes('Zugspitze,Nursery,Acropora')),
    ].join('\n');
    const result = await computeFile(
      new File([oneGroup], 'one.csv'),
      ['Site', 'Condition', 'Species', 'Timepoint'],
      () => {},
    );
    render(<GroupComparison result={result} />);
    expect(screen.getByText('At least two groups with values are needed to compare.')).toBeTruthy();
  });
});
