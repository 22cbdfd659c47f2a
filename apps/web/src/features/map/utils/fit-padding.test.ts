import { describe, expect, it } from 'vitest';
import { FIT_GAP, fitPaddingFor, LARGEST_MARKER_RADIUS } from './fit-padding';

const clear = FIT_GAP + LARGEST_MARKER_RADIUS;

describe('fitPaddingFor', () => {
  it('keeps a marker outline 40 px from the bare edges', () => {
    expect(fitPaddingFor({ width: 390, height: 788 }, [])).toEqual({
      topLeft: [clear, clear],
      bottomRight: [clear, clear],
    });
    expect(clear - LARGEST_MARKER_RADIUS).toBe(40);
  });

  it('on a phone, keeps clear of the funnel at the top and the count and downloads below', () => {
    const padding = fitPaddingFor({ width: 390, height: 788 }, [
      { left: 12, top: 12, right: 60, bottom: 50 }, // funnel button
      { left: 130, top: 728, right: 260, bottom: 760 }, // count
      { left: 12, top: 640, right: 378, bottom: 720 }, // downloads
    ]);
    expect(padding).toEqual({ topLeft: [clear, 50 + clear], bottomRight: [clear, 148 + clear] });
  });

  it('keeps clear of a desktop sidebar, but not of one that covers a phone', () => {
    const desktop = fitPaddingFor({ width: 1280, height: 700 }, [
      { left: 12, top: 12, right: 332, bottom: 688 },
    ]);
    expect(desktop.topLeft).toEqual([332 + clear, clear]);
    const phone = fitPaddingFor({ width: 390, height: 788 }, [
      { left: 12, top: 12, right: 378, bottom: 776 },
    ]);
    expect(phone.topLeft).toEqual([clear, clear]);
  });

  it('ignores overlays that are not shown (empty boxes)', () => {
    expect(
      fitPaddingFor({ width: 800, height: 600 }, [{ left: 0, top: 0, right: 0, bottom: 0 }]),
    ).toEqual({ topLeft: [clear, clear], bottomRight: [clear, clear] });
  });
});
