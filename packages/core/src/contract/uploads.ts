import { z } from 'zod';
import { perThresholdList } from '../thresholds/threshold-kinds';
import { UPLOAD_FORMAT_IDS } from '../upload/formats/registry';
import { UPLOAD_FLAG_CODES } from '../upload/quality-flags';

/**
 * Uploads (product-spec §7 Upload; decision 0007): POST /api/auth/upload-csv/ queues a dataset, and the
 * uploader follows it with GET /api/auth/uploads/ and /api/auth/uploads/{id}/.
 */
/** `discarded`: imported as a draft that its owner then discarded (its rows are gone). */
export const UPLOAD_STATUSES = ['queued', 'processing', 'done', 'failed', 'discarded'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** The multipart field names of product-spec §7. */
export const UPLOAD_MAIN_FIELD = 'csv_file';
export const UPLOAD_ED50_FIELD = 'ed50_file';

/**
 * Product-spec §8: the success text when the server gives none (the server always gives this one).
 */
export const UPLOAD_QUEUED_MESSAGE =
  'Your files have been successfully uploaded and are now queued for processing. You can upload another dataset or navigate away from this page.';

export const ZUploadAccepted = z
  .object({
    message: z.string(),
    upload_id: z.number().int(),
    status: z.enum(UPLOAD_STATUSES),
    /** True when these exact files were already uploaded: nothing new was queued. */
    duplicate: z.boolean(),
  })
  .meta({ id: 'UploadAccepted' });
export type TUploadAccepted = z.infer<typeof ZUploadAccepted>;

export const ZUploadError = z
  .object({
    file: z.enum(['main', 'ed50']),
    row: z.number().int().nullable().meta({ description: 'Spreadsheet row (header = 1)' }),
    column: z.string().nullable(),
    value: z.string().nullable(),
    problem: z.string(),
    fix: z.string(),
  })
  .meta({ id: 'UploadError' });
export type TUploadError = z.infer<typeof ZUploadError>;

export const ZUploadErrorGroup = z
  .object({
    file: z.enum(['main', 'ed50']),
    column: z.string().nullable(),
    problem: z.string().meta({ description: 'The problem; parts that differ per row are …' }),
    fix: z.string(),
    count: z.number().int().meta({ description: 'Rows with this problem' }),
    rows: z.array(z.number().int()).meta({ description: 'The first rows (at most 5)' }),
    summary: z.string().meta({
      description: 'One line: "199 rows: <problem>; first 5: rows 2, 3, 4, 5, 6"',
    }),
  })
  .meta({ id: 'UploadErrorGroup' });
export type TUploadErrorGroup = z.infer<typeof ZUploadErrorGroup>;

export const ZUploadQualityFlag = z
  .object({
    code: z.enum(UPLOAD_FLAG_CODES),
    message: z.string(),
    colony: z.string().nullable(),
    species: z.string().nullable(),
    condition: z.string().nullable(),
    timepoint: z.string().nullable(),
    row: z.number().int().nullable(),
    value: z.number().nullable(),
  })
  .meta({ id: 'UploadQualityFlag' });
export type TUploadQualityFlag = z.infer<typeof ZUploadQualityFlag>;

export const ZUploadNotice = z
  .object({
    file: z.enum(['main', 'ed50']),
    row: z.number().int().nullable(),
    column: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: 'UploadNotice' });

export const ZColumnMatch = z
  .object({
    column: z.string(),
    found: z.string(),
    position: z.number().int(),
    how: z.enum(['exact', 'variant', 'synonym']),
  })
  .meta({ id: 'UploadColumnMatch' });

const count = z.number().int().nonnegative();
export const ZUploadCounts = z
  .object({
    rows: count.optional(),
    projects: count.optional(),
    publications: count.optional(),
    experiments: count.optional(),
    colonies: count.optional(),
    biosamples: count.optional(),
    observations: count.optional(),
    /** Thresholds created, per kind: thermal_tolerances, breakpoint_temperatures, … */
    ...perThresholdList(() => count.optional()),
    unchanged_observations: count.optional(),
    unchanged_thresholds: count.optional(),
    errors: count.optional(),
    flags: count.optional(),
    /** Quality flags per code (UPLOAD_FLAG_CODES). */
    flag_counts: z.record(z.string(), count).optional(),
  })
  .meta({
    id: 'UploadCounts',
    description: 'What the upload created (done), or how many errors it had',
  });
export type TUploadCounts = z.infer<typeof ZUploadCounts>;

export const ZUploadSummary = z
  .object({
    id: z.number().int(),
    status: z.enum(UPLOAD_STATUSES),
    main_file_name: z.string(),
    main_file_bytes: z.number().int(),
    ed_file_name: z.string().nullable(),
    ed_file_bytes: z.number().int().nullable(),
    /** The main file's layout (the upload format registry). */
    format: z.enum(UPLOAD_FORMAT_IDS).nullable(),
    attempts: z.number().int(),
    message: z.string().nullable(),
    counts: ZUploadCounts,
    project_ids: z.array(z.number().int()),
    dataset: z
      .object({
        id: z.number().int(),
        version: z.number().int(),
        /** The version's title; empty while its draft has none (decision 0056). */
        title: z.string(),
        /** The project the dataset belongs to. */
        project: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      })
      .nullable()
      .meta({
        description:
          'The dataset version the upload became (once imported): its title and its project',
      }),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'UploadSummary' });
export type TUploadSummary = z.infer<typeof ZUploadSummary>;

export const ZUploadList = z.array(ZUploadSummary).meta({ id: 'UploadList' });

export const ZUploadDetail = ZUploadSummary.extend({
  errors: z.array(ZUploadError),
  /** `errors` grouped by kind of problem (core groupUploadErrors), in order of first row. */
  error_groups: z.array(ZUploadErrorGroup),
  quality_flags: z.array(ZUploadQualityFlag),
  warnings: z.array(ZUploadNotice),
  column_mapping: z.array(ZColumnMatch),
}).meta({ id: 'UploadDetail' });
export type TUploadDetail = z.infer<typeof ZUploadDetail>;
