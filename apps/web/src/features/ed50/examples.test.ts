import { describe, expect, it } from 'vitest';
import exampleFixture from '../../../../../fixtures/datasheets/cbass_dataset_raw.csv?raw';
import templateFixture from '../../../../../fixtures/datasheets/template_raw.csv?raw';
import templateCopy from '../../../public/examples/template_raw.csv?raw';
import exampleCopy from './examples/cbass_dataset_raw.csv?raw';

/** Provenance: the files the page offers are the fixtures, byte for byte (README.md there). */
describe('example files of the calculator', () => {
  it('"Try with example data" is the CBASSED50 example unchanged', () => {
    expect(exampleCopy).toBe(exampleFixture);
  });

  it('the blank template is the official one unchanged (with its BOM)', () => {
    expect(templateCopy).toBe(templateFixture);
    expect(templateCopy.charCodeAt(0)).toBe(0xfeff);
  });
});
