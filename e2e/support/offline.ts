import zlib from 'node:zlib';
import type { BrowserContext, Route } from '@playwright/test';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 light-grey PNG, made in memory: what every map tile looks like in the journeys. */
export function greyTilePng(size = 256, grey = 0xcc): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size, grey)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const GREY_TILE = greyTilePng();
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Tile requests: known tile servers, or any {z}/{x}/{y} image path. */
export function isTileRequest(url: URL): boolean {
  return (
    /(^|\.)tile\.openstreetmap\.org$|(^|\.)arcgisonline\.com$/.test(url.hostname) ||
    /\/\d+\/\d+\/\d+(\.(png|jpe?g|webp))?$/.test(url.pathname)
  );
}

export const blockedRequests: string[] = [];

async function answerOffline(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  if (LOCAL_HOSTS.has(url.hostname)) return route.fallback();
  if (isTileRequest(url)) {
    return route.fulfill({ status: 200, contentType: 'image/png', body: GREY_TILE });
  }
  blockedRequests.push(url.href);
  return route.abort('blockedbyclient');
}

/**
 * Nothing leaves the machine: requests to the test server go through, map tiles get a grey
 * PNG, everything else is aborted. Routes a test adds on the page take precedence.
 */
export async function keepOffline(context: BrowserContext): Promise<void> {
  await context.route('**/*', answerOffline);
}
