import {
  absoluteValueFlags,
  QUALITY_FLAGS,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type TColony,
  type ThresholdKind,
} from '@coral/core';

/** One line of a popup list (spec §2): absolute, relative, MMM, condition and timepoint. */
export interface PopupEntry {
  id: number;
  absolute: number | null;
  relative: number | null;
  mmm: number | null;
  condition: string | null;
  timepoint: string;
  /** Quality flags that cast doubt on the absolute value, and on the relative one. */
  absoluteFlags: string[];
  relativeFlags: string[];
}

export interface PopupList {
  kind: ThresholdKind;
  /** 'Thermal Tolerances (ED50)', 'Breakpoint Temperatures (ED5)', 'Thermal Limits (ED95)'. */
  title: string;
  entries: PopupEntry[];
}

const LIST_TITLES: Record<ThresholdKind, string> = {
  ed50: 'Thermal Tolerances (ED50)',
  ed5: 'Breakpoint Temperatures (ED5)',
  ed95: 'Thermal Limits (ED95)',
};

/** Spec §2: entries whose timepoint is missing, 'N/A' or 'null' are not shown. */
export function hasShownTimepoint(timepoint: string | null | undefined): timepoint is string {
  if (timepoint == null) return false;
  const text = timepoint.trim().toLowerCase();
  return text !== '' && text !== 'n/a' && text !== 'null';
}

const RELATIVE_VALUE_FLAGS: ReadonlySet<string> = new Set([QUALITY_FLAGS.relativeMismatch]);

/** The three lists of a colony's popup, in ED50, ED5, ED95 order. */
export function popupLists(colony: TColony): PopupList[] {
  return THRESHOLD_KINDS.map((kind) => {
    const info = THRESHOLD_KIND_INFO[kind];
    const entries = colony[info.listKey] as readonly Record<string, unknown>[];
    return {
      kind,
      title: LIST_TITLES[kind],
      entries: entries.flatMap((entry) => {
        const timepoint = entry.timepoint as string | null | undefined;
        if (!hasShownTimepoint(timepoint)) return [];
        const flags = (entry.quality_flags as string[] | undefined) ?? [];
        return [
          {
            id: entry.id as number,
            absolute: entry[info.absKey] as number | null,
            relative: entry[info.relKey] as number | null,
            mmm: entry.sst_clim_mmm as number | null,
            condition: entry.condition as string | null,
            timepoint,
            absoluteFlags: absoluteValueFlags(flags),
            relativeFlags: flags.filter((flag) => RELATIVE_VALUE_FLAGS.has(flag)),
          },
        ];
      }),
    };
  });
}
