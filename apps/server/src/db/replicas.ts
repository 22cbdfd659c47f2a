import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryExecutor,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { currentReadContext, type ReadContext } from '../lib/read-context';

/**
 * Public reads from PostgreSQL streaming replicas (docs/decisions/0073-read-replicas.md).
 *
 * One Kysely instance serves the whole server; its driver picks, per statement, the primary or a
 * replica, so services, repositories and routes are the same with or without replicas. A
 * statement goes to a replica only when all of these hold:
 * - it runs outside a transaction (a transaction begins on the primary and stays there);
 * - it is a plain read (`isPlainRead`: by its first keyword);
 * - it runs for a request that may read replicas (an anonymous GET/HEAD that has not written,
 *   `lib/read-context.ts`);
 * - the replica's data version is not behind the newest one this process or the request's
 *   client has seen (`reportDataVersion`, told by the repository functions that read or bump it),
 *   so no cache keyed by the data version and no answer goes back in time.
 * Otherwise, and whenever a replica is unreachable or refuses the statement as a write, the
 * primary answers.
 */

/**
 * Statement kinds a read-only standby runs without changing anything: a statement is classified
 * by its first keyword only. A read that writes anyway (a data-modifying CTE, `FOR UPDATE`,
 * `nextval`) is refused by the standby ("cannot execute … in a read-only transaction") and run
 * again on the primary (`refused`).
 */
const READ_KINDS: ReadonlySet<string> = new Set(['select', 'with', 'values', 'table', 'show']);

/** The statement's first keyword, lower case, after comments and opening parentheses. */
export function statementKind(sql: string): string {
  const match = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\()*([a-z]+)/i.exec(sql);
  return match ? match[1]!.toLowerCase() : '';
}

/** A statement of a kind a read-only standby can run (SELECT, WITH, VALUES, TABLE, SHOW). */
export function isPlainRead(sql: string): boolean {
  return READ_KINDS.has(statementKind(sql));
}

/** A replica's state is checked again once this old (its version only moves forward). */
const STATUS_MAX_AGE_MS = 1_000;
/** A replica found behind is asked again at most this often (else the primary answers). */
const BEHIND_RECHECK_MS = 25;
/** An unreachable replica is left alone this long. */
const UNREACHABLE_PAUSE_MS = 5_000;

/** PostgreSQL's "cannot execute … in a read-only transaction": a write sent to a standby. */
const READ_ONLY_SQL_TRANSACTION = '25006';

/** Why a read the request allowed on a replica went to the primary. */
export interface ReplicaFallbacks {
  /** Every replica's data version was behind what the process or client had seen. */
  behind: number;
  /** No replica answered. */
  unreachable: number;
  /** A replica refused the statement as a write (it then ran on the primary). */
  refused: number;
}

export interface ReplicaStats {
  /** Statements run on the primary (writes, transactions, reads of requests kept there). */
  primaryStatements: number;
  /** Plain reads served by each replica, in the order of DATABASE_REPLICA_URLS. */
  replicaReads: { description: string; reads: number; dataVersion: number | null }[];
  fallbacks: ReplicaFallbacks;
  /** The newest data version this process has seen. */
  seenVersion: number;
}

/** One replica: its own driver (pool) and the newest state it was seen at. */
export interface ReplicaTarget {
  description: string;
  driver: Driver;
}

interface ReplicaState extends ReplicaTarget {
  reads: number;
  /** The data version it had replayed when last asked; a lower bound of its state now. */
  version: number | null;
  checkedAt: number;
  unreachableUntil: number;
  checking: Promise<void> | null;
}

/** `SELECT version FROM dataset_state` on a replica: what it has replayed. */
const STATUS_SQL = 'SELECT version FROM dataset_state';

export class ReplicaRouter {
  private readonly replicas: ReplicaState[];
  private next = 0;
  private seen = 0;
  private primaryStatements = 0;
  private readonly fallbacks: ReplicaFallbacks = { behind: 0, unreachable: 0, refused: 0 };

  constructor(
    readonly primary: Driver,
    replicas: readonly ReplicaTarget[],
    private readonly onReplicaError: (description: string, error: unknown) => void,
  ) {
    this.replicas = replicas.map((r) => ({
      ...r,
      reads: 0,
      version: null,
      checkedAt: 0,
      unreachableUntil: 0,
      checking: null,
    }));
  }

  /**
   * A data version a statement saw (`reportDataVersion`): the process, and the request of
   * `context`, never read an older one from a replica.
   */
  noteVersion(version: number, context: ReadContext | undefined): void {
    if (version > this.seen) this.seen = version;
    if (context && version > context.seenVersion) context.seenVersion = version;
  }

  countPrimary(): void {
    this.primaryStatements++;
  }

  countRefused(replica: ReplicaState): void {
    replica.reads--;
    this.fallbacks.refused++;
  }

  stats(): ReplicaStats {
    return {
      primaryStatements: this.primaryStatements,
      replicaReads: this.replicas.map((r) => ({
        description: r.description,
        reads: r.reads,
        dataVersion: r.version,
      })),
      fallbacks: { ...this.fallbacks },
      seenVersion: this.seen,
    };
  }

  /**
   * The replica for one plain read of `context`'s request, or null for the primary. The
   * required version is read now, so a version noted by a statement that finished before this
   * one counts.
   */
  async choose(context: ReadContext): Promise<ReplicaState | null> {
    const required = Math.max(this.seen, context.seenVersion, context.clientVersion);
    const now = Date.now();
    let anyReachable = false;
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length]!;
      if (replica.unreachableUntil > now) continue;
      const stale = now - replica.checkedAt > STATUS_MAX_AGE_MS;
      const behind = replica.version === null || replica.version < required;
      if (stale || (behind && now - replica.checkedAt > BEHIND_RECHECK_MS)) {
        await this.check(replica);
      }
      if (replica.unreachableUntil > Date.now()) continue;
      anyReachable = true;
      if (replica.version !== null && replica.version >= required) {
        this.next = (this.next + i + 1) % this.replicas.length;
        replica.reads++;
        return replica;
      }
    }
    if (anyReachable) this.fallbacks.behind++;
    else this.fallbacks.unreachable++;
    return null;
  }

  /** A replica that failed a read: left alone for a while. */
  markUnreachable(replica: ReplicaState, error: unknown): void {
    replica.reads--;
    replica.unreachableUntil = Date.now() + UNREACHABLE_PAUSE_MS;
    this.fallbacks.unreachable++;
    this.onReplicaError(replica.description, error);
  }

  private check(replica: ReplicaState): Promise<void> {
    replica.checking ??= (async () => {
      try {
        const connection = await replica.driver.acquireConnection();
        try {
          const { rows } = await connection.executeQuery<{ version: number }>(
            CompiledQuery.raw(STATUS_SQL),
          );
          replica.version = rows[0] ? Number(rows[0].version) : null;
          replica.checkedAt = Date.now();
        } finally {
          await replica.driver.releaseConnection(connection);
        }
      } catch (error) {
        replica.unreachableUntil = Date.now() + UNREACHABLE_PAUSE_MS;
        replica.checkedAt = Date.now();
        this.onReplicaError(replica.description, error);
      } finally {
        replica.checking = null;
      }
    })();
    return replica.checking;
  }

  async init(): Promise<void> {
    await this.primary.init();
    for (const replica of this.replicas) await replica.driver.init();
  }

  async destroy(): Promise<void> {
    await Promise.allSettled([
      this.primary.destroy(),
      ...this.replicas.map((r) => r.driver.destroy()),
    ]);
  }
}

function isReadOnlyRefusal(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === READ_ONLY_SQL_TRANSACTION;
}

/**
 * A connection that is bound on its first statement: to a replica when the router allows it, to
 * the primary otherwise (and for good once a transaction begins or a write runs on it).
 */
class RoutedConnection implements DatabaseConnection {
  private bound: { driver: Driver; connection: DatabaseConnection; replica: ReplicaState | null } =
    null as never;
  private isBound = false;

  constructor(private readonly router: ReplicaRouter) {}

  async bindPrimary(): Promise<DatabaseConnection> {
    if (!this.isBound) {
      const driver = this.router.primary;
      this.bound = { driver, connection: await driver.acquireConnection(), replica: null };
      this.isBound = true;
    } else if (this.bound.replica) {
      // A transaction or a write on a connection first used for a read (db.connection()): the
      // rest of its statements run on the primary.
      await this.bound.driver.releaseConnection(this.bound.connection);
      const driver = this.router.primary;
      this.bound = { driver, connection: await driver.acquireConnection(), replica: null };
    }
    return this.bound.connection;
  }

  private async bindFor(sql: string, context: ReadContext | undefined) {
    const plain = isPlainRead(sql);
    if (context && !plain) context.wrote = true;
    if (this.isBound && (plain || !this.bound.replica)) return this.bound;
    if (!this.isBound && plain && context?.replicaEligible && !context.wrote) {
      const replica = await this.router.choose(context);
      if (replica) {
        try {
          this.bound = {
            driver: replica.driver,
            connection: await replica.driver.acquireConnection(),
            replica,
          };
          this.isBound = true;
          return this.bound;
        } catch (error) {
          this.router.markUnreachable(replica, error);
        }
      }
    }
    await this.bindPrimary();
    return this.bound;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const context = currentReadContext();
    const bound = await this.bindFor(compiledQuery.sql, context);
    let result: QueryResult<R>;
    if (bound.replica) {
      try {
        result = await bound.connection.executeQuery<R>(compiledQuery);
      } catch (error) {
        // A read that writes (refused by the standby), or a replica that went away: the primary
        // answers.
        if (isReadOnlyRefusal(error)) {
          this.router.countRefused(bound.replica);
          // It wrote: the request's later reads see it on the primary.
          if (context) context.wrote = true;
        } else if (isConnectionFailure(error)) this.router.markUnreachable(bound.replica, error);
        else throw error;
        const primary = await this.bindPrimary();
        this.router.countPrimary();
        result = await primary.executeQuery<R>(compiledQuery);
      }
    } else {
      this.router.countPrimary();
      result = await bound.connection.executeQuery<R>(compiledQuery);
    }
    return result;
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    const bound = await this.bindFor(compiledQuery.sql, currentReadContext());
    yield* bound.connection.streamQuery<R>(compiledQuery, chunkSize);
  }

  async release(): Promise<void> {
    if (this.isBound) await this.bound.driver.releaseConnection(this.bound.connection);
    this.isBound = false;
  }
}

/** Lost connection, refused connection, or the standby shutting down. */
function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return error instanceof Error;
  return (
    code.startsWith('08') ||
    code.startsWith('57P') ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code)
  );
}

/** The driver Kysely sees: each connection is routed on its first statement. */
class RoutingDriver implements Driver {
  constructor(private readonly router: ReplicaRouter) {}

  init() {
    return this.router.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.router);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const primary = await (connection as RoutedConnection).bindPrimary();
    await this.router.primary.beginTransaction(primary, settings);
  }

  async commitTransaction(connection: DatabaseConnection) {
    await this.router.primary.commitTransaction(
      await (connection as RoutedConnection).bindPrimary(),
    );
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await this.router.primary.rollbackTransaction(
      await (connection as RoutedConnection).bindPrimary(),
    );
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ) {
    const primary = await (connection as RoutedConnection).bindPrimary();
    await this.router.primary.savepoint!(primary, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ) {
    const primary = await (connection as RoutedConnection).bindPrimary();
    await this.router.primary.rollbackToSavepoint!(primary, name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ) {
    const primary = await (connection as RoutedConnection).bindPrimary();
    await this.router.primary.releaseSavepoint!(primary, name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection) {
    await (connection as RoutedConnection).release();
  }

  destroy() {
    return this.router.destroy();
  }
}

/** PostgreSQL's adapter, carrying the router its database's data versions are reported to. */
class RoutingAdapter extends PostgresAdapter {
  constructor(readonly router: ReplicaRouter) {
    super();
  }
}

/**
 * Tells the routing layer the data version a statement on `db` has just read or written
 * (`dataset_state.version`): the request's read context (`lib/read-context.ts`) and, when `db`
 * routes reads to replicas, the process never read an older one from a replica again. Called by
 * the repository functions that read or bump the data version, on any database (transactions
 * included: they share their database's adapter).
 */
export function reportDataVersion(db: { getExecutor(): QueryExecutor }, version: number): void {
  if (!Number.isSafeInteger(version)) return;
  const context = currentReadContext();
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof RoutingAdapter) adapter.router.noteVersion(version, context);
  else if (context && version > context.seenVersion) context.seenVersion = version;
}

/** PostgreSQL's dialect with the routing driver. */
export function routingDialect(router: ReplicaRouter): Dialect {
  return {
    createAdapter: () => new RoutingAdapter(router),
    createDriver: () => new RoutingDriver(router),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
  };
}
