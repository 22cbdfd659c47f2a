import type { RangeBounds } from '@coral/core';

/** How markers are coloured: mean ED50 in °C, or mean ED50 − MMM (relative) in °C. */
export type ColorMode = 'absolute' | 'relative';

/**
 * ColorBrewer RdYlBu (5 classes, reversed): readable by people with the common colour-vision
 * deficiencies; low thermal tolerance is blue, high is red.
 */
export const SCALE_COLORS = ['#2c7bb6', '#abd9e9', '#ffffbf', '#fdae61', '#d7191c'] as const;
export const NO_DATA_COLOR = '#8a8a8a';

export interface ColorBin {
  from: number;
  to: number;
  color: string;
}

export interface ColorScale {
  bins: ColorBin[];
  colorOf: (value: number) => string;
}

/**
 * Five equal bins over the dataset's trustworthy range (the max-min defaults); values beyond it
 * take the end colours, a missing value (NaN) the grey of 'no ED50'.
 */
export function colorScale({ min, max }: RangeBounds): ColorScale {
  const width = (max - min) / SCALE_COLORS.length;
  const bins = SCALE_COLORS.map((color, i) => ({
    from: min + i * width,
    to: i === SCALE_COLORS.length - 1 ? max : min + (i + 1) * width,
    color,
  }));
  return {
    bins,
    colorOf(value) {
      if (Number.isNaN(value)) return NO_DATA_COLOR;
      if (!(width > 0)) return SCALE_COLORS[2];
      const bin = Math.floor((value - min) / width);
      return SCALE_COLORS[Math.max(0, Math.min(SCALE_COLORS.length - 1, bin))]!;
    },
  };
}
