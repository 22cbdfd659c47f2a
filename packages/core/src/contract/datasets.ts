import { z } from 'zod';
import { ZColony } from './colonies';
import { DATASET_VERSION_STATES } from '../datasets/dataset-states';
import { normalizeDoi, normalizeOrcid } from '../datasets/identifiers';
import { LICENCE_IDS } from '../datasets/licences';
import { PAM_INSTRUMENT_IDS, RAMP_HOLD_PROFILE_IDS } from '../datasets/protocol';

/**
 * Datasets (docs/decisions/0012-datasets.md): the unit of contribution. Each accepted upload is a
 * version of a dataset; a version goes draft → in review → published (or rejected, or embargoed
 * until a date); a dataset can be withdrawn. What a reader sees is the latest published version.
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

export const USER_ROLES = ['contributor', 'curator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

const text = (max: number) => z.string().trim().max(max);
const noNul = (schema: z.ZodString) =>
  schema.refine((value) => !value.includes('\u0000'), 'must not contain a NUL character');

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

/** The fields of a dataset version's description, each as the API validates it. */
const metadataFields = {
  title: noNul(text(DATASET_LIMITS.title)),
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

export const ZUserRef = z
  .object({ username: z.string(), orcid: z.string().nullable() })
  .meta({ id: 'UserRef' });

/** What changed from the previous version (null for version 1). */
export const ZChangeSummary = z
  .object({
    colonies_added: z.number().int(),
    colonies_changed: z.number().int(),
    colonies_removed: z.number().int(),
    thresholds_changed: z.number().int(),
  })
  .meta({ id: 'DatasetChangeSummary' });
export type TChangeSummary = z.infer<typeof ZChangeSummary>;

export const ZDatasetCounts = z
  .object({
    colonies: z.number().int(),
    observations: z.number().int(),
    thresholds: z.number().int(),
    species: z.array(z.string()),
    countries: z.array(z.string()),
  })
  .meta({ id: 'DatasetCounts' });

export const ZDatasetCitation = z
  .object({
    text: z.string().meta({ description: 'Recommended citation, plain text' }),
    url: z.string().meta({ description: 'Where the version resolves: its DOI, else its page' }),
  })
  .meta({ id: 'DatasetCitation' });
export type TDatasetCitation = z.infer<typeof ZDatasetCitation>;

export const ZDatasetVersion = z
  .object({
    number: z.number().int().positive(),
    state: z.enum(DATASET_VERSION_STATES),
    metadata: ZDatasetMetadata,
    doi: z.string().nullable(),
    created_at: z.string(),
    submitted_at: z.string().nullable(),
    published_at: z.string().nullable(),
    review_message: z
      .string()
      .nullable()
      .meta({ description: "The curator's message of a rejection (owner and curators only)" }),
    upload_id: z.number().int().nullable(),
    change_summary: ZChangeSummary.nullable(),
    counts: ZDatasetCounts,
    citation: ZDatasetCitation,
  })
  .meta({ id: 'DatasetVersion' });
export type TDatasetVersion = z.infer<typeof ZDatasetVersion>;

export const DATASET_EVENT_ACTIONS = [
  'created',
  'new_version',
  'metadata_edited',
  'submitted',
  'approved',
  'rejected',
  'published',
  'embargoed',
  'embargo_released',
  'withdrawn',
  'doi_registered',
] as const;
export type DatasetEventAction = (typeof DATASET_EVENT_ACTIONS)[number];

export const ZDatasetEvent = z
  .object({
    at: z.string(),
    actor: z.string().nullable().meta({ description: 'Username; null for the platform itself' }),
    action: z.enum(DATASET_EVENT_ACTIONS),
    version: z.number().int().nullable(),
    message: z.string().nullable(),
    changes: z
      .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
      .nullable()
      .meta({ description: 'Fields changed by a metadata edit' }),
  })
  .meta({ id: 'DatasetEvent' });
export type TDatasetEvent = z.infer<typeof ZDatasetEvent>;

export const ZWithdrawal = z
  .object({ at: z.string(), by: z.string().nullable(), reason: z.string() })
  .meta({ id: 'DatasetWithdrawal' });

/** One dataset in a list: what its shown version says. */
export const ZDatasetSummary = z
  .object({
    id: z.number().int(),
    project: z.object({ id: z.number().int(), name: z.string() }),
    owner: ZUserRef.nullable(),
    title: z.string(),
    creators: z.array(ZCreator),
    licence: z.enum(LICENCE_IDS).nullable(),
    version: z.number().int().meta({ description: 'The version shown' }),
    state: z.enum(DATASET_VERSION_STATES),
    withdrawn: z.boolean(),
    published_at: z.string().nullable(),
    embargo_until: z.string().nullable(),
    counts: ZDatasetCounts,
  })
  .meta({ id: 'DatasetSummary' });
export type TDatasetSummary = z.infer<typeof ZDatasetSummary>;
export const ZDatasetList = z.array(ZDatasetSummary);

export const ZDatasetDetail = z
  .object({
    id: z.number().int(),
    project: z.object({ id: z.number().int(), name: z.string() }),
    owner: ZUserRef.nullable(),
    doi: z.string().nullable(),
    withdrawal: ZWithdrawal.nullable().meta({
      description:
        'Set when withdrawn: the page is a tombstone, its data are gone from the platform',
    }),
    version: ZDatasetVersion.meta({ description: 'The version asked for, else the latest shown' }),
    versions: z.array(
      ZDatasetVersion.pick({
        number: true,
        state: true,
        doi: true,
        created_at: true,
        published_at: true,
        change_summary: true,
        counts: true,
      }),
    ),
    history: z.array(ZDatasetEvent),
    /** What the viewer may do now (drives the page's buttons; the server checks again). */
    can: z.object({
      edit: z.boolean(),
      edit_descriptive: z.boolean(),
      submit: z.boolean(),
      review: z.boolean(),
      withdraw: z.boolean(),
      new_version: z.boolean(),
    }),
    /** Why submitting is not possible yet (e.g. the licence is missing); empty when it is. */
    missing_for_submission: z.array(z.string()),
  })
  .meta({ id: 'DatasetDetail' });
export type TDatasetDetail = z.infer<typeof ZDatasetDetail>;

/** A metadata edit: only the fields given change (no defaults fill the others). */
export const ZDatasetMetadataUpdate = z.object(metadataFields).partial().meta({
  id: 'DatasetMetadataUpdate',
  description: 'The fields to change; in a published version only the descriptive ones',
});
export type TDatasetMetadataUpdate = z.input<typeof ZDatasetMetadataUpdate>;

export const ZReviewDecision = z
  .object({ message: noNul(text(DATASET_LIMITS.message)).default('') })
  .meta({ id: 'ReviewDecision' });
export const ZRejection = z
  .object({ message: noNul(text(DATASET_LIMITS.message).min(1, 'Tell the owner what to fix')) })
  .meta({ id: 'Rejection' });
export const ZWithdrawRequest = z
  .object({ reason: noNul(text(DATASET_LIMITS.message).min(1, 'Give the reason for withdrawing')) })
  .meta({ id: 'WithdrawRequest' });

/** A version waiting for a curator. */
export const ZReviewItem = z
  .object({
    dataset_id: z.number().int(),
    version: z.number().int(),
    title: z.string(),
    owner: ZUserRef.nullable(),
    submitted_at: z.string(),
    counts: ZDatasetCounts,
    own: z.boolean().meta({ description: 'The curator owns it (cannot approve it)' }),
  })
  .meta({ id: 'ReviewItem' });
export type TReviewItem = z.infer<typeof ZReviewItem>;
export const ZReviewQueue = z.array(ZReviewItem);

export const ZDatasetActionResult = z
  .object({ message: z.string(), dataset: ZDatasetDetail })
  .meta({ id: 'DatasetActionResult' });
export type TDatasetActionResult = z.infer<typeof ZDatasetActionResult>;

/** The optional fields of POST /api/auth/upload-csv/ that say where the files go. */
export const ZUploadDatasetRequest = z
  .object({
    dataset_id: z.coerce.number().int().positive().nullable().default(null).meta({
      description: 'A new version of this dataset (the uploader’s own); else a new dataset',
    }),
    metadata: ZDatasetMetadata.nullable().default(null),
  })
  .meta({ id: 'UploadDatasetRequest' });
export type TUploadDatasetRequest = z.output<typeof ZUploadDatasetRequest>;

/** A colony of one of the viewer's versions in preparation ("include my drafts" on the map). */
export const ZDraftColony = ZColony.extend({
  dataset: z.object({
    id: z.number().int(),
    version: z.number().int(),
    state: z.enum(DATASET_VERSION_STATES),
    title: z.string(),
  }),
}).meta({ id: 'DraftColony' });
export type TDraftColony = z.infer<typeof ZDraftColony>;
export const ZDraftColonyList = z.array(ZDraftColony);
