import { describe, expect, it } from 'vitest';
import { formatRNumber } from './r-number-format';

describe('formatRNumber (as write.csv prints numbers)', () => {
  it.each([
    [38.4, '38.4'],
    [420, '420'],
    [36.91, '36.91'],
    [1e5, '1e+05'],
    [0.0001, '1e-04'],
    [1 / 3, '0.333333333333333'],
    [0.1 + 0.2, '0.3'],
    [NaN, 'NaN'],
  ])('%s → %s', (x, text) => {
    expect(formatRNumber(x)).toBe(text);
  });
});
