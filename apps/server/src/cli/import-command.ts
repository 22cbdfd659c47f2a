import fs from 'node:fs';
import path from 'node:path';
import {
  quickCheckUpload,
  UPLOAD_FLAG_LABELS,
  uploadErrorReportCsv,
  type TUploadDetail,
  type UploadError,
} from '@coral/core';
import type { AppDb } from '../db/database';
import { processUpload } from '../modules/uploads/upload-processor';
import { keepUpload, receiveUploadBytes } from '../modules/uploads/upload-storage';
import { uploadsRepository } from '../modules/uploads/uploads.repository';
import { toDetail } from '../modules/uploads/uploads.service';
import { CliFailure, CliUsageError, type CliCommand, type CliContext } from './cli-command';

interface ImportArguments {
  main: string;
  ed: string | null;
  owner: string;
  errorsFile: string | null;
}

function parseArguments(args: readonly string[]): ImportArguments {
  const files: string[] = [];
  let owner: string | null = null;
  let errorsFile: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      const next = inline ?? args[++i];
      if (next === undefined || next === '') throw new CliUsageError(`${flag} needs a value.`);
      return next;
    };
    if (flag === '--owner') owner = value();
    else if (flag === '--errors') errorsFile = value();
    else if (arg.startsWith('--')) throw new CliUsageError(`Unknown option ${flag}.`);
    else files.push(arg);
  }
  if (files.length === 0) throw new CliUsageError('Missing <main.csv>.');
  if (files.length > 2) throw new CliUsageError('At most two files: <main.csv> [<ed50.csv>].');
  if (!owner) {
    throw new CliUsageError('Missing --owner <username> (the uploader who will own the data).');
  }
  return { main: files[0]!, ed: files[1] ?? null, owner, errorsFile };
}

function readFile(file: string, absolutePath: string): { name: string; bytes: Uint8Array } {
  try {
    const content = fs.readFileSync(absolutePath);
    return {
      name: path.basename(file),
      bytes: new Uint8Array(content.buffer, content.byteOffset, content.byteLength),
    };
  } catch (error) {
    throw new CliFailure(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
    );
  }
}

const say = (context: CliContext, line = '') => context.io.stdout.write(`${line}\n`);

function printErrors(context: CliContext, errors: readonly UploadError[]) {
  const shown = errors.slice(0, 20);
  for (const e of shown) {
    const where = [
      e.file === 'main' ? 'main file' : 'ED50 file',
      e.row === null ? null : `row ${e.row}`,
      e.column,
    ]
      .filter(Boolean)
      .join(', ');
    context.io.stderr.write(
      `  ${where}: ${e.problem}${e.value === null ? '' : ` (value: ${e.value})`}\n    → ${e.fix}\n`,
    );
  }
  if (errors.length > shown.length) {
    context.io.stderr.write(
      `  …${errors.length - shown.length} more (use --errors report.csv for the full report).\n`,
    );
  }
}

/**
 * `npm run cli -- import <main.csv> [<ed50.csv>] --owner <username>`: the upload pipeline
 * without the browser. The files are stored and recorded like a web upload (so the owner sees it
 * in My uploads) and processed at once, in this process: same checks, same import, same report.
 * Exit code 0 when imported (or already there), 1 when refused, 2 for a usage mistake.
 */
export const importCommand: CliCommand = {
  name: 'import',
  usage: 'import <main.csv> [<ed50.csv>] --owner <username> [--errors <report.csv>]',
  summary: 'Validate and import a dataset (the upload pipeline, synchronously)',
  async run(args, context) {
    const options = parseArguments(args);
    const main = readFile(options.main, context.resolvePath(options.main));
    const ed = options.ed === null ? null : readFile(options.ed, context.resolvePath(options.ed));
    const check = quickCheckUpload(
      { name: main.name, bytes: main.bytes.length, head: main.bytes.subarray(0, 64 * 1024) },
      ed ? { name: ed.name, bytes: ed.bytes.length, head: ed.bytes.subarray(0, 64 * 1024) } : null,
    );
    if (check.error) {
      context.io.stderr.write('Refused:\n');
      printErrors(context, [check.error]);
      return 1;
    }
    const detail = await context.withDatabase((db) =>
      importFiles(db, context, options.owner, main, ed),
    );
    say(
      context,
      `Upload #${detail.id} (${detail.main_file_name}${detail.ed_file_name ? ` + ${detail.ed_file_name}` : ''}): ${detail.status}`,
    );
    say(context, detail.message ?? '');
    if (detail.status === 'done') {
      const c = detail.counts;
      say(
        context,
        `Created: ${plural(c.projects, 'project')}, ${plural(c.experiments, 'experiment')}, ${plural(c.colonies, 'colony', 'colonies')}, ${plural(c.biosamples, 'biosample')}, ${plural(c.observations, 'observation')}, ${c.thermal_tolerances ?? 0} ED50 / ${c.breakpoint_temperatures ?? 0} ED5 / ${c.thermal_limits ?? 0} ED95.`,
      );
      for (const [code, n] of Object.entries(c.flag_counts ?? {})) {
        say(
          context,
          `  flag: ${UPLOAD_FLAG_LABELS[code as keyof typeof UPLOAD_FLAG_LABELS]} ×${n}`,
        );
      }
      for (const warning of detail.warnings) say(context, `  warning: ${warning.message}`);
      return 0;
    }
    if (detail.errors.length > 0) {
      context.io.stderr.write(
        `${detail.errors.length} problem${detail.errors.length === 1 ? '' : 's'}:\n`,
      );
      printErrors(context, detail.errors);
      if (options.errorsFile) {
        fs.writeFileSync(
          context.resolvePath(options.errorsFile),
          uploadErrorReportCsv(detail.errors),
        );
        say(context, `Error report written to ${options.errorsFile}.`);
      }
    }
    return 1;
  },
};

async function importFiles(
  db: AppDb,
  context: CliContext,
  username: string,
  main: { name: string; bytes: Uint8Array },
  ed: { name: string; bytes: Uint8Array } | null,
): Promise<TUploadDetail> {
  const owner = await db
    .selectFrom('users')
    .select(['id', 'is_active'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!owner) {
    throw new CliFailure(
      `No user "${username}". Create the account first: npm run cli -- user:create ${username}`,
    );
  }
  if (!owner.is_active) throw new CliFailure(`The account "${username}" is disabled.`);
  const storageDir = context.config.uploads.storageDir;
  const mainReceived = await receiveUploadBytes(storageDir, main.bytes);
  const edReceived = ed ? await receiveUploadBytes(storageDir, ed.bytes) : null;
  const existing = await uploadsRepository.findSameFiles(
    db,
    owner.id,
    mainReceived.sha256,
    edReceived?.sha256 ?? null,
  );
  let uploadId: number;
  if (existing && existing.status !== 'queued') {
    await fs.promises.rm(mainReceived.tmpPath, { force: true });
    if (edReceived) await fs.promises.rm(edReceived.tmpPath, { force: true });
    return {
      ...(await detailOf(db, owner.id, existing.id)),
      message: `These files were already uploaded (upload #${existing.id}, ${existing.status}); nothing new was imported.`,
    };
  } else if (existing) {
    uploadId = existing.id;
  } else {
    const mainStored = await keepUpload(storageDir, mainReceived);
    const edStored = edReceived ? await keepUpload(storageDir, edReceived) : null;
    uploadId = await uploadsRepository.insert(db, {
      ownerId: owner.id,
      main: { name: main.name, ...mainStored },
      ed: ed && edStored ? { name: ed.name, ...edStored } : null,
      format: null,
    });
  }
  await processUpload({ db, config: context.config }, uploadId);
  return detailOf(db, owner.id, uploadId);
}

async function detailOf(db: AppDb, ownerId: number, id: number): Promise<TUploadDetail> {
  return toDetail((await uploadsRepository.findForOwner(db, ownerId, id))!);
}

function plural(n: number | undefined, one: string, many = `${one}s`): string {
  const count = n ?? 0;
  return `${count} ${count === 1 ? one : many}`;
}
