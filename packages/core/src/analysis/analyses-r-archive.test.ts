import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import fijiRaw from '../../../../fixtures/datasheets/2022_FJI_Viti_Levu_raw.csv?raw';
import { computeEds } from '../ed50/compute-eds';
import { parseCbassCsv } from '../ed50/parse-cbass-csv';
import { analysesRArchive } from './analyses-r-archive';
import { analysesRScript } from './analyses-r-script';

describe('analysesRArchive (decision 0068)', () => {
  const computation = computeEds(parseCbassCsv(fijiRaw).rows, { curves: false });
  const files = analysesRScript(computation, { factors: ['Species'], pAdjust: 'BH' });

  it('holds every file of the R script, byte for byte', () => {
    const entries = unzipSync(analysesRArchive(files));
    expect(Object.keys(entries)).toEqual(files.map((file) => file.name));
    for (const file of files) expect(strFromU8(entries[file.name]!)).toBe(file.text);
  });

  it('gives the same bytes for the same files', () => {
    expect(analysesRArchive(files)).toEqual(analysesRArchive(files));
  });
});
