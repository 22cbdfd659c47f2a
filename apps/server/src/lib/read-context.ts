import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the database layer knows about the request a statement runs for
 * (docs/decisions/0073-read-replicas.md): whether its reads may go to a replica at all, and the
 * newest data version it has seen. Set by the HTTP layer for each request; work outside a
 * request (jobs, the map model's background warming, the CLI) has none and reads the primary.
 */
export interface ReadContext {
  /**
   * An anonymous GET or HEAD: its plain reads may be served by a replica. A write, or a request
   * with a session, reads the primary (the user's own writes and their session are there).
   */
  replicaEligible: boolean;
  /** The newest data version the client says it has seen (the data-version cookie); 0: none. */
  clientVersion: number;
  /** The newest data version a statement of this request saw (raised by the database layer). */
  seenVersion: number;
  /** A statement of this request went to the primary as a write: its later reads stay there. */
  wrote: boolean;
}

const storage = new AsyncLocalStorage<ReadContext>();

export function newReadContext(replicaEligible: boolean, clientVersion = 0): ReadContext {
  return { replicaEligible, clientVersion, seenVersion: 0, wrote: false };
}

/** Runs `fn` (and everything it starts) as part of the request `context` describes. */
export function runWithReadContext<T>(context: ReadContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentReadContext(): ReadContext | undefined {
  return storage.getStore();
}
