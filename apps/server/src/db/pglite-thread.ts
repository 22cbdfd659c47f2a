import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DatabaseError, serialize } from 'pg-protocol';
import { Parser } from 'pg-protocol/dist/parser';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import { workerScript } from '../lib/worker-script';

/** What the server's thread asks the database's thread (`pglite.worker.ts`). */
export type PgliteRequest = { id: number } & (
  | {
      kind: 'open';
      dataDir?: string;
      loadDataDir?: ArrayBuffer;
      /** PGlite's WebAssembly, compiled once per process (`compiledPglite`). */
      pgliteWasmModule: WebAssembly.Module;
    }
  /** Frontend protocol messages, ending with a Sync, Flush or simple Query. */
  | { kind: 'protocol'; bytes: Uint8Array }
  /** COPY … FROM '/dev/blob' of these bytes. */
  | { kind: 'copy'; sql: string; data: ArrayBuffer }
  | { kind: 'dump' }
  | { kind: 'close' }
);

export type PgliteReply = { id: number } & (
  | { kind: 'done' }
  | { kind: 'bytes'; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'count'; count: number }
  | { kind: 'error'; error: Record<string, unknown> }
);

let pgliteModule: Promise<WebAssembly.Module> | undefined;

/** Node's WebAssembly global: the server's types (no DOM library) know only its types. */
const nodeWasm = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
  }
).WebAssembly;

/**
 * PGlite's WebAssembly (9 MB), compiled once per process and handed to every database thread:
 * without it each thread (each test file's database, each server start) compiled it again, and
 * the code V8 optimises while it runs is kept with the module, so later threads start warm.
 */
function compiledPglite(): Promise<WebAssembly.Module> {
  pgliteModule ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return nodeWasm.compile(await fs.readFile(path.join(path.dirname(entry), 'pglite.wasm')));
  })();
  return pgliteModule;
}

type Waiting = { resolve: (reply: PgliteReply) => void; reject: (error: Error) => void };

/**
 * PGlite in its own worker thread (docs/decisions/0069-embedded-database-in-a-thread.md). PGlite
 * runs each statement synchronously on the thread that calls it: on the server's thread, a long
 * statement (an import step, an index build, ANALYZE) stopped every request, cached ones
 * included. Here the server's thread only sends protocol bytes and waits without blocking. The
 * thread keeps the process alive only while a request is pending.
 */
export class PgliteThread {
  private nextId = 1;
  private pending = new Map<number, Waiting>();
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (reply: PgliteReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      waiting?.resolve(reply);
    });
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', (code) =>
      this.stop(new Error(`the embedded database's thread stopped (exit code ${code})`)),
    );
  }

  /**
   * Starts the thread and opens PGlite in it: in `dataDir`, or in memory (from a dump). A dump
   * given as bytes is copied once; Node 20's `Blob.arrayBuffer()` reads a 40 MB dump in small
   * chunks (about three times the CPU of a copy), which every test file's database paid.
   */
  static async open(target: {
    dataDir?: string;
    loadDataDir?: Blob | Uint8Array;
  }): Promise<PgliteThread> {
    const [script, pgliteWasmModule] = await Promise.all([
      workerScript('pglite-worker'),
      compiledPglite(),
    ]);
    const thread = new PgliteThread(new Worker(script));
    try {
      const dump = target.loadDataDir;
      const loadDataDir =
        dump instanceof Uint8Array ? copyToArrayBuffer(dump) : await dump?.arrayBuffer();
      await thread.request(
        { kind: 'open', dataDir: target.dataDir, loadDataDir, pgliteWasmModule },
        loadDataDir ? [loadDataDir] : [],
      );
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  /** Runs frontend protocol messages; the answer holds the backend's messages, errors included. */
  async protocol(bytes: Uint8Array): Promise<Uint8Array> {
    const reply = await this.request({ kind: 'protocol', bytes }, [bytes.buffer as ArrayBuffer]);
    return (reply as { bytes: Uint8Array }).bytes;
  }

  /** The same call as PGlite's for `copyThroughBlob` (`copy-rows.ts`). */
  async query(
    sql: string,
    _parameters: [],
    { blob }: { blob: Blob },
  ): Promise<{ affectedRows: number }> {
    const data = await blob.arrayBuffer();
    const reply = await this.request({ kind: 'copy', sql, data }, [data]);
    return { affectedRows: (reply as { count: number }).count };
  }

  async dump(): Promise<Blob> {
    const reply = await this.request({ kind: 'dump' });
    // The worker transfers a plain ArrayBuffer-backed array; Blob's typing wants that said.
    return new Blob([(reply as { bytes: Uint8Array<ArrayBuffer> }).bytes]);
  }

  async close(): Promise<void> {
    if (!this.stopped) await this.request({ kind: 'close' });
    await this.worker.terminate();
  }

  private request(
    message: { kind: PgliteRequest['kind'] } & Record<string, unknown>,
    transfer: ArrayBuffer[] = [],
  ): Promise<PgliteReply> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise<PgliteReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ ...message, id }, transfer);
    }).then((reply) => {
      if (reply.kind === 'error') throw databaseError(reply.error);
      return reply;
    });
  }

  private stop(error: Error) {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/** The bytes in an ArrayBuffer of their own, which can be transferred to the thread. */
function copyToArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

/** An error of the database's thread as node-postgres would raise it (code, detail…). */
function databaseError(fields: Record<string, unknown>): Error {
  const message = String(fields.message);
  const error =
    typeof fields.code === 'string'
      ? new DatabaseError(message, Number(fields.length ?? 0), 'error')
      : new Error(message);
  for (const [key, value] of Object.entries(fields)) {
    if (key !== 'message' && key !== 'name') {
      (error as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return error;
}

/**
 * The connection node-postgres uses instead of a socket (as `@electric-sql/pglite/node-postgres`
 * does, but across the thread): the messages node-postgres writes are serialised as for a server
 * and sent together when it asks for an answer (Sync, Flush, a simple Query), so that a
 * parameterised query costs one hop between the threads; the answer is parsed by the same parser
 * node-postgres uses on a socket, so results and errors (codes, details) are a server's.
 */
export class PgliteThreadConnection extends EventEmitter {
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  parsedStatements = {};
  submittedNamedStatements = {};
  private parser = new Parser();
  private outgoing: Buffer[] = [];
  private turn: Promise<unknown> = Promise.resolve();
  private listening = false;

  constructor(private readonly thread: PgliteThread) {
    super();
    this.on('newListener', (event) => {
      if (event === 'message') this.listening = true;
    });
  }

  connect(): void {
    this._connecting = true;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  query(text: string): void {
    this.outgoing.push(serialize.query(text));
    this.send();
  }
  parse(query: Parameters<typeof serialize.parse>[0]): void {
    this.outgoing.push(serialize.parse(query));
  }
  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.outgoing.push(serialize.bind(config));
  }
  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.outgoing.push(serialize.execute(config));
  }
  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.outgoing.push(serialize.describe(message));
  }
  close(message: Parameters<typeof serialize.close>[0]): void {
    this.outgoing.push(serialize.close(message));
  }
  flush(): void {
    this.outgoing.push(serialize.flush());
    this.send();
  }
  sync(): void {
    this.outgoing.push(serialize.sync());
    this.send();
  }
  sendCopyFromChunk(): void {
    this.fail('COPY FROM STDIN');
  }
  endCopyFrom(): void {
    this.fail('COPY FROM STDIN');
  }
  sendCopyFail(): void {
    this.fail('COPY FROM STDIN');
  }
  sendSASLInitialResponseMessage(): void {}
  sendSCRAMClientFinalMessage(): void {}

  end(): void {
    this.outgoing = [];
    this.turn = this.turn.then(() => this.emit('end'));
    for (const event of this.eventNames()) {
      if (event !== 'newListener') this.removeAllListeners(event);
    }
    this.listening = false;
  }

  private fail(what: string) {
    this.emit('error', new Error(`the embedded database does not take ${what}; use copyRows`));
  }

  /** The messages written so far, in one hop; the answers are emitted in order. */
  private send() {
    const bytes = new Uint8Array(Buffer.concat(this.outgoing));
    this.outgoing = [];
    this.turn = this.turn
      .then(() => this.thread.protocol(bytes))
      .then((answer) => {
        this.parser.parse(Buffer.from(answer.buffer, answer.byteOffset, answer.length), (message) =>
          this.deliver(message),
        );
      })
      .catch((error: unknown) => this.emit('error', error));
  }

  private deliver(message: BackendMessage) {
    if (this.listening) this.emit('message', message);
    this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
  }
}
