import { ON_LAND_FLAG_KM } from '../geo/inland-rule';

/**
 * Quality flags of an upload: the data were imported, but these values deserve a second look.
 * Flags never block an import and never change a value (docs/decisions/0007-upload-processing.md).
 */
export const UPLOAD_FLAG_CODES = [
  'ed_outside_tested_range',
  'implausible_value',
  'fewer_than_4_temperatures',
  'response_does_not_fall',
  'refit_disagrees',
  'refit_not_possible',
  'refit_skipped',
  'unusual_for_species',
  'missing_mmm',
  'mmm_from_existing_colony',
  'no_ed50',
  'far_inland',
  // The calculator's rule for a colony on another scale, shared with it (decision 0062).
  'pam_other_scale',
  // From WoRMS' answer for the species name, once the worker has it (decision 0049): never
  // stored with the upload's checks, read with the name's answer.
  'species_near_match',
  'species_not_in_worms',
] as const;
export type UploadFlagCode = (typeof UPLOAD_FLAG_CODES)[number];

export const UPLOAD_FLAG_LABELS: Readonly<Record<UploadFlagCode, string>> = {
  ed_outside_tested_range: 'ED50 outside the tested temperatures',
  implausible_value: 'Implausible value',
  fewer_than_4_temperatures: 'Fewer than 4 temperatures',
  response_does_not_fall: 'Response does not fall with heat',
  refit_disagrees: 'Refit disagrees by more than 0.5 °C',
  refit_not_possible: 'Refit not possible',
  refit_skipped: 'Refit skipped',
  unusual_for_species: 'Unusual ED50 for the species',
  missing_mmm: 'No MMM (relative values N/A)',
  mmm_from_existing_colony: 'MMM taken from a colony at the same place',
  no_ed50: 'No ED50',
  far_inland: `Coordinates on land, more than ${ON_LAND_FLAG_KM} km from the sea`,
  pam_other_scale: 'Colony on another PAM scale than its group',
  species_near_match: 'Species name misspelt? WoRMS has a near match',
  species_not_in_worms: 'Species name not in WoRMS',
};

/**
 * Upload flags about a colony rather than one of its values, explained on /quality-flags (they
 * are not stored on thresholds, so "Hide flagged values" does not concern them).
 */
export const COLONY_FLAG_DESCRIPTIONS: readonly {
  code: UploadFlagCode;
  title: string;
  meaning: string;
  howDecided: string;
  whatToDo: string;
}[] = [
  {
    code: 'far_inland',
    title: UPLOAD_FLAG_LABELS.far_inland,
    meaning:
      'The colony’s latitude and longitude put it on land, well away from any sea where a coral could grow.',
    howDecided: `When a file is uploaded, each colony’s coordinates are looked up in Natural Earth’s 1:10 million land polygons (public domain). A colony inside a land polygon and more than ${ON_LAND_FLAG_KM} km from its coast is flagged; nearer the coast it is not, because coastlines at this scale are a few hundred metres off and reef sites lie on the shore. The colony is imported as it is.`,
    whatToDo:
      'Check the coordinates in your file: latitude and longitude swapped, a lost minus sign (south or west), or a typo. Upload a corrected file as a new version of the dataset.',
  },
  {
    code: 'pam_other_scale',
    title: UPLOAD_FLAG_LABELS.pam_other_scale,
    meaning:
      'The colony’s PAM values are on another scale than those of the other colonies measured with it: typically a lost decimal point (×1000 or ÷1000) or per cent instead of Fv/Fm.',
    howDecided:
      'When a file is uploaded, each colony’s highest PAM value is compared with the median of the highest values of the other colonies of its group (site, condition, species, timepoint; at least 3 colonies). At 50 times above or below, the colony is flagged; real colonies of one group differ by less than 3 times. The ED calculator applies the same rule and names the colony when the group’s joint fit collapses because of it. The values are imported as they are.',
    whatToDo:
      'Check the colony’s PAM values in your file and correct their scale; upload the corrected file as a new version of the dataset.',
  },
  {
    code: 'species_near_match',
    title: UPLOAD_FLAG_LABELS.species_near_match,
    meaning:
      'WoRMS, the World Register of Marine Species, does not hold the species name as written, but a name very close to it: most often a misspelling.',
    howDecided:
      "After an upload, the worker sends each species name to WoRMS' TAXAMATCH service (AphiaRecordsByMatchNames). When WoRMS finds the name only by a fuzzy match (phonetic or a few letters apart), the flag names what was written and what WoRMS suggests. The name is kept as written: it is never corrected silently. Until WoRMS has answered, the name is shown as “not yet checked”.",
    whatToDo:
      'If WoRMS’ suggestion is the species you meant, correct the name in your file and upload it as a new version of the dataset; if your name is right (a new description, a name WoRMS lacks), say so in the dataset description.',
  },
  {
    code: 'species_not_in_worms',
    title: UPLOAD_FLAG_LABELS.species_not_in_worms,
    meaning: 'WoRMS knows no name like the species name as written, not even by a fuzzy match.',
    howDecided:
      "After an upload, the worker sends each species name to WoRMS' TAXAMATCH service. WoRMS answered with no record for this name. The name is kept as written, and the downloads carry no WoRMS identifier (scientificNameID) for it.",
    whatToDo:
      'Check the spelling, and that the column holds a scientific name (genus and species), not a code or a common name. Upload a corrected file as a new version of the dataset.',
  },
];

export interface UploadQualityFlag {
  code: UploadFlagCode;
  /** Plain-language explanation with the numbers. */
  message: string;
  colony: string | null;
  species: string | null;
  condition: string | null;
  timepoint: string | null;
  /** Main-file row where the colony first appears (or the ED row); null for file-wide flags. */
  row: number | null;
  /** The value flagged, °C (when there is one). */
  value: number | null;
}

/** Flags listed individually per code; more are counted in one summary flag. */
export const MAX_FLAGS_PER_CODE = 100;

export class FlagList {
  private readonly items: UploadQualityFlag[] = [];
  private readonly counts = new Map<UploadFlagCode, number>();

  add(flag: UploadQualityFlag): void {
    const count = (this.counts.get(flag.code) ?? 0) + 1;
    this.counts.set(flag.code, count);
    if (count <= MAX_FLAGS_PER_CODE) this.items.push(flag);
  }

  addAll(flags: readonly UploadQualityFlag[]): void {
    for (const flag of flags) this.add(flag);
  }

  /** Flags in insertion order, plus one summary per code that overflowed. */
  list(): UploadQualityFlag[] {
    const summaries: UploadQualityFlag[] = [];
    for (const [code, count] of this.counts) {
      if (count <= MAX_FLAGS_PER_CODE) continue;
      summaries.push({
        code,
        message: `…and ${count - MAX_FLAGS_PER_CODE} more with the same flag (${count} in all).`,
        colony: null,
        species: null,
        condition: null,
        timepoint: null,
        row: null,
        value: null,
      });
    }
    return [...this.items, ...summaries];
  }

  countsByCode(): Partial<Record<UploadFlagCode, number>> {
    return Object.fromEntries(this.counts);
  }
}
