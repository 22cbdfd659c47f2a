import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useState, type ChangeEvent } from 'react';
import { DATA_FILE_ACCEPT } from '@coral/core/ed50';
import { ExternalLink } from '@/components/external-link';
import type { CalculatorState, CalculatorStore } from '../api/calculator-store';
import { kilobytes } from '../utils/ed-display';

export const EXAMPLE_FILE_NAME = 'cbass_dataset_raw.csv';
export const TEMPLATE_URL = '/examples/template_raw.csv';
const REQUIRED_COLUMNS =
  'Project, Date, Country, Latitude, Longitude, Site, Condition, Species, Genotype, Temperature, Timepoint, Pam_value';

/** The CBASSED50 example, loaded (as its own small chunk) only when asked for. */
async function exampleFile(): Promise<File> {
  const { default: text } = await import('../examples/cbass_dataset_raw.csv?raw');
  return new File([text], EXAMPLE_FILE_NAME, { type: 'text/csv' });
}

/** Step 1: a raw CBASS file from the computer, or the example; the blank template. */
export function ChooseData({ state, store }: { state: CalculatorState; store: CalculatorStore }) {
  const [loadError, setLoadError] = useState<string | null>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setLoadError(null);
    if (file) void store.chooseFile(file, 'file');
  };
  const useExample = () => {
    setLoadError(null);
    exampleFile().then(
      (file) => store.chooseFile(file, 'example'),
      () => setLoadError('The example data could not be loaded. Reload the page and try again.'),
    );
  };
  return (
    <section aria-labelledby="ed50-choose-heading" className="mb-4">
      <h2 id="ed50-choose-heading" className="h4">
        1. Choose your data
      </h2>
      <p>
        A CSV file or an Excel workbook (.xlsx, its first sheet) in the raw CBASS format: one row
        per nubbin with the columns <span className="ed50-columns">{REQUIRED_COLUMNS}</span>, as for
        CBASSED50.
      </p>
      <div className="row g-3 align-items-end">
        <Form.Group controlId="ed50-file" className="col-12 col-md-6">
          <Form.Label className="fw-semibold">Raw CBASS data file (CSV or XLSX)</Form.Label>
          <Form.Control type="file" accept={DATA_FILE_ACCEPT} onChange={choose} />
        </Form.Group>
        <div className="col-12 col-md-6 d-flex flex-wrap gap-2">
          <Button variant="outline-primary" onClick={useExample}>
            Try with example data
          </Button>
          <a className="btn btn-outline-secondary" href={TEMPLATE_URL} download="template_raw.csv">
            Download the blank template
          </a>
        </div>
      </div>
      {loadError && (
        <p className="text-danger mt-2" role="alert">
          {loadError}
        </p>
      )}
      {state.file && (
        <p className="mt-3 mb-0" aria-live="polite">
          <span className="fw-semibold">Selected:</span> {state.file.name} (
          {kilobytes(state.file.size)})
          {state.source === 'example' && (
            <>
              {' '}
              — the CBASSED50 example data (simulated; Iakovleva, Colin &amp; Voolstra 2025,{' '}
              <ExternalLink href="https://doi.org/10.5281/zenodo.8370644">
                doi:10.5281/zenodo.8370644
              </ExternalLink>
              )
            </>
          )}
        </p>
      )}
    </section>
  );
}
