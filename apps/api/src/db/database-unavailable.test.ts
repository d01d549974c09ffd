import { describe, expect, it } from 'vitest';
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  translateDatabaseError,
} from './database-unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['08006', 'connection failure'],
    ['08001', 'unable to connect'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'crash shutdown'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['ECONNRESET', 'read ECONNRESET'],
    ['ETIMEDOUT', 'connect ETIMEDOUT'],
  ])('counts %s (%s) as the database being unreachable', (code, message) => {
    expect(isDatabaseUnavailable(withCode(code, message))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Client has encountered a connection error and is not queryable',
    'timeout exceeded when trying to connect',
    'PGlite is closed',
  ])('counts "%s" as the database being unreachable', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('looks through causes and aggregate errors', () => {
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('ECONNREFUSED') }))).toBe(true);
    expect(
      isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])),
    ).toBe(true);
  });

  it.each([
    ['23505', 'duplicate key'],
    ['40001', 'could not serialize access'],
    ['42P01', 'relation does not exist'],
    ['57014', 'canceling statement due to statement timeout'],
  ])('leaves %s (%s) alone', (code, message) => {
    expect(isDatabaseUnavailable(withCode(code, message))).toBe(false);
    expect(() => translateDatabaseError(withCode(code, message))).toThrow(message);
  });

  it('turns an unreachable database into a 503 with Retry-After', () => {
    let thrown: unknown;
    try {
      translateDatabaseError(withCode('57P01'));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DatabaseUnavailableError);
    expect(thrown).toMatchObject({ status: 503, code: 'database_unavailable' });
    expect((thrown as DatabaseUnavailableError).extra.headers).toEqual({ 'retry-after': '5' });
  });
});
