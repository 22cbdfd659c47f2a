import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { allocateIds, bulkInsert } from './bulk-insert';
import type { ColumnSpec, CopyValue } from './copy-text';
import type { DatabaseHandle } from './database';
import type { AppDb } from './schema';

const COLUMNS = {
  id: 'int4',
  label: 'text',
  ratio: 'float8',
  temperature: 'numeric',
  day: 'date',
  flags: 'text[]',
} as const satisfies ColumnSpec;

type Row = { [K in keyof typeof COLUMNS]: CopyValue };

/**
 * The bulk insert this module had before COPY, kept here as the reference the COPY path must
 * match: one INSERT … SELECT FROM unnest(…) with one array parameter per column.
 */
async function insertWithUnnest(db: AppDb, table: string, columns: ColumnSpec, rows: Row[]) {
  const names = Object.keys(columns);
  const literal = (values: readonly string[]) =>
    `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  const arrays = names.map((name) =>
    rows.map((row) => {
      const value = row[name as keyof Row];
      return columns[name] === 'text[]' && value !== null
        ? literal(value as readonly string[])
        : value;
    }),
  );
  const unnestArgs = names.map((name, i) => {
    const type = columns[name] === 'text[]' ? 'text' : columns[name]!;
    return sql`${arrays[i]}::${sql.raw(type)}[]`;
  });
  const selectList = names.map((name, i) =>
    columns[name] === 'text[]' ? sql`${sql.ref(`u.c${i}`)}::text[]` : sql.ref(`u.c${i}`),
  );
  await sql`
    INSERT INTO ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
    SELECT ${sql.join(selectList)}
    FROM unnest(${sql.join(unnestArgs)}) AS u(${sql.join(names.map((_, i) => sql.raw(`c${i}`)))})
  `.execute(db);
}

const AWKWARD_TEXT = [
  '',
  ' ',
  '  padded  ',
  'tab\there',
  'new\nline',
  'windows\r\nline',
  'lone\rreturn',
  'back\\slash',
  '\\N',
  '\\.',
  '\\',
  'ends with backslash\\',
  '\\t is not a tab',
  'quote "double" and \'single\'',
  'comma, semicolon; pipe |',
  '{braces} [brackets]',
  'NULL',
  'null',
  'Pocillopora 🪸 Acropora',
  'Ümlaut, façade, Ångström',
  '中文 日本語 한국어',
  'זהב عربى',
  'e\u0301 combining, \u200b zero width, \u2028 line separator',
  'control \u0001\u0007\b\f\u000b\u007f',
  'x'.repeat(10_000),
];

const AWKWARD_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.1 + 0.2,
  1e-300,
  5e-324,
  1.7976931348623157e308,
  -18.5,
  123.456789,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

/** numeric(6, 3): values that round (half away from zero), exponents, and the limits. */
const AWKWARD_TEMPERATURES = [28.4, 0.0005, -0.0005, 123.4565, 999.9994, -999.999, 1e-7, 36.25];

const AWKWARD_FLAGS: (readonly string[] | null)[] = [
  [],
  [''],
  ['missing_mmm'],
  ['a,b', '{x}', '"q"', 'back\\slash', 'NULL', 'tab\tin', 'line\nin', ' space '],
  null,
];

const AWKWARD_DATES = ['2024-02-29', '0001-01-01', '1999-12-31', '2038-01-19', null];

function awkwardRows(): Row[] {
  const rows: Row[] = [];
  const count = Math.max(AWKWARD_TEXT.length, AWKWARD_NUMBERS.length) + 2;
  for (let i = 0; i < count; i++) {
    rows.push({
      id: i === 0 ? 2_147_483_647 : i === 1 ? -2_147_483_648 : i,
      label: i === count - 1 ? null : (AWKWARD_TEXT[i % AWKWARD_TEXT.length] ?? null),
      ratio: i === count - 2 ? null : AWKWARD_NUMBERS[i % AWKWARD_NUMBERS.length]!,
      temperature: i % 9 === 8 ? null : AWKWARD_TEMPERATURES[i % AWKWARD_TEMPERATURES.length]!,
      day: AWKWARD_DATES[i % AWKWARD_DATES.length]!,
      flags: AWKWARD_FLAGS[i % AWKWARD_FLAGS.length]!,
    });
  }
  return rows;
}

/** Every stored value as PostgreSQL prints it (float8 exactly: shortest round-trip form). */
async function stored(db: AppDb, table: string) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT id, label, label IS NULL AS label_null, ratio::text AS ratio,
      temperature::text AS temperature, day::text AS day, flags::text AS flags, flags
    FROM ${sql.table(table)} ORDER BY id
  `.execute(db);
  return rows;
}

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  for (const table of ['copy_check', 'insert_check']) {
    await sql`
      CREATE TABLE ${sql.table(table)} (
        id integer PRIMARY KEY, label text, ratio double precision, temperature numeric(6, 3),
        day date, flags text[] CHECK (flags IS NULL OR cardinality(flags) < 100)
      )
    `.execute(database.db);
  }
});
afterAll(() => database.close());
beforeEach(async () => {
  await sql`TRUNCATE copy_check, insert_check`.execute(database.db);
});

describe('bulkInsert (COPY)', () => {
  it('stores exactly the rows the INSERT … unnest path stored, awkward values included', async () => {
    const rows = awkwardRows();
    await database.db.transaction().execute(async (trx) => {
      await bulkInsert(trx, 'copy_check', COLUMNS, rows);
      await insertWithUnnest(trx, 'insert_check', COLUMNS, rows);
    });
    const copied = await stored(database.db, 'copy_check');
    expect(copied).toHaveLength(rows.length);
    expect(copied).toEqual(await stored(database.db, 'insert_check'));
    // Spot checks that the comparison compares something: NULL and '' stay apart, and so do the
    // text "\N" and NULL; escapes come back as the characters they stand for.
    const byId = new Map(copied.map((row) => [row['id'], row]));
    expect(byId.get(2_147_483_647)).toMatchObject({ label: '', label_null: false });
    expect(copied.find((row) => row['label'] === '\\N')).toMatchObject({ label_null: false });
    expect(byId.get(rows.length - 1)).toMatchObject({ label: null, label_null: true });
    expect(copied.some((row) => row['label'] === 'windows\r\nline')).toBe(true);
    expect(
      copied.find((row) => (row['flags'] as string[] | null)?.length === 8)?.['flags'],
    ).toEqual(AWKWARD_FLAGS[3]);
  });

  it('streams rows far larger than one message, in order, identical to the INSERT path', async () => {
    const rows: Row[] = Array.from({ length: 6_000 }, (_, i) => ({
      id: i,
      label: `${i}\t${'\\é\n'.repeat(i % 400)}🪸`,
      ratio: i / 7,
      temperature: (i % 1000) / 3,
      day: null,
      flags: [`flag ${i}`],
    }));
    await bulkInsert(database.db, 'copy_check', COLUMNS, rows);
    await insertWithUnnest(database.db, 'insert_check', COLUMNS, rows);
    const digest = async (table: string) => {
      const { rows: result } = await sql<{ n: number; digest: string }>`
        SELECT count(*)::int AS n,
          md5(string_agg(concat_ws('|', id, label, ratio, temperature, day, flags), '#' ORDER BY id))
            AS digest
        FROM ${sql.table(table)}
      `.execute(database.db);
      return result[0];
    };
    const copied = await digest('copy_check');
    expect(copied?.n).toBe(6_000);
    expect(copied).toEqual(await digest('insert_check'));
  });

  it('fails whole when a value cannot be written part way through, and the connection goes on', async () => {
    const good = Array.from({ length: 3_000 }, (_, i) => ({
      id: i,
      label: 'y'.repeat(1_000),
      ratio: i,
      temperature: null,
      day: null,
      flags: [],
    }));
    // More than a megabyte of rows is on its way before the broken one is met.
    const broken = [...good, { ...good[0]!, id: 3_000, label: ['not', 'text'] }];
    const attempt = database.db.transaction().execute(async (trx) => {
      await bulkInsert(trx, 'insert_check', COLUMNS, good);
      await bulkInsert(trx, 'copy_check', COLUMNS, broken);
    });
    await expect(attempt).rejects.toThrow('Column label: an array where a single value belongs');
    for (const table of ['copy_check', 'insert_check']) {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(database.db);
      expect(rows[0]!.n).toBe(0);
    }
    // Every connection of the pool still works (none was left in the middle of a COPY).
    await Promise.all(Array.from({ length: 12 }, () => sql`SELECT 1`.execute(database.db)));
    await bulkInsert(database.db, 'copy_check', COLUMNS, good.slice(0, 10));
    expect(await stored(database.db, 'copy_check')).toHaveLength(10);
  });

  it('fails whole with PostgreSQL’s message when the database refuses a row part way', async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => ({
      id: i,
      label: 'z'.repeat(1_000),
      ratio: null,
      temperature: i === 2_999 ? 1_000_000 : 1,
      day: null,
      flags: null,
    }));
    await expect(bulkInsert(database.db, 'copy_check', COLUMNS, rows)).rejects.toThrow(
      /numeric field overflow/,
    );
    expect(await stored(database.db, 'copy_check')).toEqual([]);
    await bulkInsert(database.db, 'copy_check', COLUMNS, rows.slice(0, 5));
    expect(await stored(database.db, 'copy_check')).toHaveLength(5);
  });

  it('inserts nothing, and sends nothing, for no rows', async () => {
    await bulkInsert(database.db, 'no_such_table', COLUMNS, []);
  });
});

describe('allocateIds', () => {
  it('reserves ids in order from the identity sequence, as a range when they are one', async () => {
    await sql`CREATE TABLE IF NOT EXISTS ids_check (id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY)`.execute(
      database.db,
    );
    const ids = await allocateIds(database.db, 'ids_check', 5_000);
    expect(ids).toHaveLength(5_000);
    expect(ids.every((id, i) => id === ids[0]! + i)).toBe(true);
    const { rows } = await sql<{ next: number }>`
      SELECT nextval(pg_get_serial_sequence('ids_check', 'id'))::int AS next
    `.execute(database.db);
    expect(rows[0]!.next).toBe(ids.at(-1)! + 1);
  });

  it('answers the values themselves when they are not a range', async () => {
    // A sequence stepping by 3 leaves gaps, as values taken meanwhile by another session would.
    await sql`CREATE TABLE IF NOT EXISTS gaps_check (id integer GENERATED BY DEFAULT AS IDENTITY (INCREMENT BY 3) PRIMARY KEY)`.execute(
      database.db,
    );
    const ids = await allocateIds(database.db, 'gaps_check', 4);
    expect(ids).toEqual([ids[0], ids[0]! + 3, ids[0]! + 6, ids[0]! + 9]);
    expect(await allocateIds(database.db, 'gaps_check', 0)).toEqual([]);
  });
});
