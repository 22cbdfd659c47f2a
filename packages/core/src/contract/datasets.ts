import { z } from 'zod';
import { ZChangeSummary } from '../datasets/change-summary';
import {
  DATASET_LIMITS,
  ZAssayProtocol,
  ZCreator,
  ZDatasetMetadata,
} from '../datasets/dataset-metadata';
import { DATASET_VERSION_STATES } from '../datasets/dataset-states';
import { LICENCE_IDS } from '../datasets/licences';
import { REVIEW_FLAG_SOURCES } from '../datasets/review-evidence';
import { noNul, text } from '../datasets/text-fields';
import { ZColony } from './colonies';
import { ZTaxon } from './taxa';

/**
 * Datasets (docs/decisions/0012-datasets.md): the unit of contribution. Each accepted upload is a
 * version of a dataset; a version goes draft → in review → published (or rejected, or embargoed
 * until a date); a dataset can be withdrawn. What a reader sees is the latest published version.
 */

export const ZUserRef = z
  .object({ username: z.string(), orcid: z.string().nullable() })
  .meta({ id: 'UserRef' });

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
    metadata_revision: z.number().int().nonnegative().meta({
      description:
        "The description's latest metadata revision by a curator, 0 as published (decision 0064)",
    }),
  })
  .meta({ id: 'DatasetVersion' });
export type TDatasetVersion = z.infer<typeof ZDatasetVersion>;

export const DATASET_EVENT_ACTIONS = [
  'created',
  'new_version',
  'metadata_edited',
  'metadata_revised',
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
    revision: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The metadata revision a "metadata_revised" entry records' }),
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
      revise_metadata: z.boolean(),
    }),
    /** Why submitting is not possible yet (e.g. the licence is missing); empty when it is. */
    missing_for_submission: z.array(z.string()),
    taxa: z.array(ZTaxon).meta({
      description:
        "The species names of the shown version with WoRMS' answer (decision 0049): a near match or a name not in WoRMS carries its flag",
    }),
  })
  .meta({ id: 'DatasetDetail' });
export type TDatasetDetail = z.infer<typeof ZDatasetDetail>;

export const ZReviewDecision = z
  .object({ message: noNul(text(DATASET_LIMITS.message)).default('') })
  .meta({ id: 'ReviewDecision' });
export const ZRejection = z
  .object({ message: noNul(text(DATASET_LIMITS.message).min(1, 'Tell the owner what to fix')) })
  .meta({ id: 'Rejection' });
export const ZWithdrawRequest = z
  .object({ reason: noNul(text(DATASET_LIMITS.message).min(1, 'Give the reason for withdrawing')) })
  .meta({ id: 'WithdrawRequest' });

/** One kind of quality flag of a version in review: how many, and a few of them in words. */
export const ZReviewFlagGroup = z
  .object({
    source: z.enum(REVIEW_FLAG_SOURCES),
    code: z.string(),
    label: z.string(),
    count: z.number().int(),
    examples: z.array(z.string()),
    counted: z.boolean().meta({
      description:
        'Whether the group adds to flag_count: false for stored-value flags of a problem the upload report already counts (decision 0060)',
    }),
  })
  .meta({ id: 'ReviewFlagGroup' });
export type TReviewFlagGroup = z.infer<typeof ZReviewFlagGroup>;

/** A species of a version in review: its colonies and what WoRMS says of the name. */
export const ZReviewSpecies = ZTaxon.pick({
  name: true,
  status: true,
  status_label: true,
  display_name: true,
  accepted_name: true,
  flag: true,
  colonies: true,
}).meta({ id: 'ReviewSpecies' });
export type TReviewSpecies = z.infer<typeof ZReviewSpecies>;

/** A place of a version in review (colonies at the same coordinates). */
export const ZReviewSite = z
  .object({
    label: z.string(),
    country: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    colony_count: z.number().int(),
  })
  .meta({ id: 'ReviewSite' });
export type TReviewSite = z.infer<typeof ZReviewSite>;

/** A version waiting for a curator, with the evidence to decide on (decision 0055). */
export const ZReviewItem = z
  .object({
    dataset_id: z.number().int(),
    version: z.number().int(),
    title: z.string(),
    owner: ZUserRef.nullable(),
    submitted_at: z.string(),
    counts: ZDatasetCounts,
    own: z.boolean().meta({ description: 'The curator owns it (cannot approve it)' }),
    licence: z.enum(LICENCE_IDS).nullable(),
    creators: z.array(ZCreator),
    protocol: ZAssayProtocol,
    change_summary: ZChangeSummary.nullable().meta({
      description: 'What changed from the previous version (null for version 1)',
    }),
    flag_count: z.number().int().meta({
      description:
        'The quality flags of the version, each problem counted once (groups with counted: false are not added); approving needs a note when not 0',
    }),
    flags: z.array(ZReviewFlagGroup),
    species: z.array(ZReviewSpecies),
    sites: z.array(ZReviewSite),
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
