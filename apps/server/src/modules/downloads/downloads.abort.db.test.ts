import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_FORMAT_IDS, DOWNLOAD_FORMATS, downloadFolders, downloadUrl } from '@coral/core';
import { createLoggedApp, type LoggedApp } from '../../../test/log-capture';

/**
 * A client that leaves a download half-way must leave nothing behind: no descriptor open on a
 * temporary file (deleted or not) and no temporary bytes (docs/decisions/0052-faults-and-streams.md).
 * A real TCP connection is cut half-way through each registered format, the zip format's
 * temporary files while they are being zipped included.
 */
const SYNTHETIC_COLONIES = 6_000;
const ARCHIVE_PREFIX = 'coral-archive-';

let logged: LoggedApp;
let port: number;

beforeAll(async () => {
  logged = await createLoggedApp({ SLOW_REQUEST_MS: '600000' });
  await sql`
    INSERT INTO colonies (name, species, country, latitude, longitude, dataset_version_id)
    SELECT 'Aborted_' || g || '_' || md5(g::text) || md5((-g)::text) || md5((g * 7)::text),
           'Acropora synthetica ' || md5((g * 17)::text) || md5((g * 19)::text), 'AUS', -14.5,
           145.5, (SELECT min(id) FROM public_dataset_versions)
    FROM generate_series(1, ${SYNTHETIC_COLONIES}::int) AS g
  `.execute(logged.database.db);
  await logged.app.listen({ port: 0, host: '127.0.0.1' });
  port = (logged.app.server.address() as AddressInfo).port;
}, 180_000);
afterAll(() => logged?.close());

/** Descriptors of this process open on a download's temporary files (deleted ones included). */
function temporaryDescriptors(): string[] {
  const held: string[] = [];
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
      if (target.includes(ARCHIVE_PREFIX)) held.push(target);
    } catch {
      // Closed between the listing and the look: not held.
    }
  }
  return held;
}

/**
 * Download folders left in the temporary directory before this file ran (by a process killed
 * mid-download, say) are not this server's: only folders made since count.
 */
const LEFT_BEFORE = new Set(
  fs.readdirSync(os.tmpdir()).filter((entry) => entry.startsWith(ARCHIVE_PREFIX)),
);

/** Bytes in download temporary folders. */
function temporaryBytes(): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (!entry.startsWith(ARCHIVE_PREFIX) || LEFT_BEFORE.has(entry)) continue;
    const folder = path.join(os.tmpdir(), entry);
    for (const file of fs.readdirSync(folder)) {
      try {
        bytes += fs.statSync(path.join(folder, file)).size;
      } catch {
        // Removed meanwhile.
      }
    }
  }
  return bytes;
}

/** What download temporaries are left, once they are gone or after 10 s. */
async function leftOver() {
  const deadline = Date.now() + 10_000;
  let left = { descriptors: temporaryDescriptors(), bytes: temporaryBytes() };
  while (Date.now() < deadline && (left.descriptors.length > 0 || left.bytes > 0)) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    left = { descriptors: temporaryDescriptors(), bytes: temporaryBytes() };
  }
  return left;
}

function fetchLength(urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath }, (response) => {
        let length = 0;
        response.on('data', (chunk: Buffer) => (length += chunk.length));
        response.on('end', () => resolve(length));
      })
      .on('error', reject);
  });
}

/** Reads `bytes` of the download, then destroys the connection. */
function abortAfter(urlPath: string, bytes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath }, (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= bytes) {
          request.destroy();
          resolve();
        }
      });
      response.on('end', () => reject(new Error(`${urlPath} ended before the abort`)));
    });
    request.on('error', () => undefined);
  });
}

describe('a download the client leaves half-way', () => {
  it.each(DOWNLOAD_FORMAT_IDS.flatMap((format) => [0.02, 0.5, 0.9].map((at) => [format, at])))(
    '%s cut at %s of its bytes leaves no descriptor and no temporary byte behind',
    async (format, at) => {
      const urlPath = downloadUrl(
        downloadFolders.map(),
        DOWNLOAD_FORMATS[format as keyof typeof DOWNLOAD_FORMATS].file,
        '',
      );
      const whole = await fetchLength(urlPath);
      expect(whole).toBeGreaterThan(500_000);
      // The whole download's folder is removed once its response has closed: a moment later.
      const before = await leftOver();
      for (let i = 0; i < 3; i++) await abortAfter(urlPath, Math.floor(whole * (at as number)));
      // The server notices at its next write; give it a moment, then nothing may remain.
      const after = await leftOver();
      expect(before).toEqual({ descriptors: [], bytes: 0 });
      expect(after).toEqual({ descriptors: [], bytes: 0 });
    },
    60_000,
  );
});
