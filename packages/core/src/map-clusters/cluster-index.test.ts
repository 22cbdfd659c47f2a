import { describe, expect, it } from 'vitest';
import { frameBox } from './cluster-index';

describe('frameBox', () => {
  it('moves the view into the rotated frame', () => {
    expect(frameBox({ west: 170, south: -25, east: 195, north: -5 }, 183.5)).toEqual([
      -13.5, -25, 11.5, -5,
    ]);
    expect(frameBox({ west: -10, south: 0, east: 10, north: 5 }, 0)).toEqual([-10, 0, 10, 5]);
  });

  it('shows everything when the view is a world wide or wider', () => {
    expect(frameBox({ west: -200, south: -80, east: 160, north: 80 }, 183.5)).toEqual([
      -180, -80, 180, 80,
    ]);
    expect(frameBox({ west: -400, south: -85, east: 320, north: 85 }, 0)).toEqual([
      -180, -85, 180, 85,
    ]);
  });
});
