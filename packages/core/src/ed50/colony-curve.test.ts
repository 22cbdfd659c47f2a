import { describe, expect, it } from 'vitest';
import cbassDataset from '../../../../fixtures/ed50-reference/cbass_dataset.csv?raw';
import { colonyCurve, computeEds, parseCbassCsv, temperatureGrid } from './index';

const parsed = parseCbassCsv(cbassDataset);
const computation = computeEds(parsed.rows, { curves: false });
const grid = temperatureGrid(parsed.rows.map((row) => row.temperature));

describe('a colony’s own curve from the joint fit', () => {
  it('is the LL.3 curve of the colony’s fitted Hill, Max and ED50', () => {
    // Zugspitze_Nursery_Acropora germania_420_1: drc's Hill 89.4118, Max 0.638132, ED50 38.1428
    // (fixtures/ed50-reference/cbass_example_expected_details.csv).
    const colony = computation.colonies.find(
      (c) => c.key === 'Zugspitze_Nursery_Acropora germania_420_1',
    )!;
    const { ed5, ed50, ed95 } = colony;
    const [atEd5, atEd50, atEd95] = colonyCurve(colony, [ed5.raw!, ed50.raw!, ed95.raw!])!;
    expect(atEd50).toBeCloseTo(0.638132454911575 / 2, 9);
    expect(atEd5).toBeCloseTo(0.95 * 0.638132454911575, 9);
    expect(atEd95).toBeCloseTo(0.05 * 0.638132454911575, 9);
    const expected = (t: number) =>
      0.638132454911575 / (1 + (t / 38.1427586130225) ** 89.411818904394);
    const temperatures = [29, 37, 41];
    colonyCurve(colony, temperatures)!.forEach((value, i) =>
      expect(value).toBeCloseTo(expected(temperatures[i]!), 9),
    );
  });

  it('gives each colony of a group its own curve, falling across the whole grid', () => {
    const group = computation.groups[0]!;
    const curves = group.colonies.map((colony) => colonyCurve(colony, grid)!);
    expect(curves).toHaveLength(10);
    for (const curve of curves) {
      expect(curve).toHaveLength(100);
      expect(curve.every((value, i) => i === 0 || value <= curve[i - 1]!)).toBe(true);
    }
    expect(new Set(curves.map((curve) => curve[50])).size).toBe(10);
  });

  it('is null for a colony that was not part of the joint fit', () => {
    const excluded = {
      ...computation.colonies[0]!,
      status: 'excluded' as const,
      hill: null,
      max: null,
      ed50: { raw: null, value: null, rounded: null },
    };
    expect(colonyCurve(excluded, grid)).toBeNull();
  });
});
