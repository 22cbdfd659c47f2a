import { ZDatasetMetadata, type TDatasetMetadata } from '@coral/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DatasetMetadataForm, type DatasetMetadataFormProps } from './dataset-metadata-form';

function renderForm(props: Partial<DatasetMetadataFormProps> = {}) {
  const user = userEvent.setup();
  const onSave = vi.fn<(metadata: TDatasetMetadata) => void>();
  const onSaveAndSubmit = vi.fn<(metadata: TDatasetMetadata) => void>();
  const view = render(
    <DatasetMetadataForm
      idPrefix="t"
      onSave={onSave}
      onSaveAndSubmit={onSaveAndSubmit}
      {...props}
    />,
  );
  return { user, onSave, onSaveAndSubmit, view };
}

const complete = ZDatasetMetadata.parse({
  title: 'Zugspitze heat tolerance',
  description: 'CBASS assays of Acropora germania.',
  creators: [{ name: 'Ann Lee', orcid: '0000-0002-1825-0097' }],
});

describe('Dataset metadata form', () => {
  it('checks an ORCID iD’s check digit while it is typed', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add a creator' }));
    await user.type(screen.getByLabelText('Creator 1: name'), 'Ann Lee');
    const orcid = screen.getByLabelText('Creator 1: ORCID iD');
    await user.type(orcid, '0000-0002-1825-0098');
    expect(orcid.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText(
        'This ORCID iD’s check digit (the last character) does not match: check for a typo.',
      ).id,
    ).toBe(orcid.getAttribute('aria-describedby'));
    await user.clear(orcid);
    await user.type(orcid, 'https://orcid.org/0000-0002-1825-0097');
    expect(orcid.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Valid ORCID iD')).toBeTruthy();
  });

  it('refuses a DOI that is not one, next to its field, and does not save', async () => {
    const { user, onSave } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add a publication' }));
    const doi = screen.getByLabelText('Publication 1: DOI');
    await user.type(doi, 'No doi available');
    await user.tab();
    expect(screen.getByText(/^Not a DOI: it starts with 10\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('One field needs your attention.');

    await user.clear(doi);
    await user.type(doi, 'https://doi.org/10.1111/gcb.15148');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0].related_publications).toEqual([
      { doi: '10.1111/gcb.15148', title: null },
    ]);
  });

  it('reports a missing licence when submitting for review, then submits with one', async () => {
    const { user, onSave, onSaveAndSubmit } = renderForm({ initial: complete });
    await user.click(screen.getByRole('button', { name: 'Save and submit for review' }));
    expect(screen.getByText('Choose a licence before submitting for review.')).toBeTruthy();
    expect(onSaveAndSubmit).not.toHaveBeenCalled();
    // A plain save does not need the licence yet.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);

    const ccBy = screen.getByRole('radio', { name: /^CC BY 4\.0/ });
    expect(
      screen.getAllByRole('link', { name: /Read the licence/ }).map((a) => a.getAttribute('href')),
    ).toContain('https://creativecommons.org/licenses/by/4.0/');
    await user.click(ccBy);
    await user.click(screen.getByRole('button', { name: 'Save and submit for review' }));
    expect(onSaveAndSubmit).toHaveBeenCalledTimes(1);
    const sent = onSaveAndSubmit.mock.calls[0]![0];
    expect(sent.licence).toBe('CC-BY-4.0');
    expect(sent.creators).toEqual([
      { name: 'Ann Lee', affiliation: null, orcid: '0000-0002-1825-0097' },
    ]);
  });

  it('requires an embargo date in the future and "other" choices to be described', async () => {
    const { user, onSave } = renderForm({ initial: complete });
    const embargo = screen.getByLabelText('Embargo until (optional)');
    await user.type(embargo, '2001-01-01');
    expect(
      screen.getByText('An embargo date must be in the future (or leave it empty).'),
    ).toBeTruthy();
    await user.clear(embargo);
    await user.selectOptions(screen.getByLabelText('PAM instrument'), 'other');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Name the PAM instrument.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Name the PAM instrument'), 'Homemade fluorometer');
    await user.type(screen.getByLabelText('Hold temperatures (°C)'), '30, 33, 36, 39');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0]![0].protocol).toMatchObject({
      pam_instrument: 'other',
      pam_instrument_other: 'Homemade fluorometer',
      hold_temperatures_c: [30, 33, 36, 39],
    });
  });

  it('shows the server’s messages next to the fields they name until they are edited', async () => {
    const { user } = renderForm({
      initial: complete,
      serverErrors: { 'creators.0.orcid': 'The server does not like this iD.' },
    });
    expect(screen.getByText('The server does not like this iD.')).toBeTruthy();
    await user.type(screen.getByLabelText('Creator 1: affiliation'), 'KAUST');
    expect(screen.getByText('The server does not like this iD.')).toBeTruthy();
    await user.type(screen.getByLabelText('Creator 1: ORCID iD'), '{Backspace}7');
    expect(screen.queryByText('The server does not like this iD.')).toBeNull();
  });

  it('edits only the descriptive fields of a published version', async () => {
    // A protocol that the full form would question ("other" without its name) holds up nothing.
    const published = ZDatasetMetadata.parse({
      ...complete,
      protocol: { pam_instrument: 'other' },
    });
    const { user, onSave } = renderForm({
      initial: published,
      descriptiveOnly: true,
      onSaveAndSubmit: undefined,
    });
    await user.type(screen.getByLabelText('Keywords'), 'heat, Acropora');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0]![0].keywords).toEqual(['heat', 'Acropora']);
    expect(screen.getByLabelText('Title')).toBeTruthy();
    expect(screen.getByLabelText('Description')).toBeTruthy();
    expect(screen.getByLabelText('Keywords')).toBeTruthy();
    expect(screen.queryByLabelText('Creator 1: name')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByLabelText('Embargo until (optional)')).toBeNull();
  });
});
