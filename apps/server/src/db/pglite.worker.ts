import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { PgliteReply, PgliteRequest } from './pglite-thread';

/**
 * The embedded database's thread (docs/decisions/0069-embedded-database-in-a-thread.md): PGlite
 * runs every statement synchronously on the thread that calls it, so it lives here and the
 * server's event loop only sends it protocol bytes. Requests run one at a time, in the order they
 * arrive (PGlite has one session; the caller keeps the order of its transaction's statements).
 */
let pglite: PGlite | null = null;
let turn: Promise<unknown> = Promise.resolve();

const port = parentPort!;

port.on('message', (request: PgliteRequest) => {
  turn = turn.then(() => handle(request));
});

async function handle(request: PgliteRequest): Promise<void> {
  try {
    const reply = await answer(request);
    port.postMessage(reply, reply.kind === 'bytes' ? [reply.bytes.buffer] : []);
  } catch (error) {
    port.postMessage({ id: request.id, kind: 'error', error: errorFields(error) });
  }
  if (request.kind === 'close') port.close();
}

async function answer(request: PgliteRequest): Promise<PgliteReply> {
  const { id } = request;
  if (request.kind === 'open') {
    const options = {
      pgliteWasmModule: request.pgliteWasmModule,
      ...(request.loadDataDir ? { loadDataDir: dumpAsBlob(request.loadDataDir) } : {}),
    };
    pglite = request.dataDir ? new PGlite(request.dataDir, options) : new PGlite(options);
    await pglite.waitReady;
    return { id, kind: 'done' };
  }
  const db = pglite;
  if (!db) throw new Error('the embedded database is not open');
  switch (request.kind) {
    case 'protocol': {
      // Errors stay in the answer's bytes (an ErrorResponse), as a server would send them.
      const answer = await db.execProtocolRaw(request.bytes);
      // PGlite answers in a view of its receive buffer, reused by the next statement: a copy.
      return { id, kind: 'bytes', bytes: answer.slice() };
    }
    case 'copy': {
      const result = await db.query(request.sql, [], { blob: new Blob([request.data]) });
      return { id, kind: 'count', count: result.affectedRows ?? 0 };
    }
    case 'dump': {
      const dump = await db.dumpDataDir('none');
      return { id, kind: 'bytes', bytes: new Uint8Array(await dump.arrayBuffer()) };
    }
    case 'close':
      await db.close();
      pglite = null;
      return { id, kind: 'done' };
  }
}

/**
 * The dump as PGlite reads `loadDataDir`: it calls `arrayBuffer()` (and looks at `type` for a
 * gzip), nothing else. A real Blob would copy the bytes it already holds in small chunks (Node
 * 20's Blob reads about three times the CPU of a copy, about 0.6 s for a test's 40 MB dump);
 * `pglite-thread.test.ts` opens a copy from a dump, so a PGlite that reads it otherwise fails there.
 */
function dumpAsBlob(bytes: ArrayBuffer): Blob {
  return { type: '', size: bytes.byteLength, arrayBuffer: () => Promise.resolve(bytes) } as Blob;
}

/** A PostgreSQL error's fields (code, detail, constraint…) travel as they are. */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return fields;
}
