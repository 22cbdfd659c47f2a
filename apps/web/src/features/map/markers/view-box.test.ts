import { describe, expect, it } from 'vitest';
import { covers, requestBox } from './view-box';

describe('requestBox', () => {
  it('asks for the view and half of it again on every side', () => {
    expect(requestBox({ west: 140, south: -30, east: 160, north: -10 })).toEqual({
      west: 130,
      south: -40,
      east: 170,
      north: 0,
    });
  });

  it('asks for the whole world once that is half the view or less, latitudes within ±90', () => {
    // Zoom 0 on a wide screen shows five world copies.
    expect(requestBox({ west: -900, south: -85, east: 900, north: 85 })).toEqual({
      west: -180,
      south: -90,
      east: 180,
      north: 90,
    });
    expect(requestBox({ west: 0, south: -60, east: 180, north: 60 })).toMatchObject({
      west: -180,
      east: 180,
    });
  });

  it('moves a view of another world copy by whole turns, within the ±540 the query accepts', () => {
    const box = requestBox({ west: 1200, south: -20, east: 1230, north: 0 });
    expect(box.west - 1200 + 15).toBeCloseTo(-360 * 3, 6);
    expect(box.west).toBeGreaterThanOrEqual(-540);
    expect(box.east).toBeLessThanOrEqual(540);
    expect((box.west + box.east) / 2).toBeGreaterThanOrEqual(-180);
    expect((box.west + box.east) / 2).toBeLessThan(180);
  });
});

describe('covers', () => {
  const box = requestBox({ west: 170, south: -30, east: 190, north: -10 });

  it('takes a view inside the box, also in another world copy', () => {
    expect(covers(box, { west: 175, south: -25, east: 195, north: -15 })).toBe(true);
    expect(covers(box, { west: 175 - 360, south: -25, east: 195 - 360, north: -15 })).toBe(true);
  });

  it('refuses a view that leaves it', () => {
    expect(covers(box, { west: 195, south: -25, east: 215, north: -15 })).toBe(false);
    expect(covers(box, { west: 175, south: -45, east: 195, north: -35 })).toBe(false);
  });
});
