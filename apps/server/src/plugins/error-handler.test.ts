import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';

/** A port nothing listens on: connecting to it is refused, as while PostgreSQL restarts. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

const UNAVAILABLE = {
  error: 'The database is unavailable. Please try again in a moment.',
  code: 'DATABASE_UNAVAILABLE',
};

describe('errors of an unreachable database', () => {
  let app: FastifyInstance;
  let pool: pg.Pool;
  let thrown: unknown;
  const logged: string[] = [];

  beforeAll(async () => {
    pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/coral`,
      connectionTimeoutMillis: 2000,
    });
    app = Fastify({
      logger: {
        level: 'warn',
        stream: { write: (line: string) => logged.push(line) },
      },
    });
    registerErrorHandler(app);
    app.get('/query', async () => {
      const result = await pool.query<{ one: number }>('SELECT 1 AS one');
      return result.rows;
    });
    app.get('/throw', async () => {
      throw thrown;
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  it('a refused connection (a real pg pool) answers 503 with Retry-After and a clear message', async () => {
    const response = await app.inject({ url: '/query' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual(UNAVAILABLE);
    expect(logged.join('')).toContain('database unavailable: ');
  });

  it.each([
    [
      '57P01 admin_shutdown',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['57P03 cannot_connect_now', withCode('the database system is shutting down', '57P03')],
    ['08006 connection_failure', withCode('connection failure', '08006')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
  ])('%s answers 503', async (_name, error) => {
    thrown = error;
    const response = await app.inject({ url: '/throw' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual(UNAVAILABLE);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a query error', withCode('relation "nope" does not exist', '42P01')],
  ])('%s still answers 500 and is logged as an error', async (_name, error) => {
    thrown = error;
    logged.length = 0;
    const response = await app.inject({ url: '/throw' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(logged.join('')).toContain('request failed');
  });
});
