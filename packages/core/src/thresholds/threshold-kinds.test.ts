import { describe, expect, it } from 'vitest';
import { ED_COLUMNS } from '../upload/formats/ed-results-file';
import {
  CBASSED50_FILE_KINDS,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  THRESHOLD_KINDS_BY_LEVEL,
} from './threshold-kinds';

describe("the kinds of CBASSED50's files", () => {
  it('are the kinds marked so, by level: CBASSED50 computes ED5, ED50 and ED95', () => {
    expect(CBASSED50_FILE_KINDS).toEqual(['ed5', 'ed50', 'ed95']);
    expect(CBASSED50_FILE_KINDS).toEqual(
      THRESHOLD_KINDS_BY_LEVEL.filter((kind) => THRESHOLD_KIND_INFO[kind].inCbassed50Files),
    );
  });

  it("are the ED columns the upload reads from the calculator's ED results file", () => {
    const kinds: readonly string[] = THRESHOLD_KINDS;
    expect(ED_COLUMNS.filter((column) => kinds.includes(column.id)).map((c) => c.name)).toEqual(
      CBASSED50_FILE_KINDS.map((kind) => THRESHOLD_KIND_INFO[kind].edLabel),
    );
  });
});
