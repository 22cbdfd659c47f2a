import { describe, expect, it } from 'vitest';
import { conversionFactors, drmConvertStart } from './drm-convert-start';

/**
 * Vectors from drc 3.0-1's drmConvertParm in R 4.2.2 with the reference BLAS/LAPACK (Debian
 * libblas3, liblapack3): the start value 1 converted for each curve, and one full conversion.
 */
describe('drmConvertParm as R computes it', () => {
  it('is the identity only for some row counts (K = 20 curves with 1..20 rows)', () => {
    const rows = Array.from({ length: 20 }, (_, i) => i + 1);
    expect([...conversionFactors(rows)]).toEqual([
      1, 1, 1, 1, 1, 0.99999999999999989, 0.99999999999999978, 1, 1.0000000000000002,
      0.99999999999999989, 1.0000000000000002, 1, 0.99999999999999978, 0.99999999999999967,
      0.99999999999999989, 1, 1, 1.0000000000000002, 0.99999999999999956, 1.0000000000000002,
    ]);
  });

  it('follows LAPACK divide-and-conquer scaling above 25 curves (11 rows: 1 here, 1 + 2^-52 below)', () => {
    const rows = Array.from({ length: 27 }, (_, i) => ((i + 1) % 11) + 3);
    expect([...conversionFactors(rows)]).toEqual([
      1, 1, 0.99999999999999989, 0.99999999999999978, 1, 1.0000000000000002, 0.99999999999999989, 1,
      1, 0.99999999999999978, 1, 1, 1, 0.99999999999999989, 0.99999999999999978, 1,
      1.0000000000000002, 0.99999999999999989, 1, 1, 0.99999999999999978, 1, 1, 1,
      0.99999999999999989, 0.99999999999999978, 1,
    ]);
    expect([...conversionFactors(rows.slice(0, 11))]).toEqual([
      1, 1, 0.99999999999999989, 0.99999999999999978, 1, 1.0000000000000002, 0.99999999999999989,
      1.0000000000000002, 1, 0.99999999999999978, 1,
    ]);
  });

  it('converts the start values of 2 curves with 7 and 4 rows (blocks Hill, Max, ED50)', () => {
    const start = new Float64Array([25.3, 31.1, 0.61, 0.58, 3.61, 3.72]);
    expect([...drmConvertStart(start, start, [7, 4])]).toEqual([
      25.299999999999994, 31.100000000000001, 0.60999999999999988, 0.57999999999999996,
      3.609999999999999, 3.7200000000000002,
    ]);
  });

  it('keeps the zero-replaced values when a converted value is below 1e-10', () => {
    const selfStart = new Float64Array([0, 31.1, 0.61, 0.58, 3.61, 3.72]);
    const startVec = new Float64Array([15.55, 31.1, 0.61, 0.58, 3.61, 3.72]);
    expect([...drmConvertStart(selfStart, startVec, [7, 4])]).toEqual([...startVec]);
  });

  it('leaves a single curve alone (drm does not convert then)', () => {
    const start = new Float64Array([25.3, 0.61, 3.61]);
    expect([...drmConvertStart(start, start, [7])]).toEqual([25.3, 0.61, 3.61]);
  });
});
