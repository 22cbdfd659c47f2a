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

export type CheckReply = { id: number; result: PrepareResult } | { id: number; error: string };

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
    { resolve: (result: PrepareResult) => void; reject: (error: Error) => void }
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
    return new Promise<PrepareResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, request } satisfies CheckRequest);
    }).finally(() => {
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

  private async workerWith(maxHeapMb: number): Promise<Worker> {
    if (this.worker && this.heapMb === maxHeapMb) return this.worker;
    if (this.worker) await this.worker.terminate();
    const worker = new Worker(await workerScript('prepare-upload-worker'), {
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    worker.on('message', (reply: CheckReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (!waiting) return;
      if ('result' in reply) waiting.resolve(reply.result);
      else waiting.reject(new Error(`the upload check failed: ${reply.error}`));
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
