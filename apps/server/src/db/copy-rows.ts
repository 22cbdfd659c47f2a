import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CompiledQuery, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { AppDb } from './schema';

/**
 * `COPY table (columns) FROM …` of rows already in COPY's text format (`copy-text.ts`), on the
 * connection of the Kysely instance or transaction it is given, so it belongs to that transaction.
 *
 * Kysely hands its queries to the pool's client as (sql, parameters) and exposes no client, so the
 * request travels as the only parameter of a query whose text is the statement; the pool given
 * to Kysely (`withCopySupport`) recognises it and runs the COPY on that client: through
 * pg-copy-streams on a PostgreSQL server (COPY … FROM STDIN), through PGlite's `/dev/blob` on the
 * embedded database, whose node-postgres adapter cannot stream COPY data.
 */
export class CopyRows {
  /** Set by the connection once PostgreSQL reported the rows copied. */
  copiedRows: number | null = null;

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
    /** UTF-8 buffers of whole lines. */
    readonly data: Iterable<Buffer<ArrayBuffer>>,
  ) {}

  statement(source: 'STDIN' | `'/dev/blob'`): string {
    const columns = this.columns.map(quoteIdentifier).join(', ');
    return `COPY ${quoteIdentifier(this.table)} (${columns}) FROM ${source} WITH (FORMAT text, ENCODING 'UTF8')`;
  }

  /** node-postgres calls this if the request reaches a client that is not ours. */
  toPostgres(): never {
    throw new Error(
      `COPY into ${this.table} needs a database opened by openDatabase() (a pool with COPY support)`,
    );
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Runs the COPY; returns the row count PostgreSQL reported. */
export async function copyRows(db: AppDb, request: CopyRows): Promise<number> {
  await db.executeQuery(CompiledQuery.raw(request.statement('STDIN'), [request]));
  if (request.copiedRows === null) throw new Error(`COPY into ${request.table} did not run`);
  return request.copiedRows;
}

/** How one kind of database copies the rows on a client the caller holds. */
export type CopyRunner = (client: pg.PoolClient, request: CopyRows) => Promise<number>;

function isCopyRequest(parameters: unknown): parameters is [CopyRows] {
  return Array.isArray(parameters) && parameters.length === 1 && parameters[0] instanceof CopyRows;
}

/**
 * The pool as Kysely sees it: every client runs a `CopyRows` query with `run`, any other query as
 * node-postgres does. One wrapper per client, so Kysely keeps recognising its connections.
 */
export function withCopySupport(pool: pg.Pool, run: CopyRunner): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((textOrCursor: string, parameters?: unknown[]) => {
      if (!isCopyRequest(parameters)) return client.query(textOrCursor, parameters);
      const [request] = parameters;
      return run(client, request).then((rowCount) => {
        request.copiedRows = rowCount;
        return { command: 'COPY', rowCount, rows: [] };
      });
    }) as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/**
 * PostgreSQL server: COPY … FROM STDIN, the buffers streamed as they are made (back-pressure from
 * the socket). A failure while making them sends CopyFail, so the server discards the COPY.
 */
export const copyThroughSocket: CopyRunner = async (client, request) => {
  const stream = client.query(copyFrom(request.statement('STDIN')));
  await pipeline(Readable.from(request.data), stream);
  return stream.rowCount;
};

/**
 * Bytes per COPY on the embedded database: PGlite holds a whole Blob in memory, so the rows go in
 * several COPYs of about this size instead of one Blob as large as the table.
 */
const BLOB_BYTES = 32 << 20;

/** PGlite's query with a blob, or the same call to PGlite's thread (`pglite-thread.ts`). */
export interface BlobCopier {
  query(sql: string, parameters: [], options: { blob: Blob }): Promise<{ affectedRows?: number }>;
}

/**
 * Embedded database: COPY … FROM '/dev/blob' with PGlite's `blob` option. PGlite has one session,
 * and the caller holds its only client (the pool has one), so the statement runs in the caller's
 * transaction, between its other statements.
 */
export function copyThroughBlob(pglite: BlobCopier, blobBytes = BLOB_BYTES): CopyRunner {
  return async (_client, request) => {
    let copied = 0;
    let parts: Buffer<ArrayBuffer>[] = [];
    let size = 0;
    const flush = async () => {
      const result = await pglite.query(request.statement(`'/dev/blob'`), [], {
        blob: new Blob(parts),
      });
      copied += result.affectedRows ?? 0;
      parts = [];
      size = 0;
    };
    for (const buffer of request.data) {
      parts.push(buffer);
      size += buffer.length;
      if (size >= blobBytes) await flush();
    }
    if (size > 0) await flush();
    return copied;
  };
}
