import { z } from 'zod';
import { normalizeDoi, normalizeOrcid } from './identifiers';
import { LICENCE_IDS } from './licences';
import { PAM_INSTRUMENT_IDS, RAMP_HOLD_PROFILE_IDS } from './protocol';
import { noFormula, noNul, text } from './text-fields';

/*
 * A dataset version's description (its metadata, docs/decisions/0012-datasets.md), as the API
 * validates it: the fields, their limits and the identifiers normalised on the way in. The
 * lifecycle (lifecycle.ts) judges it; the API contract's dataset resources (contract/datasets.ts)
 * carry it.
 */

/** Limits of the metadata a researcher types. */
export const DATASET_LIMITS = {
  title: 300,
  description: 10_000,
  creators: 100,
  creatorName: 200,
  affiliation: 300,
  keywords: 30,
  keyword: 60,
  publications: 50,
  publicationTitle: 1_000,
  protocolText: 2_000,
  timepoints: 50,
  message: 5_000,
} as const;

/**
 * A string normalised on the way in (an identifier pasted in any of its usual forms) and sent as
 * stored on the way out. A codec, not a transform: the server also encodes its answers with
 * these schemas.
 */
const normalisedString = (normalise: (value: string) => string | null, problem: string) =>
  z.codec(z.string(), z.string(), {
    decode: (value, context) => {
      const normal = normalise(value);
      if (normal === null) {
        context.issues.push({
          code: 'custom',
          message: problem.replace('{value}', value),
          input: value,
        });
        return z.NEVER;
      }
      return normal;
    },
    encode: (value) => value,
  });

export const ZOrcid = normalisedString(
  normalizeOrcid,
  '"{value}" is not an ORCID iD (16 digits like 0000-0002-1825-0097, the last one a check digit)',
).meta({ description: 'ORCID iD, 0000-0002-1825-0097 (checked with its check digit)' });

export const ZDoi = normalisedString(
  normalizeDoi,
  '"{value}" is not a DOI (it starts with 10., like 10.1111/gcb.15148)',
).meta({ description: 'DOI without resolver: 10.1111/gcb.15148' });

export const ZCreator = z
  .object({
    name: noNul(text(DATASET_LIMITS.creatorName).min(1, 'A creator needs a name')),
    affiliation: noNul(text(DATASET_LIMITS.affiliation)).nullable().default(null),
    orcid: ZOrcid.nullable().default(null),
  })
  .meta({ id: 'DatasetCreator' });
export type TCreator = z.output<typeof ZCreator>;

export const ZRelatedPublication = z
  .object({
    doi: ZDoi,
    title: noNul(text(DATASET_LIMITS.publicationTitle)).nullable().default(null),
  })
  .meta({ id: 'RelatedPublication' });

export const ZAssayProtocol = z
  .object({
    ramp_hold_profile: z.enum(RAMP_HOLD_PROFILE_IDS).nullable().default(null),
    ramp_hold_other: noNul(text(DATASET_LIMITS.protocolText)).nullable().default(null),
    hold_temperatures_c: z
      .array(z.number().min(0).max(60))
      .max(20)
      .default([])
      .meta({ description: 'Target (hold) temperatures of the assay, °C' }),
    hold_duration_minutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .nullable()
      .default(null),
    pam_instrument: z.enum(PAM_INSTRUMENT_IDS).nullable().default(null),
    pam_instrument_other: noNul(text(DATASET_LIMITS.protocolText)).nullable().default(null),
    timepoints: z
      .array(
        z.object({
          timepoint: noNul(text(50).min(1)),
          meaning: noNul(text(DATASET_LIMITS.protocolText).min(1)),
        }),
      )
      .max(DATASET_LIMITS.timepoints)
      .default([]),
  })
  .meta({ id: 'AssayProtocol' });
export type TAssayProtocol = z.output<typeof ZAssayProtocol>;

/**
 * Where data whose creators were not recorded came from (the seed: the Coral Future database).
 * Citations then credit the source and say that the creators are unknown, instead of naming the
 * account that happened to own the project (decision 0050).
 */
export const ZDataSource = z
  .object({
    name: noNul(text(DATASET_LIMITS.creatorName).min(1)),
    url: z.url().nullable().default(null),
  })
  .meta({ id: 'DataSource' });
export type TDataSource = z.output<typeof ZDataSource>;

/** The fields of a dataset version's description, each as the API validates it. */
const metadataFields = {
  title: noFormula(noNul(text(DATASET_LIMITS.title))),
  description: noNul(text(DATASET_LIMITS.description)),
  creators: z.array(ZCreator).max(DATASET_LIMITS.creators),
  licence: z
    .enum(LICENCE_IDS)
    .nullable()
    .meta({ description: 'SPDX id; null only for data imported before licences existed' }),
  related_publications: z.array(ZRelatedPublication).max(DATASET_LIMITS.publications),
  keywords: z.array(noNul(text(DATASET_LIMITS.keyword).min(1))).max(DATASET_LIMITS.keywords),
  protocol: ZAssayProtocol,
  embargo_until: z.iso
    .date()
    .nullable()
    .meta({ description: 'ISO date: metadata public, data hidden until then' }),
};

/** Everything a researcher describes a dataset version with (what the metadata form edits). */
export const ZDatasetMetadata = z
  .object({
    title: metadataFields.title.default(''),
    description: metadataFields.description.default(''),
    creators: metadataFields.creators.default([]),
    licence: metadataFields.licence.default(null),
    related_publications: metadataFields.related_publications.default([]),
    keywords: metadataFields.keywords.default([]),
    protocol: metadataFields.protocol.default(ZAssayProtocol.parse({})),
    embargo_until: metadataFields.embargo_until.default(null),
    imported_from: ZDataSource.nullable()
      .default(null)
      .meta({ description: 'Where data without recorded creators came from (set on import)' }),
  })
  .meta({ id: 'DatasetMetadata' });
export type TDatasetMetadata = z.output<typeof ZDatasetMetadata>;
export type TDatasetMetadataInput = z.input<typeof ZDatasetMetadata>;

/** Fields the owner may still change once a version is published (recorded in the history). */
export const DESCRIPTIVE_FIELDS = [
  'title',
  'description',
  'related_publications',
  'keywords',
] as const satisfies readonly (keyof TDatasetMetadata)[];

/** A metadata edit: only the fields given change (no defaults fill the others). */
export const ZDatasetMetadataUpdate = z.object(metadataFields).partial().meta({
  id: 'DatasetMetadataUpdate',
  description: 'The fields to change; in a published version only the descriptive ones',
});
export type TDatasetMetadataUpdate = z.input<typeof ZDatasetMetadataUpdate>;
