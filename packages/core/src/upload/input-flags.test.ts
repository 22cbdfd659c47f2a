import { describe, expect, it } from 'vitest';
import { prepareUpload } from './prepare-upload';
import { datasheetText, textFile, TODAY } from '../../test/upload-test-files';

/**
 * The calculator's input rules at upload (decision 0062), on the real cbass_84.csv (Voolstra et
 * al. 2021) and on copies changed in one stated way each.
 */
const lines = datasheetText('cbass_84.csv').split('\n');
const PAM = lines[0]!.split(',').indexOf('Observation.pam_value');

function upload(text: string) {
  return prepareUpload(textFile('m.csv', text), null, { today: TODAY });
}

/** cbass_84 with colony AF1's PAM values changed by `change`. */
function withAf1(change: (value: number) => number): string {
  return lines
    .map((line) => {
      const cells = line.split(',');
      if (cells[3] !== 'AF1') return line;
      cells[PAM] = String(change(Number(cells[PAM])));
      return cells.join(',');
    })
    .join('\n');
}

describe('input rules at upload (decision 0062)', () => {
  it('the real file has no colony on another scale', () => {
    const result = upload(lines.join('\n'));
    if (!result.ok) throw new Error('refused');
    expect(result.plan.flags.map((f) => f.code)).not.toContain('pam_other_scale');
  });

  it('flags a colony on another scale inside 0–1, by name', () => {
    // Derived: colony AF1's PAM values divided by 1000 (0.57 → 0.00057): inside 0–1, so no
    // range error catches it.
    const result = upload(withAf1((v) => v / 1000));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const scale = result.plan.flags.filter((f) => f.code === 'pam_other_scale');
    expect(scale).toHaveLength(1);
    expect(scale[0]).toMatchObject({ colony: 'AF1', row: 2 });
    expect(scale[0]!.message).toMatch(
      /^Colony AF1 is on another PAM scale than its group: its highest PAM value is 0\.000\d+ against a median of 0\.\d+ for the other colonies of its group \(÷\d+\)/,
    );
  });

  it('refuses PAM values outside Fv/Fm’s 0–1 and exact duplicates, as before', () => {
    // Derived: AF1 ×1000; the first data row entered twice.
    const scaled = upload(withAf1((v) => Math.round(v * 1000)));
    expect(scaled.ok).toBe(false);
    const duplicated = upload([lines[0], lines[1], lines[1], ...lines.slice(2)].join('\n'));
    expect(duplicated.ok).toBe(false);
  });
});
