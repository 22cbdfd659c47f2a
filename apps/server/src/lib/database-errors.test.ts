import { describe, expect, it } from 'vitest';
import { describeDatabaseError, isDatabaseUnavailableError } from './database-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailableError', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      '57P01 admin_shutdown',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['57P02 crash_shutdown', withCode('terminating connection because of crash', '57P02')],
    ['57P03 cannot_connect_now', withCode('the database system is shutting down', '57P03')],
    ['08006 connection_failure', withCode('connection failure', '08006')],
    ['08P01 protocol_violation', withCode('protocol violation', '08P01')],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    [
      'a client whose connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a connection timeout', new Error('timeout exceeded when trying to connect')],
    [
      'a refusal on every address (AggregateError)',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ],
    [
      'a wrapped connection error',
      new Error('query failed', { cause: withCode('shutting down', '57P03') }),
    ],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it.each([
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['an undefined table', withCode('relation "nope" does not exist', '42P01')],
    ['a unique violation', withCode('duplicate key value', '23505')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['a pool used after its end', new Error('Cannot use a pool after calling end on the pool')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });
});

describe('describeDatabaseError', () => {
  it('gives the message and the code on one line', () => {
    expect(describeDatabaseError(withCode('the database system is shutting down', '57P03'))).toBe(
      'the database system is shutting down (57P03)',
    );
    expect(describeDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(
      'Connection terminated unexpectedly',
    );
  });
});
