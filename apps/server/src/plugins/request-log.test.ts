import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../../test/test-database';

interface LogLine {
  level: number;
  msg: string;
  statusCode?: number;
  durationMs?: number;
  url?: string;
}

/** The application with its real logger writing JSON lines into an array. */
async function appWithLog(
  env: Record<string, string>,
  addRoutes: (app: FastifyInstance) => void = () => undefined,
) {
  const lines: LogLine[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as LogLine);
      }
      callback();
    },
  });
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', ...env });
  const app = await buildApp({ config, db: database.db, logStream });
  addRoutes(app);
  await app.ready();
  return { app, lines };
}

const DEBUG = 20;
const INFO = 30;
const WARN = 40;

let database: DatabaseHandle | undefined;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  await database?.close();
});

describe('request logging (issue 16)', () => {
  it('logs each request at debug only; at info a normal request writes nothing', async () => {
    const { app, lines } = await appWithLog({ LOG_LEVEL: 'info' });
    close = () => app.close();
    expect((await app.inject({ url: '/api/public/statistics/' })).statusCode).toBe(200);
    expect(lines).toEqual([]);

    const debug = await appWithLog({ LOG_LEVEL: 'debug' });
    await debug.app.inject({ url: '/api/public/statistics/' });
    await debug.app.close();
    const requestLines = debug.lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ statusCode: 200, url: '/api/public/statistics/' });
    expect(typeof requestLines[0]!.durationMs).toBe('number');
  });

  it('logs a request slower than SLOW_REQUEST_MS at warn, with its duration', async () => {
    const { app, lines } = await appWithLog({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: '0' });
    close = () => app.close();
    await app.inject({ url: '/api/public/statistics/' });
    const slow = lines.filter((line) => line.msg === 'slow request');
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({ level: WARN, statusCode: 200 });
    expect(slow[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('a client that drops a streamed download is not a server error', async () => {
    const { app, lines } = await appWithLog({ LOG_LEVEL: 'debug' }, (app) => {
      // A download that comes page by page, like a large export.
      app.get('/paged-download', (_request, reply) => {
        let pages = 0;
        const body = new Readable({
          read() {
            setTimeout(() => this.push(++pages > 20 ? null : 'colony_id\n'.repeat(5_000)), 50);
          },
        });
        return reply.type('text/csv').send(body);
      });
    });
    close = () => app.close();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/paged-download' }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', () => undefined);
    });
    // The server notices the closed connection at its next write.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(lines.filter((line) => line.level > INFO)).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: DEBUG,
        msg: 'the client closed the connection during a download',
      }),
    );
  });
});
