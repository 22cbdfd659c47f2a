import { describe, expect, it } from 'vitest';
import { checkUploadPair, prepareUpload } from './prepare-upload';
import { datasheet, datasheetText, textFile, TODAY } from '../../test/upload-test-files';

const options = { today: TODAY };
const cbassRaw = datasheet('cbass_dataset_raw.csv');
const cbassEdText = datasheetText('cbass_dataset_ED50_Results.csv');
const cbassEd = datasheet('cbass_dataset_ED50_Results.csv');

describe('checkUploadPair (the browser check before sending, same rule as the import)', () => {
  it('a matching pair passes, and the import pairs it too', () => {
    expect(checkUploadPair(cbassRaw, cbassEd, options)).toBeNull();
    expect(prepareUpload(cbassRaw, cbassEd, options).ok).toBe(true);
  });

  it('a pair from two different studies: one message naming the field that differs', () => {
    const main = datasheet('2022_FJI_Viti_Levu_raw.csv');
    const check = checkUploadPair(main, cbassEd, options);
    expect(check?.problem).toMatch(
      /^No row of the ED50 results file matches a colony of the main data file\. Site Zugspitze, Feldberg of the ED50 results file are not in the main data file \(it has Vatu-o-lalai, Votua, Tagaqe\)\.$/,
    );
    expect(check?.fix).toContain('2022_FJI_Viti_Levu_raw.csv');
    // The import refuses the same pair row by row (what the worker reported before).
    const imported = prepareUpload(main, cbassEd, options);
    expect(imported.ok).toBe(false);
  });

  it('names a condition that differs when the sites agree', () => {
    const ed = textFile(
      'ED50_Results.csv',
      cbassEdText.replaceAll('"Nursery"', '"Reef"').replaceAll('_Nursery_', '_Reef_'),
    );
    expect(checkUploadPair(cbassRaw, ed, options)?.problem).toMatch(
      /Condition Reef of the ED50 results file is not in the main data file \(it has Nursery, Wild\)\.$/,
    );
  });

  it('an ED file missing one colony’s row names that colony', () => {
    const lines = cbassEdText.trimEnd().split(/\r?\n/);
    const ed = textFile('ED50_Results.csv', lines.slice(0, -1).join('\n') + '\n');
    const check = checkUploadPair(cbassRaw, ed, options);
    expect(check?.problem).toMatch(
      /^The ED50 results file has no row for .*\(main data file row \d+\)\.$/,
    );
    const imported = prepareUpload(cbassRaw, ed, options);
    expect(imported.ok === false && imported.errors.map((e) => e.problem)).toEqual([
      expect.stringMatching(/^The ED50 results file has no row for /),
    ]);
  });
});
