import type { EdComputation } from '@coral/core/ed50';
import {
  DEFAULT_METHOD,
  type AnalysesResult,
  type CalculatorResult,
  type ComputeMethod,
  type EngineRequest,
  type EngineResponse,
  type FileCheck,
} from '../worker/protocol';
import type { AnalysisChoices } from '../utils/analysis-choices';

/** The page stopped a computation (or chose another file) before it finished. */
export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  constructor() {
    super('Cancelled');
  }
}

/** The calculator's engine as the page sees it: each call answers once; cancel stops them all. */
export interface EdEngine {
  check(file: Blob, fileName: string): Promise<FileCheck>;
  compute(
    file: Blob,
    grouping: readonly string[],
    onProgress: (done: number, total: number) => void,
    method?: ComputeMethod,
  ): Promise<CalculatorResult>;
  /** The post-fit analyses of a computation of `file` (decision 0068). */
  analyse(
    file: Blob,
    computation: EdComputation,
    choices: AnalysisChoices,
    unrounded: boolean,
  ): Promise<AnalysesResult>;
  cancel(): void;
}

interface Pending {
  resolve: (response: EngineResponse) => void;
  reject: (error: Error) => void;
  onProgress?: (done: number, total: number) => void;
}

/** Where requests go: a Worker (the browser) or the same code in the page (no Worker). */
interface Transport {
  send(request: EngineRequest): void;
  stop(): void;
}

export type WorkerFactory = () => Worker;

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/**
 * The worker is a separate chunk (with the ED engine and its tables): nothing of it is loaded
 * before the first file is checked.
 */
const createCalculatorWorker: WorkerFactory = () =>
  new Worker(new URL('../worker/ed50.worker.ts', import.meta.url), {
    type: 'module',
    name: 'ED calculator',
  });

/**
 * Runs the engine in a Web Worker when the browser has them, otherwise in the page (lazily
 * imported, so it still stays out of the main bundle). Cancelling terminates the worker: the
 * fit stops at once, and the next request starts a fresh one.
 */
export function createEdEngine(
  createWorker: WorkerFactory | null = typeof Worker === 'undefined'
    ? null
    : createCalculatorWorker,
): EdEngine {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let transport: Transport | null = null;

  const receive = (response: EngineResponse) => {
    const entry = pending.get(response.id);
    if (!entry) return;
    if (response.kind === 'progress') {
      entry.onProgress?.(response.done, response.total);
      return;
    }
    pending.delete(response.id);
    entry.resolve(response);
  };

  const failAll = (error: Error) => {
    const entries = [...pending.values()];
    pending.clear();
    for (const entry of entries) entry.reject(error);
  };

  const workerTransport = (factory: WorkerFactory): Transport => {
    const worker = factory();
    worker.onmessage = (event: MessageEvent<EngineResponse>) => receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      transport?.stop();
      transport = null;
      failAll(
        new Error(
          `The calculator stopped unexpectedly${event.message ? `: ${event.message}` : ''}.`,
        ),
      );
    };
    return { send: (request) => worker.postMessage(request), stop: () => worker.terminate() };
  };

  const inPageTransport = (): Transport => {
    let stopped = false;
    return {
      send: (request) => {
        void import('../worker/engine').then(({ handleRequest }) =>
          handleRequest(request, (response) => {
            if (!stopped) receive(response);
          }),
        );
      },
      stop: () => {
        stopped = true;
      },
    };
  };

  const request = <K extends EngineResponse['kind']>(
    message: WithoutId<EngineRequest>,
    expected: K,
    onProgress?: (done: number, total: number) => void,
  ) =>
    new Promise<Extract<EngineResponse, { kind: K }>>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, {
        onProgress,
        reject,
        resolve: (response) => {
          if (response.kind === expected) {
            resolve(response as Extract<EngineResponse, { kind: K }>);
          } else {
            reject(new Error(response.kind === 'failed' ? response.message : 'Unexpected answer'));
          }
        },
      });
      transport ??= createWorker ? workerTransport(createWorker) : inPageTransport();
      transport.send({ ...message, id });
    });

  return {
    async check(file, fileName) {
      return (await request({ kind: 'check', file, fileName }, 'checked')).check;
    },
    async compute(file, grouping, onProgress, method = DEFAULT_METHOD) {
      return (
        await request(
          { kind: 'compute', file, grouping: [...grouping], method },
          'computed',
          onProgress,
        )
      ).result;
    },
    async analyse(file, computation, choices, unrounded) {
      return (await request({ kind: 'analyse', file, computation, choices, unrounded }, 'analysed'))
        .analyses;
    },
    cancel() {
      transport?.stop();
      transport = null;
      failAll(new CancelledError());
    },
  };
}
