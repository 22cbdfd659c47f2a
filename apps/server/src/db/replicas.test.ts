import {
  CompiledQuery,
  Kysely,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { newReadContext, runWithReadContext, type ReadContext } from '../lib/read-context';
import { readModelsRepository } from '../modules/read-models/read-models.repository';
import { isPlainRead, ReplicaRouter, routingDialect, statementKind } from './replicas';
import type { Database } from './schema';

/**
 * The routing of docs/decisions/0073-read-replicas.md on drivers that record what they were sent
 * (the real primary and standby: replicas.replica.test.ts, `npm run test:replica`).
 */

/** A driver whose connections answer `rows` to every statement, or throw what `refuse` gives. */
class RecordingDriver implements Driver {
  readonly statements: string[] = [];
  constructor(
    private readonly rows: (sql: string) => Record<string, unknown>[],
    private readonly refuse: (sql: string) => Error | null = () => null,
  ) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        this.statements.push(query.sql);
        const refusal = this.refuse(query.sql);
        if (refusal) throw refusal;
        return { rows: this.rows(query.sql) as R[] };
      },
      streamQuery: () => {
        throw new Error('not used');
      },
    };
  }
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }
  async releaseConnection() {}
  async destroy() {}
}

const readOnlyRefusal = () =>
  Object.assign(new Error('cannot execute DELETE in a read-only transaction'), { code: '25006' });

/** A primary at data version 7 and one replica that has replayed version `replicaVersion`. */
function setUp(replicaVersion = 7) {
  const versionRows = (version: number) => (sql: string) =>
    /dataset_state/.test(sql) ? [{ version }] : [{ id: 1 }];
  const primary = new RecordingDriver(versionRows(7));
  const replica = new RecordingDriver(versionRows(replicaVersion), (sql) =>
    /\bdelete\s+from\b/i.test(sql) ? readOnlyRefusal() : null,
  );
  const router = new ReplicaRouter(primary, [{ description: 'replica', driver: replica }], () => {
    throw new Error('no replica error expected');
  });
  const db = new Kysely<Database>({ dialect: routingDialect(router) });
  /** Where each statement went, without the replica's own checks of its data version. */
  const sent = () => ({
    primary: primary.statements.filter((s) => !/^(BEGIN|COMMIT)$/.test(s)),
    replica: replica.statements.filter((s) => s !== 'SELECT version FROM dataset_state'),
  });
  return { router, db, sent };
}

const anonymousGet = (): ReadContext => newReadContext(true);

describe('statement kinds', () => {
  it('are the first keyword, after comments and parentheses', () => {
    expect(statementKind('  -- the map\n/* feed */ (SELECT 1) UNION (SELECT 2)')).toBe('select');
    expect(statementKind('WITH x AS (SELECT 1) SELECT * FROM x')).toBe('with');
    expect(statementKind('insert into t values (1)')).toBe('insert');
    expect(isPlainRead("SELECT id FROM uploads WHERE status IN ('update', 'delete')")).toBe(true);
    for (const write of [
      'UPDATE t SET a = 1',
      'DELETE FROM t',
      'MERGE INTO t',
      'COPY t FROM STDIN',
      'SET x = 1',
    ]) {
      expect(isPlainRead(write), write).toBe(false);
    }
  });
});

describe('routing by statement kind', () => {
  it('serves a read from the replica whatever words its text holds', async () => {
    const { db, sent } = setUp();
    const context = anonymousGet();
    await runWithReadContext(context, () =>
      db.executeQuery(
        CompiledQuery.raw("SELECT id FROM uploads WHERE status IN ('insert', 'update', 'delete')"),
      ),
    );
    expect(sent().replica).toHaveLength(1);
    expect(sent().primary).toEqual([]);
    expect(context.wrote).toBe(false);
  });

  it('sends a write to the primary, and the rest of its request after it', async () => {
    const { db, sent } = setUp();
    const context = anonymousGet();
    await runWithReadContext(context, async () => {
      await db.executeQuery(CompiledQuery.raw('UPDATE uploads SET status = 1'));
      await db.executeQuery(CompiledQuery.raw('SELECT id FROM uploads'));
    });
    expect(sent().primary).toEqual(['UPDATE uploads SET status = 1', 'SELECT id FROM uploads']);
    expect(sent().replica).toEqual([]);
    expect(context.wrote).toBe(true);
  });

  it('runs a read that writes on the primary once the standby refuses it, and counts it', async () => {
    const { db, router, sent } = setUp();
    const context = anonymousGet();
    const writingRead = 'WITH gone AS (DELETE FROM uploads RETURNING id) SELECT id FROM gone';
    const { rows } = await runWithReadContext(context, () =>
      db.executeQuery(CompiledQuery.raw(writingRead)),
    );
    expect(rows).toEqual([{ id: 1 }]);
    expect(sent()).toEqual({ primary: [writingRead], replica: [writingRead] });
    expect(router.stats().fallbacks.refused).toBe(1);
    expect(context.wrote).toBe(true);
  });
});

describe('the data version', () => {
  it('is raised by what the repository reports, not by the text of a statement', async () => {
    const { db, router } = setUp();
    const context = anonymousGet();
    await runWithReadContext(context, () =>
      db.executeQuery(CompiledQuery.raw('SELECT version FROM dataset_state')),
    );
    expect(router.stats().seenVersion).toBe(0);
    expect(context.seenVersion).toBe(0);

    const state = await runWithReadContext(context, () => readModelsRepository.datasetState(db));
    expect(state.version).toBe(7);
    expect(router.stats().seenVersion).toBe(7);
    expect(context.seenVersion).toBe(7);
  });

  it('is raised by a version bumped in a transaction, outside any request', async () => {
    const { db, router } = setUp();
    const version = await db
      .transaction()
      .execute((trx) => readModelsRepository.bumpDataVersion(trx));
    expect(version).toBe(7);
    expect(router.stats().seenVersion).toBe(7);
  });

  it('keeps anonymous reads on the primary while the replica is behind what was reported', async () => {
    const { db, sent } = setUp(6);
    // A signed-in user's data change (primary) reports version 7; the replica has replayed 6.
    await runWithReadContext(newReadContext(false), () =>
      db.transaction().execute((trx) => readModelsRepository.bumpDataVersion(trx)),
    );
    const context = anonymousGet();
    await runWithReadContext(context, () =>
      db.executeQuery(CompiledQuery.raw('SELECT id FROM uploads')),
    );
    expect(sent().replica).toEqual([]);
    expect(sent().primary).toContain('SELECT id FROM uploads');
    expect(context.wrote).toBe(false);
  });
});
