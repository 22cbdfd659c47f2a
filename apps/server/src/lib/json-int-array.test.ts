import { describe, expect, it } from 'vitest';
import { jsonIntArray } from './json-int-array';

describe('jsonIntArray', () => {
  it('writes what JSON.stringify writes', () => {
    const values = [0, 7, 10, 99, 100, 1234567, -1, -10, 2 ** 31 - 1, -(2 ** 31)];
    for (let i = 0; i < 1000; i++) values.push(Math.floor((Math.random() - 0.5) * 2 ** 32));
    expect(jsonIntArray(values).toString()).toBe(JSON.stringify(values));
    expect(jsonIntArray(Int32Array.from([3, 1, 2])).toString()).toBe('[3,1,2]');
    expect(jsonIntArray([]).toString()).toBe('[]');
  });

  it('refuses what is not a 32-bit integer', () => {
    expect(() => jsonIntArray([1.5])).toThrow(/not a 32-bit integer: 1.5/);
    expect(() => jsonIntArray([2 ** 31])).toThrow(/not a 32-bit integer/);
  });
});
