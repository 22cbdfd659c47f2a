import { describe, expect, it } from 'vitest';
import type { CalculatorResult } from '../worker/protocol';
import { sharedDomains } from './group-curves';

function resultWith(lower: number[], upper: number[]): CalculatorResult {
  const temperature = [29, 35, 38, 42];
  return {
    computation: {
      groups: [{ curve: { temperature, predicted: [0.66, 0.6, 0.3, 0], lower, upper } }],
    },
    points: [{ temperature: [29, 35, 38, 41], pamValue: [0.69, 0.62, 0.2, 0] }],
  } as unknown as CalculatorResult;
}

describe('the shared axes of the curve plots', () => {
  it('span the temperatures and start the response at 0, even where the band dips below it', () => {
    expect(sharedDomains(resultWith([0.6, 0.5, -0.2, 0], [0.7, 0.7, 0.8, 0]))).toEqual({
      temperature: [29, 42],
      response: [0, 0.8],
    });
  });

  it('cut a runaway band (or NaN, drc’s "NaNs produced") instead of flattening the data', () => {
    expect(
      sharedDomains(resultWith([0.6, Number.NaN, -50, 0], [0.7, Number.NaN, 80, 0])).response,
    ).toEqual([0, 1.2]);
  });

  it('never start below 0, whatever the band (Fv/Fm is never negative)', () => {
    const { response } = sharedDomains(resultWith([-3, -3, -3, -3], [0.7, 0.7, 0.7, 0.7]));
    expect(response[0]).toBe(0);
    expect(response[1]).toBeGreaterThanOrEqual(0.7);
  });
});
