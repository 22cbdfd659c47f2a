/// <reference lib="webworker" />
import { handleRequest } from './engine';
import type { EngineRequest } from './protocol';

/** The calculator's Web Worker: the ED engine runs here, off the page's main thread. */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<EngineRequest>) => {
  void handleRequest(event.data, (response) => scope.postMessage(response));
};
