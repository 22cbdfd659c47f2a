import { describe, expect, it } from 'vitest';
import { groupUploadErrors } from './error-groups';
import { prepareUpload } from './prepare-upload';
import type { UploadError } from './problems';
import { datasheet, TODAY } from '../../test/upload-test-files';

const error = (row: number | null, problem: string, fix = 'Fix it.'): UploadError => ({
  file: 'main',
  row,
  column: 'Date',
  value: null,
  problem,
  fix,
});

describe('groupUploadErrors', () => {
  it('a mismatched pair (decision 0022): one line per kind instead of one per row', () => {
    const result = prepareUpload(
      datasheet('2022_FJI_Viti_Levu_raw.csv'),
      datasheet('cbass_dataset_ED50_Results.csv'),
      { today: TODAY },
    );
    if (result.ok) throw new Error('the pair should be refused');
    const groups = groupUploadErrors(result.errors);
    expect(result.errors).toHaveLength(199);
    expect(groups.map((g) => g.summary)).toEqual([
      '60 rows: No colony in the main data file matches this row (Site …); first 5: rows 2, 3, 4, 5, 6',
      '139 rows: The ED50 results file has no row for Site …; first 5: rows 2, 3, 4, 5, 6',
    ]);
    expect(groups.map(({ file, count, column }) => ({ file, count, column }))).toEqual([
      { file: 'ed50', count: 60, column: 'GroupingProperty' },
      { file: 'main', count: 139, column: 'Genotype' },
    ]);
  });

  it('shows what differs as …, keeps a problem that is the same on every row as it is', () => {
    const groups = groupUploadErrors([
      error(4, '"2022-13-01" is not a real calendar date.'),
      error(7, '"31/02/2022" is not a real calendar date.'),
      error(9, 'Date is empty.', 'Enter the date.'),
      error(12, 'Date is empty.', 'Enter the date.'),
    ]);
    expect(groups.map((g) => g.summary)).toEqual([
      '2 rows: "…" is not a real calendar date; rows 4, 7',
      '2 rows: Date is empty; rows 9, 12',
    ]);
  });

  it('a single row, a file-level problem, and "Genotype 1" vs "Genotype 12" (whole words only)', () => {
    expect(
      groupUploadErrors([
        error(3, 'No row for Genotype 1.'),
        error(4, 'No row for Genotype 12.'),
        error(null, 'The main data file has no Date column.', 'Add a Date column.'),
        error(5, 'Odd.', 'Other fix.'),
      ]).map((g) => g.summary),
    ).toEqual([
      '2 rows: No row for Genotype …; rows 3, 4',
      'The main data file has no Date column.',
      'Row 5: Odd.',
    ]);
  });

  it('counts the rows the report only summed up ("…and N more rows")', () => {
    const listed = Array.from({ length: 200 }, (_, i) => error(i + 2, `"x${i}" is not a number.`));
    const [group] = groupUploadErrors([
      ...listed,
      error(null, '…and 50 more rows with the same problem: "x200" is not a number.'),
    ]);
    expect(group).toMatchObject({ count: 250, rows: [2, 3, 4, 5, 6] });
    expect(group!.summary).toBe('250 rows: "…" is not a number; first 5: rows 2, 3, 4, 5, 6');
  });
});
