import fs from 'node:fs';
import path from 'node:path';
import {
  groupUploadErrors,
  THRESHOLD_KIND_INFO,
  THRESHOLD_KINDS,
  UPLOAD_ED50_FIELD,
  UPLOAD_FLAG_LABELS,
  UPLOAD_MAIN_FIELD,
  uploadErrorReportCsv,
  type TUploadAccepted,
  type TUploadCounts,
  type TUploadDetail,
  type UploadError,
} from '@coral/core';
import type { AppDb } from '../db/schema';
import { AppError } from '../errors';
import { createJobQueue, jobQueueOptions } from '../jobs/job-queue';
import { runUploadNow } from '../modules/uploads/upload-import.job';
import {
  createUploadsService,
  type UploadedFile,
  type UploadFileField,
  type UploadsService,
} from '../modules/uploads/uploads.service';
import { usersService } from '../modules/users/users.service';
import {
  CliFailure,
  defineCommand,
  type CliContext,
  type CliInput,
  type CliOptions,
} from './cli-command';

const IMPORT_OPTIONS = {
  owner: {
    type: 'string',
    value: '<username>',
    required: true,
    description: 'the uploader who will own the data',
  },
  errors: {
    type: 'string',
    value: '<report.csv>',
    description: 'also write the row-level error report to this CSV file',
  },
} as const satisfies CliOptions;

type ImportInput = CliInput<typeof IMPORT_OPTIONS>;

/** What the import did: the intake's answer and the upload as it stands afterwards. */
interface ImportResult {
  accepted: TUploadAccepted;
  detail: TUploadDetail;
  /** What made the attempt run here fail unexpectedly (a worker retries it). */
  error?: Error;
}

const say = (context: CliContext, line = '') => context.io.stdout.write(`${line}\n`);

/** The report grouped by kind of problem (decision 0022): one line for 199 rows of the same kind. */
function printErrors(context: CliContext, errors: readonly UploadError[]) {
  const fileName = (file: UploadError['file']) => (file === 'main' ? 'main file' : 'ED50 file');
  const groups = groupUploadErrors(errors);
  const shown = groups.slice(0, 20);
  for (const group of shown) {
    const single =
      group.count === 1
        ? errors.find(
            (e) => e.file === group.file && e.column === group.column && e.fix === group.fix,
          )
        : undefined;
    const line = single
      ? `${[fileName(single.file), single.row === null ? null : `row ${single.row}`, single.column]
          .filter(Boolean)
          .join(
            ', ',
          )}: ${single.problem}${single.value === null ? '' : ` (value: ${single.value})`}`
      : `${[fileName(group.file), group.column].filter(Boolean).join(', ')}: ${group.summary}`;
    context.io.stderr.write(`  ${line}\n    → ${group.fix}\n`);
  }
  if (groups.length > shown.length) {
    context.io.stderr.write(
      `  …${groups.length - shown.length} more kinds of problem (use --errors report.csv for the full report).\n`,
    );
  }
}

/**
 * `npm run cli -- import <main.csv> [<ed50.csv>] --owner <username>`: the upload pipeline
 * without the browser. The files go through the uploads service's intake exactly like a web
 * upload (same checks, storage, duplicate rule, upload record and job), so the owner sees it in
 * My uploads; then this process runs the upload's job at once (or waits for the worker that has
 * it) and prints the outcome. Exit code 0 when imported (or already there), 1 when refused,
 * 2 for a usage mistake.
 */
export const importCommand = defineCommand({
  name: 'import',
  summary: 'Validate and import a dataset (the upload pipeline, synchronously)',
  arguments: [
    {
      name: 'main.csv',
      required: true,
      description: 'the main data file: the standard schema or the raw CBASS long format',
    },
    {
      name: 'ed50.csv',
      required: false,
      description:
        'the ED50 results file (needed with a raw CBASS file; optional with a standard sheet with ED50s)',
    },
  ],
  options: IMPORT_OPTIONS,
  tooManyArguments: 'At most two files: <main.csv> [<ed50.csv>].',
  notes: [
    'The files are checked, stored and recorded as an upload of <username> exactly as a web ' +
      'upload (it appears in their My uploads), then processed at once in this process. The same ' +
      'two files again are not imported twice: the command names the earlier upload (and ' +
      'finishes it first if it is still waiting). Paths are relative to the folder you type the ' +
      'command in. With the embedded database, stop the server first.',
    'Exit code 0 when imported (or already there), 1 when refused (the report is printed), ' +
      '2 for a mistake on the command line.',
  ],
  async run(input, context) {
    const result = await context.withDatabase((db) => importFiles(db, context, input));
    if (!result) return 1;
    return report(context, input, result);
  },
});

/** The intake, then the upload's job; null when the intake refused the files (printed). */
async function importFiles(
  db: AppDb,
  context: CliContext,
  input: ImportInput,
): Promise<ImportResult | null> {
  const { config, io } = context;
  const ownerId = await ownerIdOf(db, input.options.owner);
  const queue = createJobQueue(db, jobQueueOptions(config, false));
  try {
    const uploads = createUploadsService(db, queue, config.uploads);
    const [mainPath, edPath] = input.arguments;
    const main = await receiveFile(context, uploads, UPLOAD_MAIN_FIELD, mainPath!);
    let ed: UploadedFile | null = null;
    let accepted: TUploadAccepted;
    try {
      if (edPath !== undefined) ed = await receiveFile(context, uploads, UPLOAD_ED50_FIELD, edPath);
      accepted = await uploads.accept(ownerId, main, ed);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const details = (error.details ?? []) as UploadError[];
      if (details.length === 0) throw new CliFailure(error.message);
      io.stderr.write('Refused:\n');
      printErrors(context, details);
      return null;
    } finally {
      await uploads.discard(main, ed);
    }
    const { error } = await runUploadNow(
      {
        db,
        config,
        queue,
        ownsDatabase: !config.database.url,
        log: (line) => io.stderr.write(`${line}\n`),
        onWait: () =>
          io.stderr.write(
            `Upload #${accepted.upload_id} is being processed by a worker; waiting for it…\n`,
          ),
      },
      accepted.upload_id,
    );
    return { accepted, detail: await uploads.detail(ownerId, accepted.upload_id), error };
  } finally {
    await queue.stop();
  }
}

async function ownerIdOf(db: AppDb, username: string): Promise<number> {
  const owner = await usersService.find(db, username);
  if (!owner) {
    throw new CliFailure(
      `No user "${username}". Create the account first: npm run cli -- user:create ${username}`,
    );
  }
  if (!owner.is_active) throw new CliFailure(`The account "${username}" is disabled.`);
  return owner.id;
}

/** A file named on the command line, received like an uploaded one. */
async function receiveFile(
  context: CliContext,
  uploads: UploadsService,
  field: UploadFileField,
  file: string,
): Promise<UploadedFile> {
  let content: fs.ReadStream | undefined;
  try {
    // opened first, so that a missing file is an error here and not an event of the stream
    content = (await fs.promises.open(context.resolvePath(file))).createReadStream();
    return await uploads.receive(field, path.basename(file), content);
  } catch (error) {
    content?.destroy();
    if (error instanceof AppError) throw new CliFailure(error.message);
    throw new CliFailure(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
    );
  }
}

function report(context: CliContext, input: ImportInput, result: ImportResult): number {
  const { accepted, detail } = result;
  say(
    context,
    `Upload #${detail.id} (${detail.main_file_name}${detail.ed_file_name ? ` + ${detail.ed_file_name}` : ''}): ${detail.status}`,
  );
  // A duplicate names the earlier upload; what it says itself is news only when it was
  // processed now (it was still waiting).
  const finishedBefore = accepted.duplicate && ['done', 'failed'].includes(accepted.status);
  if (accepted.duplicate) say(context, accepted.message);
  if (!finishedBefore) say(context, detail.message ?? '');
  if (result.error) {
    context.io.stderr.write(`The attempt failed on the server: ${result.error.message}\n`);
  }
  if (detail.status === 'done') {
    const c = detail.counts;
    say(
      context,
      `Created: ${plural(c.projects, 'project')}, ${plural(c.experiments, 'experiment')}, ${plural(c.colonies, 'colony', 'colonies')}, ${plural(c.biosamples, 'biosample')}, ${plural(c.observations, 'observation')}, ${thresholdCounts(c)}.`,
    );
    for (const [code, n] of Object.entries(c.flag_counts ?? {})) {
      say(context, `  flag: ${UPLOAD_FLAG_LABELS[code as keyof typeof UPLOAD_FLAG_LABELS]} ×${n}`);
    }
    for (const warning of detail.warnings) say(context, `  warning: ${warning.message}`);
    return 0;
  }
  if (detail.errors.length > 0) {
    context.io.stderr.write(
      `${detail.errors.length} problem${detail.errors.length === 1 ? '' : 's'}:\n`,
    );
    printErrors(context, detail.errors);
    const errorsFile = input.options.errors;
    if (errorsFile) {
      fs.writeFileSync(context.resolvePath(errorsFile), uploadErrorReportCsv(detail.errors));
      say(context, `Error report written to ${errorsFile}.`);
    }
  }
  return 1;
}

/** `60 ED50 / 60 ED5 / 60 ED95`: each threshold kind, in the registry's display order. */
function thresholdCounts(counts: TUploadCounts): string {
  return THRESHOLD_KINDS.map((kind) => {
    const info = THRESHOLD_KIND_INFO[kind];
    return `${counts[info.listKey] ?? 0} ${info.edLabel}`;
  }).join(' / ');
}

function plural(n: number | undefined, one: string, many = `${one}s`): string {
  const count = n ?? 0;
  return `${count} ${count === 1 ? one : many}`;
}
