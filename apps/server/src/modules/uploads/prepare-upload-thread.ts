import { Worker } from 'node:worker_threads';
import type { PrepareOptions, PrepareResult, UploadFile } from '@coral/core';
import { workerScript } from '../../lib/worker-script';

export interface PrepareUploadRequest {
  main: UploadFile;
  ed: UploadFile | null;
  options: PrepareOptions;
}

/** The files needed more memory to check than a check may take: retrying cannot help. */
export class UploadTooLargeToCheckError extends Error {}

export interface CheckRequest {
  id: number;
  request: PrepareUploadRequest;
}

/**
 * An idle check thread ends after this: its heap (hundreds of MB after a large sheet) goes back to
 * the system; the next check pays the thread's start (about a second) again.
 */
const IDLE_THREAD_MS = 20_000;

/**
 * The checked plan's long lists (a 56,000-row sheet's observations) come over in parts of this
 * many items, one part per turn of the event loop: receiving the whole plan at once was a
 * structured clone of every row on the server's thread, a stall of 1–4 s on a loaded machine
 * (docs/decisions/0069-embedded-database-in-a-thread.md).
 */
export const PLAN_PART_ITEMS = 2_000;

/** To the check thread: a check, or the next part of the plan it holds, or let it go. */
export type CheckMessage =
  | CheckRequest
  | { id: number; pull: { field: string; from: number } }
  | { id: number; release: true };

/**
 * From the check thread. A plan's lists longer than PLAN_PART_ITEMS come empty, their lengths
 * in `parts`; the thread keeps the plan until it is released or the next check arrives.
 */
export type CheckReply =
  | { id: number; result: PrepareResult; parts?: Record<string, number> }
  | { id: number; part: unknown[] }
  | { id: number; error: string };

/**
 * Core's prepareUpload (parse, row checks, ED matching, quality checks with their refits) in a
 * worker thread (decision 0028): a 56,000-row sheet takes seconds of CPU, during which the
 * server's event loop keeps answering requests. One thread per process, started on first use
 * and kept for the next upload for `IDLE_THREAD_MS` (not keeping the process alive while idle),
 * then ended, so that its heap goes back to the system (docs/decisions/0059-embedded-database-no-freeze.md);
 * checks run one at a time. Its heap is capped at
 * `maxHeapMb`: a file that needs more memory to check fails with UploadTooLargeToCheckError and
 * the next check starts a fresh thread, instead of the server running out of memory.
 */
class UploadCheckThread {
  private worker: Worker | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private heapMb = 0;
  private nextId = 1;
  private pending = new Map<
    number,
    { resolve: (reply: CheckReply) => void; reject: (error: Error) => void }
  >();
  private turn: Promise<unknown> = Promise.resolve();

  check(request: PrepareUploadRequest, maxHeapMb: number): Promise<PrepareResult> {
    const run = this.turn.then(() => this.send(request, maxHeapMb));
    this.turn = run.catch(() => undefined);
    return run;
  }

  private async send(request: PrepareUploadRequest, maxHeapMb: number): Promise<PrepareResult> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = await this.workerWith(maxHeapMb);
    const id = this.nextId++;
    // A thread with a check in progress keeps the process alive (the CLI waits for it); an idle
    // one does not keep a finished process from exiting.
    worker.ref();
    return this.receive(worker, id, request).finally(() => {
      if (this.pending.size > 0) return;
      worker.unref();
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (this.worker !== worker || this.pending.size > 0) return;
        this.worker = null;
        void worker.terminate();
      }, IDLE_THREAD_MS);
      this.idleTimer.unref();
    });
  }

  private ask(worker: Worker, message: CheckMessage): Promise<CheckReply> {
    return new Promise<CheckReply>((resolve, reject) => {
      this.pending.set(message.id, { resolve, reject });
      worker.postMessage(message);
    }).then((reply) => {
      if ('error' in reply) throw new Error(`the upload check failed: ${reply.error}`);
      return reply;
    });
  }

  /** The check's result, its plan's long lists pulled part by part (PLAN_PART_ITEMS). */
  private async receive(
    worker: Worker,
    id: number,
    request: PrepareUploadRequest,
  ): Promise<PrepareResult> {
    const reply = await this.ask(worker, { id, request });
    if (!('result' in reply)) throw new Error('the upload check answered without a result');
    const { result, parts } = reply;
    if (!result.ok || !parts) return result;
    const plan = result.plan as unknown as Record<string, unknown[]>;
    try {
      for (const [field, length] of Object.entries(parts)) {
        const items: unknown[] = [];
        for (let from = 0; from < length; from += PLAN_PART_ITEMS) {
          // requests that arrived meanwhile go first
          await new Promise((resolve) => setImmediate(resolve));
          const answer = await this.ask(worker, { id: this.nextId++, pull: { field, from } });
          if (!('part' in answer)) throw new Error('the upload check answered without a part');
          for (const item of answer.part) items.push(item);
        }
        plan[field] = items;
      }
    } finally {
      worker.postMessage({ id: this.nextId++, release: true } satisfies CheckMessage);
    }
    return result;
  }

  private async workerWith(maxHeapMb: number): Promise<Worker> {
    if (this.worker && this.heapMb === maxHeapMb) return this.worker;
    if (this.worker) await this.worker.terminate();
    const worker = new Worker(await workerScript('prepare-upload-worker'), {
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    worker.on('message', (reply: CheckReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      this.failAll(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new UploadTooLargeToCheckError(
              `checking the files needed more than the ${maxHeapMb} MB of memory a check may use. Split the file into smaller uploads.`,
            )
          : error,
      );
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(new Error(`the upload check stopped (exit code ${code}) without a result`));
    });
    this.worker = worker;
    this.heapMb = maxHeapMb;
    return worker;
  }

  private failAll(error: Error) {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

const checkThread = new UploadCheckThread();

/** Checks an upload's files in the check thread (see UploadCheckThread). */
export function prepareUploadInThread(
  request: PrepareUploadRequest,
  { maxHeapMb }: { maxHeapMb: number },
): Promise<PrepareResult> {
  return checkThread.check(request, maxHeapMb);
}
