import { describe, expect, it } from 'vitest';
import { assessColony } from './colony-flags';
import { colonyStats } from './colony-stats';

describe('assessColony notes', () => {
  it('prints temperatures with 2 decimals (decision 0024: 39.0036 is not "39 °C")', () => {
    const temperature = [30, 30, 33, 33, 36, 36, 39, 39];
    const response = [0.6, 0.61, 0.58, 0.59, 0.45, 0.46, 0.33, 0.32];
    const { flags } = assessColony(
      colonyStats(temperature, response),
      { hill: 8, max: 0.6, ed: { ed5: 35.1, ed50: 39.0036, ed95: 43.2 }, convergence: 0 },
      { medianMax: null, fvFmScale: true },
    );
    const midpoint = flags.find((flag) => flag.code === 'ed50_not_estimable');
    expect(midpoint?.message).toBe(
      'ED50 above the highest temperature tested (not estimable): the response did not fall to half of its maximum within 30.00 °C–39.00 °C; drc extrapolates 39.00 °C.',
    );
  });

  it('lists the distinct temperatures of a colony with too few of them with 2 decimals', () => {
    const { flags } = assessColony(
      colonyStats([36, 36, 39.5, 39.5], [0.6, 0.6, 0.2, 0.2]),
      { hill: 8, max: 0.6, ed: { ed5: 36.1, ed50: 38, ed95: 39.4 }, convergence: 0 },
      { medianMax: null, fvFmScale: true },
    );
    expect(flags[0]?.message).toMatch(/^Only 2 distinct temperatures \(36\.00, 39\.50 °C\)/);
  });
});

describe('a fit that does not follow falling data (decision 0027)', () => {
  it('says the fit collapsed, not that the response did not fall', () => {
    const temperature = [30, 30, 33, 33, 36, 36, 39, 39];
    const response = [0.6, 0.62, 0.55, 0.57, 0.4, 0.42, 0.2, 0.22];
    const { flags, reportable } = assessColony(
      colonyStats(temperature, response),
      { hill: 0.9, max: 0.5, ed: { ed5: 12, ed50: 58.59, ed95: 400 }, convergence: 0 },
      { medianMax: null, fvFmScale: true },
    );
    expect(flags[0]).toEqual({
      code: 'ed50_not_estimable',
      message:
        'ED50 not estimable: the fitted curve does not fall to half of its maximum within 30.00 °C–39.00 °C (drc extrapolates 58.59 °C), although the measurements do: their mean falls from 0.61 at 30.00 °C to 0.21 at 39.00 °C. The group\'s joint fit collapsed for this colony instead of following the data, so its values are not reported. A fit of this colony alone may follow them: try the per-colony fit (on the calculator page: Method "One fit per colony"; CLI: ed50 --fit per-colony).',
    });
    expect(reportable.ed50).toBe(false);
  });

  it('does not offer the per-colony fit when the colony was already fitted alone', () => {
    const { flags } = assessColony(
      colonyStats([30, 33, 36, 39], [0.6, 0.55, 0.4, 0.2]),
      { hill: 0.9, max: 0.5, ed: { ed5: 12, ed50: 58.59, ed95: 400 }, convergence: 0 },
      { medianMax: null, fvFmScale: true },
      'per-colony',
    );
    expect(flags[0]?.message).toMatch(
      /The fit collapsed instead of following the data, so its values are not reported\.$/,
    );
    expect(flags[0]?.message).not.toContain('--fit per-colony');
  });
});
