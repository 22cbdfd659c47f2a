import { describe, expect, it } from 'vitest';
import { longitudeOffset, toFrame, toMap, wrapLongitude } from './antimeridian';

describe('wrapLongitude', () => {
  it.each([
    [0, 0],
    [180, -180],
    [-180, -180],
    [190, -170],
    [-190, 170],
    [540, -180],
    [359.5, -0.5],
  ])('%s → %s', (input, output) => {
    expect(wrapLongitude(input)).toBeCloseTo(output, 9);
  });
});

describe('longitudeOffset', () => {
  it('is 0 for data that does not cross the antimeridian', () => {
    expect(longitudeOffset([])).toBe(0);
    expect(longitudeOffset([147.5])).toBe(0);
    expect(longitudeOffset([-80, -69, 39, 54, 147])).toBe(0);
  });

  it('centres Fiji and American Samoa', () => {
    const offset = longitudeOffset([177.689, -170.7]);
    // The pair spans 11.6° across the antimeridian; its centre is at about −176.5°.
    expect(offset).toBeCloseTo(-176.5, 1);
    expect(toFrame(177.689, offset)).toBeCloseTo(-5.8, 1);
    expect(toFrame(-170.7, offset)).toBeCloseTo(5.8, 1);
  });

  it('puts the seam in the widest empty stretch: the seed’s Atlantic', () => {
    // Florida, Curaçao, Red Sea, Arabian Gulf, GBR, Fiji, American Samoa.
    const seed = [-80.1, -68.9, 39.0, 54.4, 147.5, 177.7, -170.7];
    const offset = longitudeOffset(seed);
    const frame = seed.map((lon) => toFrame(lon, offset));
    // Contiguous in the frame: Fiji and Samoa are neighbours, the Caribbean is at the far end.
    expect(Math.abs(frame[5]! - frame[6]!)).toBeCloseTo(11.6, 1);
    expect(Math.max(...frame) - Math.min(...frame)).toBeCloseTo(360 - (39.0 + 68.9), 1);
  });

  it('treats a longitude of 180 like −180', () => {
    expect(longitudeOffset([180, -179])).toBe(0);
    expect(longitudeOffset([179.9, -179.9])).toBeCloseTo(-180, 9);
  });
});

describe('toMap', () => {
  it('draws a frame longitude at frame + offset by default', () => {
    expect(toMap(5.8, -176.5)).toBeCloseTo(-170.7, 9);
    expect(toMap(-5.8, -176.5)).toBeCloseTo(-182.3, 9);
  });

  it('picks the world copy nearest to the view', () => {
    expect(toMap(0, 0, 350)).toBe(360);
    expect(toMap(10, 0, -340)).toBe(-350);
    expect(toMap(10, 0, 100)).toBe(10);
  });
});
