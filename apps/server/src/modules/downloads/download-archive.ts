import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { ArchiveContents, DownloadColony } from '@coral/core';

/** Writes text to a file stream, waiting when its buffer is full (memory stays flat). */
async function write(file: WriteStream, text: string) {
  if (text !== '' && !file.write(text)) await once(file, 'drain');
}

async function close(file: WriteStream) {
  if (file.closed) return;
  const closed = once(file, 'close');
  file.end();
  // A stream that failed is closed already or closes now: either way it is done.
  await closed.catch(() => undefined);
}

/** Resolves once a file stream has released its descriptor. */
async function closed(stream: Readable) {
  if (stream.closed) return;
  await once(stream, 'close').catch(() => undefined);
}

/**
 * A zip format's download (the Darwin Core Archive; docs/decisions/0045-download-formats.md)
 * written in one pass over the colonies: its tables grow side by side, so they go to temporary
 * files first (a zip writes entries one after another), and are zipped from there; the leading
 * entries start the response at once, the trailing entries (known once every colony is
 * written) and the companion files end it. Every entry is dated `mtime`,
 * so the same colonies and context give the same bytes. The temporary folder is removed when the
 * archive ends, fails or the client goes away.
 */
export function zipArchive(
  pages: AsyncIterable<readonly DownloadColony[]>,
  contents: ArchiveContents,
  companions: Readonly<Record<string, string>>,
  mtime: Date,
): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const entry = { mtime, compress: true };
  for (const leading of contents.leading) {
    zip.addBuffer(Buffer.from(leading.text), leading.name, entry);
  }

  // Known from the start: a client may go away before the temporary folder even exists.
  const outputClosed = new Promise<void>((resolve) => output.once('close', () => resolve()));
  // The tables being zipped: each holds a descriptor from the moment it is created, and the zip
  // reads them one after another, so a client leaving mid-zip left the unread ones open on
  // deleted files (docs/decisions/0052-faults-and-streams.md). Destroyed when the output closes.
  const readers: Readable[] = [];
  output.once('close', () => {
    for (const reader of readers) reader.destroy();
  });
  // A file error (disk full, …) ends the download; attached at once, so it is never unhandled.
  const failOn = <T extends WriteStream | Readable>(stream: T): T => {
    stream.on('error', (error: Error) => output.destroy(error));
    return stream;
  };

  // The client sees a cut download, the log the reason; nothing is left on disk.
  const fail = (error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error)));

  void (async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'coral-archive-'));
    try {
      await writeAndZip(folder);
    } catch (error) {
      fail(error);
    } finally {
      // Only once the response is over and nothing writes or reads there any more: removing the
      // folder under a file that is still being opened made an unhandled ENOENT (decision 0036).
      await outputClosed;
      await Promise.all(readers.map(closed));
      await rm(folder, { recursive: true, force: true });
    }
  })().catch(fail);

  async function writeAndZip(folder: string) {
    const files = contents.tables.map((table, index) => ({
      table,
      // By position: a table's name may hold characters a file name may not.
      path: path.join(folder, `table-${index}`),
    }));
    const streams = files.map((file) => failOn(createWriteStream(file.path)));
    try {
      for (const [index, file] of files.entries()) await write(streams[index]!, file.table.header);
      for await (const page of pages) {
        // The client went away: stop reading the database.
        if (output.destroyed) return;
        // Colony by colony, every table: a table may remember what it wrote (shared events).
        const texts = files.map(() => '');
        for (const colony of page) {
          for (const [index, file] of files.entries()) texts[index] += file.table.rows(colony);
        }
        for (const [index, text] of texts.entries()) await write(streams[index]!, text);
      }
      // Rows known only at the end (the archive's site events).
      for (const [index, file] of files.entries()) {
        const tail = file.table.tail?.() ?? '';
        if (tail !== '') await write(streams[index]!, tail);
      }
    } finally {
      await Promise.all(streams.map(close));
    }
    if (output.destroyed) return;
    for (const file of files) {
      const reader = failOn(createReadStream(file.path));
      readers.push(reader);
      zip.addReadStream(reader, file.table.name, entry);
    }
    for (const trailing of contents.trailing()) {
      zip.addBuffer(Buffer.from(trailing.text), trailing.name, entry);
    }
    for (const [name, text] of Object.entries(companions)) {
      zip.addBuffer(Buffer.from(text), name, entry);
    }
    zip.end();
  }
  return output;
}
