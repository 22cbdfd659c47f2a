import { describe, expect, it, vi } from 'vitest';
import type { EngineRequest, EngineResponse } from '../worker/protocol';
import { CancelledError, createEdEngine } from './ed-engine';

/** A stand-in Worker: records what the page posts; the test answers as the worker would. */
class FakeWorker {
  static instances: FakeWorker[] = [];
  posted: EngineRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<EngineResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;

  constructor() {
    FakeWorker.instances.push(this);
  }

  postMessage(request: EngineRequest) {
    this.posted.push(request);
  }

  terminate() {
    this.terminated = true;
  }

  answer(response: EngineResponse) {
    this.onmessage?.({ data: response } as MessageEvent<EngineResponse>);
  }
}

function engineWithFakeWorker() {
  FakeWorker.instances = [];
  const engine = createEdEngine(() => new FakeWorker() as unknown as Worker);
  const worker = () => FakeWorker.instances.at(-1)!;
  return { engine, worker };
}

const file = new File(['x'], 'x.csv');

describe('createEdEngine with a Worker', () => {
  it('starts the worker on the first request and routes answers and progress by id', async () => {
    const { engine, worker } = engineWithFakeWorker();
    expect(FakeWorker.instances).toHaveLength(0);
    const progress = vi.fn();
    const computing = engine.compute(file, ['Site'], progress);
    const request = worker().posted[0]!;
    expect(request).toEqual({
      id: 1,
      kind: 'compute',
      file,
      grouping: ['Site'],
      method: { fit: 'joint', model: 'LL.3', intervals: false, unrounded: false },
    });
    worker().answer({ id: 1, kind: 'progress', done: 3, total: 10 });
    worker().answer({ id: 99, kind: 'progress', done: 1, total: 1 });
    const result = { elapsedMs: 1 } as never;
    worker().answer({ id: 1, kind: 'computed', result });
    await expect(computing).resolves.toBe(result);
    expect(progress).toHaveBeenCalledExactlyOnceWith(3, 10);
    expect(FakeWorker.instances).toHaveLength(1);
  });

  it('rejects with the worker’s message when it fails', async () => {
    const { engine, worker } = engineWithFakeWorker();
    const checking = engine.check(file, 'x.csv');
    worker().answer({ id: 1, kind: 'failed', message: 'broken' });
    await expect(checking).rejects.toThrow('broken');
  });

  it('cancel terminates the worker, rejects what runs, and the next request starts a new one', async () => {
    const { engine, worker } = engineWithFakeWorker();
    const computing = engine.compute(file, ['Site'], () => {});
    const first = worker();
    engine.cancel();
    await expect(computing).rejects.toBeInstanceOf(CancelledError);
    expect(first.terminated).toBe(true);
    const checking = engine.check(file, 'x.csv');
    expect(worker()).not.toBe(first);
    worker().answer({ id: 2, kind: 'checked', check: { fileName: 'x.csv' } as never });
    await expect(checking).resolves.toEqual({ fileName: 'x.csv' });
  });

  it('a worker that dies (e.g. its script cannot load) fails every request with a message', async () => {
    const { engine, worker } = engineWithFakeWorker();
    const checking = engine.check(file, 'x.csv');
    worker().onerror?.({ message: 'NetworkError', preventDefault: () => {} } as ErrorEvent);
    await expect(checking).rejects.toThrow('The calculator stopped unexpectedly: NetworkError.');
  });
});

describe('createEdEngine without Worker support', () => {
  it('runs the same engine in the page', async () => {
    const engine = createEdEngine(null);
    const check = await engine.check(new File(['a,b\n1,2\n'], 'tiny.csv'), 'tiny.csv');
    expect(check.fileName).toBe('tiny.csv');
    expect(check.canCompute).toBe(false);
    expect(check.columns.find((c) => c.column === 'Pam_value')?.status).toBe('missing');
  });
});
