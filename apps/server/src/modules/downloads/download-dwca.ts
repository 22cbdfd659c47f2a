import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import {
  downloadCompanionFiles,
  DWCA_EML_FILE,
  DWCA_META_FILE,
  dwcaEmlXml,
  DwcaEventTracker,
  dwcaEventHeader,
  dwcaEventRows,
  dwcaMeasurementHeader,
  dwcaMeasurementRows,
  dwcaMetaXml,
  dwcaOccurrenceHeader,
  dwcaOccurrenceRows,
  EVENT_FILE,
  MEASUREMENT_FILE,
  OCCURRENCE_FILE,
  type DatasetLookup,
  type DownloadColony,
  type DownloadContext,
} from '@coral/core';

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

/**
 * A Darwin Core Archive written in one pass over the colonies (docs/downloads.md): the three
 * data files grow side by side, so they go to temporary files first (a zip writes entries one
 * after another), and are zipped from there; meta.xml and eml.xml start the response at once.
 * Every entry is dated `mtime`, so the same colonies and context give the same bytes. The
 * temporary folder is removed when the archive ends, fails or the client goes away.
 */
export function dwcaArchive(
  pages: AsyncIterable<readonly DownloadColony[]>,
  context: DownloadContext,
  lookup: DatasetLookup,
  mtime: Date,
): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const entry = { mtime, compress: true };
  zip.addBuffer(Buffer.from(dwcaMetaXml()), DWCA_META_FILE, entry);
  zip.addBuffer(Buffer.from(dwcaEmlXml(context)), DWCA_EML_FILE, entry);

  // Known from the start: a client may go away before the temporary folder even exists.
  const outputClosed = new Promise<void>((resolve) => output.once('close', () => resolve()));
  // A file error (disk full, …) ends the download; attached at once, so it is never unhandled.
  const failOn = <T extends WriteStream | Readable>(stream: T): T => {
    stream.on('error', (error: Error) => output.destroy(error));
    return stream;
  };

  // The client sees a cut download, the log the reason; nothing is left on disk.
  const fail = (error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error)));

  void (async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'coral-dwca-'));
    try {
      await writeAndZip(folder);
    } catch (error) {
      fail(error);
    } finally {
      // Only once the response is over and nothing writes or reads there any more: removing the
      // folder under a file that is still being opened made an unhandled ENOENT (issue 16).
      await outputClosed;
      await rm(folder, { recursive: true, force: true });
    }
  })().catch(fail);

  async function writeAndZip(folder: string) {
    const files = [EVENT_FILE, OCCURRENCE_FILE, MEASUREMENT_FILE].map((spec) => ({
      name: spec.fileName,
      path: path.join(folder, spec.fileName),
    }));
    const streams = files.map((file) => failOn(createWriteStream(file.path)));
    const [events, occurrences, measurements] = streams;
    try {
      const tracker = new DwcaEventTracker();
      await write(events!, dwcaEventHeader());
      await write(occurrences!, dwcaOccurrenceHeader());
      await write(measurements!, dwcaMeasurementHeader());
      for await (const page of pages) {
        // The client went away: stop reading the database.
        if (output.destroyed) return;
        let eventText = '';
        let occurrenceText = '';
        let measurementText = '';
        for (const colony of page) {
          eventText += dwcaEventRows(colony, context, lookup, tracker);
          occurrenceText += dwcaOccurrenceRows(colony, context, lookup);
          measurementText += dwcaMeasurementRows(colony, context);
        }
        await write(events!, eventText);
        await write(occurrences!, occurrenceText);
        await write(measurements!, measurementText);
      }
    } finally {
      await Promise.all(streams.map(close));
    }
    if (output.destroyed) return;
    for (const file of files) {
      zip.addReadStream(failOn(createReadStream(file.path)), file.name, entry);
    }
    for (const [name, text] of Object.entries(downloadCompanionFiles(context, 'dwca'))) {
      zip.addBuffer(Buffer.from(text), name, entry);
    }
    zip.end();
  }
  return output;
}
