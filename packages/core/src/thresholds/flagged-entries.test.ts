import { describe, expect, it } from 'vitest';
import { colony } from '../../test/test-colonies';
import {
  colonyWithoutFlagged,
  isHiddenByHideFlagged,
  thresholdEntryCount,
  withoutFlaggedEntries,
} from './flagged-entries';
import { QUALITY_FLAGS, UNTRUSTWORTHY_FLAG_CODES } from './quality-flags';
import { THRESHOLD_KIND_INFO, THRESHOLD_KINDS } from './threshold-kinds';

const { implausibleAbsolute, relativeMismatch, missingMmm, inconsistentOrder } = QUALITY_FLAGS;

describe('isHiddenByHideFlagged', () => {
  it.each<[string[], boolean]>([
    [[], false],
    [[implausibleAbsolute], true],
    [[relativeMismatch], true],
    [[missingMmm], false],
    [[inconsistentOrder], false],
    [[missingMmm, implausibleAbsolute], true],
    [[inconsistentOrder, missingMmm], false],
    [['some_future_flag'], false],
  ])('%j → %s', (flags, hidden) => {
    expect(isHiddenByHideFlagged({ quality_flags: flags })).toBe(hidden);
  });

  it('hides exactly the untrustworthy flags of decision 0002', () => {
    for (const code of Object.values(QUALITY_FLAGS)) {
      expect(isHiddenByHideFlagged({ quality_flags: [code] })).toBe(
        UNTRUSTWORTHY_FLAG_CODES.includes(code),
      );
    }
  });
});

describe('withoutFlaggedEntries', () => {
  it('removes the flagged entries of every kind of the registry, abs and rel together', () => {
    const input = colony(
      Object.fromEntries(
        THRESHOLD_KINDS.map((kind) => [
          kind,
          [
            { abs: 37, rel: 9 },
            { abs: 2365.11, rel: 2336.66, flags: [implausibleAbsolute] },
            { abs: 36, rel: 1, flags: [relativeMismatch] },
            { abs: 38, rel: null, flags: [missingMmm] },
          ],
        ]),
      ),
    );
    const shown = withoutFlaggedEntries(input);
    for (const kind of THRESHOLD_KINDS) {
      const { listKey, absKey, relKey } = THRESHOLD_KIND_INFO[kind];
      const entries = shown[listKey] as unknown as Record<string, unknown>[];
      expect(entries.map((e) => [e[absKey], e[relKey]])).toEqual([
        [37, 9],
        [38, null],
      ]);
    }
    expect(thresholdEntryCount(input)).toBe(4 * THRESHOLD_KINDS.length);
    expect(thresholdEntryCount(shown)).toBe(2 * THRESHOLD_KINDS.length);
  });

  it('never changes its input and keeps every other field', () => {
    const input = colony({ species: 'S', ed50: [{ abs: 1.23, flags: [implausibleAbsolute] }] });
    const before = structuredClone(input);
    const shown = withoutFlaggedEntries(input);
    expect(input).toEqual(before);
    expect(shown).not.toBe(input);
    expect(shown).toEqual({ ...input, [THRESHOLD_KIND_INFO.ed50.listKey]: [] });
  });

  it('returns the colony itself when nothing is hidden', () => {
    const clean = colony({ ed50: [{ abs: 37, flags: [missingMmm, inconsistentOrder] }] });
    expect(withoutFlaggedEntries(clean)).toBe(clean);
  });
});

describe('colonyWithoutFlagged', () => {
  it('hides a colony whose every entry is flagged', () => {
    const failed = colony({
      ed50: [{ abs: 2365.11, flags: [implausibleAbsolute] }],
      ed5: [{ abs: 1.23, flags: [implausibleAbsolute] }],
    });
    expect(colonyWithoutFlagged(failed)).toBeNull();
  });

  it('keeps a colony with one trustworthy entry left, stripped', () => {
    const mixed = colony({
      ed50: [{ abs: 2365.11, flags: [implausibleAbsolute] }],
      ed95: [{ abs: 39 }],
    });
    const shown = colonyWithoutFlagged(mixed);
    expect(shown).not.toBeNull();
    expect(thresholdEntryCount(shown!)).toBe(1);
    expect(shown![THRESHOLD_KIND_INFO.ed50.listKey]).toEqual([]);
  });

  it('keeps a colony that never had a threshold, as it is', () => {
    const empty = colony();
    expect(colonyWithoutFlagged(empty)).toBe(empty);
  });
});
