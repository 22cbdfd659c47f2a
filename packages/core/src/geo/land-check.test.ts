import { describe, expect, it } from 'vitest';
import { checkLand, isFarInland } from './land-check';
import seedJson from '../../../../fixtures/seed/coralfuture-public.json';

describe('checkLand (Natural Earth 1:10m land)', () => {
  it('the German Alps (the Zugspitze test sheet: 47.42123, 10.98632) are far inland', () => {
    const result = checkLand(47.42123, 10.98632);
    expect(result.onLand).toBe(true);
    expect(result.kmFromSea).toBeGreaterThan(100);
    expect(isFarInland(47.42123, 10.98632)).toBe(true);
  });

  it('seed reef sites are not flagged: Al Fahal reef, Red Sea (22.29634, 38.95914); Vatu-o-lalai, Fiji (-18.20583554, 177.6889888)', () => {
    expect(isFarInland(22.29634, 38.95914)).toBe(false);
    expect(isFarInland(-18.20583554, 177.6889888)).toBe(false);
    // Moore Reef, Great Barrier Reef: the same latitude as Fiji's islands cut at 180°.
    expect(checkLand(-16.88758, 146.18658).onLand).toBe(false);
  });

  it('open sea is not land; Canberra is', () => {
    expect(checkLand(0, -30)).toEqual({ onLand: false, kmFromSea: 0 });
    expect(isFarInland(-35.28, 149.13)).toBe(true);
  });
});

describe('the seed database', () => {
  it('none of its 682 colonies is flagged as far inland', () => {
    const colonies = seedJson.colonies as { name: string; latitude: number; longitude: number }[];
    expect(colonies).toHaveLength(682);
    const flagged = colonies
      .filter((c) => isFarInland(c.latitude, c.longitude))
      .map(
        (c) =>
          `${c.name} (${c.latitude}, ${c.longitude}): ${checkLand(c.latitude, c.longitude).kmFromSea.toFixed(1)} km`,
      );
    expect(flagged).toEqual([]);
  });
});
