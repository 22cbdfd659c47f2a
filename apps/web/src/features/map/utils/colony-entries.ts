import {
  absoluteValueFlags,
  entriesOfKind,
  QUALITY_FLAGS,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  type TColony,
  type ThresholdKind,
} from '@coral/core';

/** One line of a popup list (product-spec §2): absolute, relative, MMM, condition and timepoint. */
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

/** Product-spec §2: entries whose timepoint is missing, 'N/A' or 'null' are not shown. */
export function hasShownTimepoint(timepoint: string | null | undefined): timepoint is string {
  if (timepoint == null) return false;
  const text = timepoint.trim().toLowerCase();
  return text !== '' && text !== 'n/a' && text !== 'null';
}

const RELATIVE_VALUE_FLAGS: ReadonlySet<string> = new Set([QUALITY_FLAGS.relativeMismatch]);

/** The lists of a colony's popup, one per kind in the spec's order (ED50, ED5, ED95). */
export function popupLists(colony: TColony): PopupList[] {
  return THRESHOLD_KINDS.map((kind) => {
    const { pluralLabel, edLabel } = THRESHOLD_KIND_INFO[kind];
    return {
      kind,
      title: `${pluralLabel} (${edLabel})`,
      entries: entriesOfKind(colony, kind).flatMap((entry) => {
        const { timepoint } = entry;
        if (!hasShownTimepoint(timepoint)) return [];
        return [
          {
            id: entry.id,
            absolute: entry.abs,
            relative: entry.rel,
            mmm: entry.sst_clim_mmm,
            condition: entry.condition,
            timepoint,
            absoluteFlags: absoluteValueFlags(entry.quality_flags),
            relativeFlags: entry.quality_flags.filter((flag) => RELATIVE_VALUE_FLAGS.has(flag)),
          },
        ];
      }),
    };
  });
}
