import {
  DESCRIPTIVE_FIELDS,
  normalizeDoi,
  normalizeOrcid,
  ZDatasetMetadata,
  type LicenceId,
  type PamInstrument,
  type RampHoldProfile,
  type TDatasetMetadata,
  type TDatasetMetadataUpdate,
} from '@coral/core';

/**
 * The metadata form's state: what the researcher typed, as strings (a half-typed ORCID iD or a
 * temperature list is not yet metadata). `toMetadata` turns it into the contract's shape and says,
 * per field, what is wrong; the field keys are the contract's paths (`creators.0.orcid`), the same
 * the server names in its 400 answers, so both kinds of message land next to the same input.
 */
export interface CreatorDraft {
  key: number;
  name: string;
  affiliation: string;
  orcid: string;
}

export interface PublicationDraft {
  key: number;
  doi: string;
  title: string;
}

export interface TimepointDraft {
  key: number;
  timepoint: string;
  meaning: string;
}

export interface MetadataDraft {
  title: string;
  description: string;
  creators: CreatorDraft[];
  licence: LicenceId | '';
  publications: PublicationDraft[];
  /** Comma-separated. */
  keywords: string;
  rampHoldProfile: RampHoldProfile | '';
  rampHoldOther: string;
  /** Comma-separated °C. */
  holdTemperatures: string;
  holdDuration: string;
  pamInstrument: PamInstrument | '';
  pamInstrumentOther: string;
  timepoints: TimepointDraft[];
  embargoUntil: string;
}

/** Field path → message. */
export type FieldErrors = Record<string, string>;

let nextKey = 1;
/** A stable React key for a new repeatable row. */
export const rowKey = () => nextKey++;

export const emptyCreator = (): CreatorDraft => ({
  key: rowKey(),
  name: '',
  affiliation: '',
  orcid: '',
});
export const emptyPublication = (): PublicationDraft => ({ key: rowKey(), doi: '', title: '' });
export const emptyTimepoint = (): TimepointDraft => ({ key: rowKey(), timepoint: '', meaning: '' });

export function draftOf(metadata?: TDatasetMetadata | null): MetadataDraft {
  const m = metadata ?? ZDatasetMetadata.parse({});
  return {
    title: m.title,
    description: m.description,
    creators: m.creators.map((c) => ({
      key: rowKey(),
      name: c.name,
      affiliation: c.affiliation ?? '',
      orcid: c.orcid ?? '',
    })),
    licence: m.licence ?? '',
    publications: m.related_publications.map((p) => ({
      key: rowKey(),
      doi: p.doi,
      title: p.title ?? '',
    })),
    keywords: m.keywords.join(', '),
    rampHoldProfile: m.protocol.ramp_hold_profile ?? '',
    rampHoldOther: m.protocol.ramp_hold_other ?? '',
    holdTemperatures: m.protocol.hold_temperatures_c.join(', '),
    holdDuration: m.protocol.hold_duration_minutes?.toString() ?? '',
    pamInstrument: m.protocol.pam_instrument ?? '',
    pamInstrumentOther: m.protocol.pam_instrument_other ?? '',
    timepoints: m.protocol.timepoints.map((t) => ({ key: rowKey(), ...t })),
    embargoUntil: m.embargo_until ?? '',
  };
}

/** Today in the researcher's time zone, as an ISO date (what a date input shows). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** The message of an ORCID iD as typed, or null when it is fine (or empty). */
export function orcidProblem(value: string): string | null {
  if (value.trim() === '' || normalizeOrcid(value) !== null) return null;
  const digits = value
    .trim()
    .replace(/^(?:https?:\/\/)?(?:www\.)?orcid\.org\//i, '')
    .replaceAll('-', '');
  return /^\d{15}[\dXx]$/.test(digits)
    ? 'This ORCID iD’s check digit (the last character) does not match: check for a typo.'
    : 'An ORCID iD has 16 digits, like 0000-0002-1825-0097 (the last may be X).';
}

/** The message of a DOI as typed, or null when it is fine. */
export function doiProblem(value: string): string | null {
  if (value.trim() === '') return 'Enter the DOI, or remove this publication.';
  return normalizeDoi(value) === null
    ? 'Not a DOI: it starts with 10., like 10.1111/gcb.15148 (a https://doi.org/ link works too).'
    : null;
}

export interface MetadataCheck {
  /** Ready to send (normalised by the contract), or null while a field is wrong. */
  metadata: TDatasetMetadata | null;
  errors: FieldErrors;
}

export interface CheckOptions {
  /** Also require what review needs (title, description, a creator, a licence). */
  forSubmission?: boolean;
  /** Only title, description, publications and keywords are edited (a published version). */
  descriptiveOnly?: boolean;
  today?: string;
}

/**
 * The draft as contract metadata, with a message for every wrong field. Blank repeatable rows are
 * left out (an empty "add a creator" row is not an error). The contract's schema has the last
 * word: anything it refuses that the checks here missed is reported at its path too.
 */
export function toMetadata(draft: MetadataDraft, options: CheckOptions = {}): MetadataCheck {
  const errors: FieldErrors = {};
  const today = options.today ?? localToday();

  const creators = draft.creators
    .map((creator, index) => ({ creator, index }))
    .filter(({ creator }) => `${creator.name}${creator.affiliation}${creator.orcid}`.trim() !== '');
  for (const { creator, index } of creators) {
    if (creator.name.trim() === '') errors[`creators.${index}.name`] = 'A creator needs a name.';
    const orcid = orcidProblem(creator.orcid);
    if (orcid) errors[`creators.${index}.orcid`] = orcid;
  }
  const publications = draft.publications
    .map((publication, index) => ({ publication, index }))
    .filter(({ publication }) => `${publication.doi}${publication.title}`.trim() !== '');
  for (const { publication, index } of publications) {
    const problem = doiProblem(publication.doi);
    if (problem) errors[`related_publications.${index}.doi`] = problem;
  }

  const temperatures = splitList(draft.holdTemperatures).map(Number);
  if (temperatures.some((t) => !Number.isFinite(t) || t < 0 || t > 60)) {
    errors['protocol.hold_temperatures_c'] =
      'Temperatures in °C between 0 and 60, separated by commas (e.g. 30, 33, 36, 39).';
  }
  const duration = draft.holdDuration.trim() === '' ? null : Number(draft.holdDuration);
  if (duration !== null && (!Number.isInteger(duration) || duration < 1 || duration > 1440)) {
    errors['protocol.hold_duration_minutes'] = 'Whole minutes between 1 and 1440.';
  }
  if (draft.rampHoldProfile === 'other' && draft.rampHoldOther.trim() === '') {
    errors['protocol.ramp_hold_other'] = 'Describe the ramp and hold profile.';
  }
  if (draft.pamInstrument === 'other' && draft.pamInstrumentOther.trim() === '') {
    errors['protocol.pam_instrument_other'] = 'Name the PAM instrument.';
  }
  const timepoints = draft.timepoints
    .map((timepoint, index) => ({ timepoint, index }))
    .filter(({ timepoint }) => `${timepoint.timepoint}${timepoint.meaning}`.trim() !== '');
  for (const { timepoint, index } of timepoints) {
    if (timepoint.timepoint.trim() === '') {
      errors[`protocol.timepoints.${index}.timepoint`] = 'Which timepoint (e.g. 420)?';
    }
    if (timepoint.meaning.trim() === '') {
      errors[`protocol.timepoints.${index}.meaning`] = 'Say what this timepoint means.';
    }
  }
  if (draft.embargoUntil !== '' && !options.descriptiveOnly && draft.embargoUntil <= today) {
    errors.embargo_until = 'An embargo date must be in the future (or leave it empty).';
  }

  if (options.forSubmission) {
    if (draft.title.trim() === '') errors.title = 'Give the dataset a title before review.';
    if (draft.description.trim() === '') {
      errors.description = 'Describe the dataset before review.';
    }
    if (creators.length === 0) errors['creators'] = 'Name at least one creator before review.';
    if (draft.licence === '') errors.licence = 'Choose a licence before submitting for review.';
  }

  const candidate = {
    title: draft.title,
    description: draft.description,
    creators: creators.map(({ creator }) => ({
      name: creator.name,
      affiliation: orNull(creator.affiliation),
      orcid: orNull(creator.orcid),
    })),
    licence: draft.licence === '' ? null : draft.licence,
    related_publications: publications.map(({ publication }) => ({
      doi: publication.doi.trim(),
      title: orNull(publication.title),
    })),
    keywords: splitList(draft.keywords),
    protocol: {
      ramp_hold_profile: draft.rampHoldProfile === '' ? null : draft.rampHoldProfile,
      ramp_hold_other: draft.rampHoldProfile === 'other' ? orNull(draft.rampHoldOther) : null,
      hold_temperatures_c: temperatures,
      hold_duration_minutes: duration,
      pam_instrument: draft.pamInstrument === '' ? null : draft.pamInstrument,
      pam_instrument_other:
        draft.pamInstrument === 'other' ? orNull(draft.pamInstrumentOther) : null,
      timepoints: timepoints.map(({ timepoint }) => ({
        timepoint: timepoint.timepoint,
        meaning: timepoint.meaning,
      })),
    },
    embargo_until: draft.embargoUntil === '' ? null : draft.embargoUntil,
  };
  if (options.descriptiveOnly) {
    // Only the descriptive fields are shown and sent: the others cannot hold up a save.
    for (const path of Object.keys(errors)) {
      if (!DESCRIPTIVE_FIELDS.some((field) => path === field || path.startsWith(`${field}.`))) {
        delete errors[path];
      }
    }
    Object.assign(candidate, {
      ...ZDatasetMetadata.parse({}),
      title: candidate.title,
      description: candidate.description,
      related_publications: candidate.related_publications,
      keywords: candidate.keywords,
    });
  }
  if (Object.keys(errors).length > 0) return { metadata: null, errors };

  const parsed = ZDatasetMetadata.safeParse(candidate);
  if (!parsed.success) {
    // Rows were filtered: map a row's index in the candidate back to its row in the form.
    const rowIndex: Record<string, number[]> = {
      creators: creators.map(({ index }) => index),
      related_publications: publications.map(({ index }) => index),
    };
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      const [head, at] = path;
      if (head && at !== undefined && rowIndex[head]) path[1] = String(rowIndex[head][Number(at)]);
      errors[path.join('.')] ??= issue.message;
    }
    return { metadata: null, errors };
  }
  return { metadata: parsed.data, errors };
}

/** What a metadata edit sends: every field, or only the descriptive ones of a published version. */
export function metadataUpdate(
  metadata: TDatasetMetadata,
  descriptiveOnly: boolean,
): TDatasetMetadataUpdate {
  if (!descriptiveOnly) return metadata;
  return Object.fromEntries(DESCRIPTIVE_FIELDS.map((field) => [field, metadata[field]]));
}
