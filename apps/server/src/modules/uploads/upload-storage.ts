import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { AppError } from '../../errors';

/** Bytes kept from the start of a file for the quick content check. */
export const HEAD_BYTES = 64 * 1024;

export interface StoredFile {
  /** Relative to the storage directory (DATA_DIR/uploads), so the directory can move. */
  path: string;
  sha256: string;
  bytes: number;
}

/** A file received but not kept yet (refused files are never kept). */
export interface ReceivedFile {
  tmpPath: string;
  sha256: string;
  bytes: number;
  /** The first HEAD_BYTES bytes, for the quick content check. */
  head: Uint8Array;
}

export class FileTooLargeError extends Error {}

async function tempPath(storageDir: string): Promise<string> {
  const tmpDir = path.join(storageDir, 'tmp');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  return path.join(tmpDir, `${crypto.randomBytes(12).toString('hex')}.part`);
}

/**
 * Receives an uploaded file into a temporary file (DATA_DIR/uploads/tmp), hashing and counting it
 * on the way and stopping with FileTooLargeError past `maxBytes`. Nothing is kept until
 * keepUpload().
 */
export async function receiveUpload(
  storageDir: string,
  stream: Readable,
  maxBytes: number,
): Promise<ReceivedFile> {
  const tmpPath = await tempPath(storageDir);
  const hash = crypto.createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        callback(new FileTooLargeError());
        return;
      }
      hash.update(chunk);
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        headChunks.push(part);
        headLength += part.length;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(stream, meter, fs.createWriteStream(tmpPath));
    await flushToDisk(tmpPath);
  } catch (error) {
    await fs.promises.rm(tmpPath, { force: true });
    throw error;
  }
  return { tmpPath, sha256: hash.digest('hex'), bytes, head: Buffer.concat(headChunks) };
}

async function flushToDisk(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Bytes already in memory (the upload benchmark), received the same way. */
export async function receiveUploadBytes(
  storageDir: string,
  content: Uint8Array,
): Promise<ReceivedFile> {
  const tmpPath = await tempPath(storageDir);
  const handle = await fs.promises.open(tmpPath, 'w');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  const sha256 = crypto.createHash('sha256').update(content).digest('hex');
  return { tmpPath, sha256, bytes: content.length, head: content.subarray(0, HEAD_BYTES) };
}

/**
 * Keeps a received file durably, content-addressed by SHA-256 (sha256/ab/abcd….csv): the
 * flushed temporary file is renamed into place, so a file is either complete or absent. The same
 * content uploaded twice is stored once.
 */
export async function keepUpload(storageDir: string, file: ReceivedFile): Promise<StoredFile> {
  const relative = path.join('sha256', file.sha256.slice(0, 2), `${file.sha256}.csv`);
  const target = path.join(storageDir, relative);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  if (fs.existsSync(target)) await fs.promises.rm(file.tmpPath, { force: true });
  else await fs.promises.rename(file.tmpPath, target);
  return { path: relative, sha256: file.sha256, bytes: file.bytes };
}

/** Forgets a received file that was not kept (safe to call after keepUpload). */
export async function discardUpload(file: ReceivedFile | null | undefined): Promise<void> {
  if (file) await fs.promises.rm(file.tmpPath, { force: true });
}

/** Reads a stored file back, checking that it is still the file that was uploaded. */
export async function readStoredUpload(
  storageDir: string,
  relativePath: string,
  sha256: string,
): Promise<Uint8Array> {
  const full = path.resolve(storageDir, relativePath);
  if (!full.startsWith(path.resolve(storageDir) + path.sep)) {
    throw new StoredFileMissingError(
      `Stored file path outside the storage directory: ${relativePath}`,
    );
  }
  let content: Buffer;
  try {
    content = await fs.promises.readFile(full);
  } catch (error) {
    throw new StoredFileMissingError(
      `The stored file ${relativePath} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}). Workers must share DATA_DIR with the API processes.`,
    );
  }
  const actual = crypto.createHash('sha256').update(content).digest('hex');
  if (actual !== sha256) {
    throw new StoredFileMissingError(
      `The stored file ${relativePath} has changed since it was uploaded.`,
    );
  }
  return new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
}

export class StoredFileMissingError extends Error {}

export const fileTooLarge = (label: string, maxBytes: number) =>
  new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The ${label} is larger than the upload limit of ${formatBytes(maxBytes)}.`,
  );

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
