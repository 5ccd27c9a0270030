// Which errors mean "the database cannot be reached or used just now" (Storage.isUnavailable): the router tells
// the user so, rather than "something went wrong", and nothing else is to be read into them.
import { describe, expect, it } from 'vitest';
import { CommitOutcomeUnknown, isUnavailable } from '../../../src/db/postgres/pool';
import { openSqliteStorage } from '../../../src/db/sqlite/storage';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('PostgreSQL out of reach', () => {
  it.each(['57P01', '57P02', '57P03', '08006', '08001', '08003', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT'])(
    '%s is unavailable',
    (code) => expect(isUnavailable(withCode(code))).toBe(true),
  );

  it("pg-pool's connect timeout and a connection cut under a query are unavailable", () => {
    expect(isUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('a connection lost during COMMIT is unavailable too, and says the commit may have happened', () => {
    const lost = new CommitOutcomeUnknown(new Error('Connection terminated unexpectedly'));
    expect(isUnavailable(lost)).toBe(true);
    expect(lost.message).toContain('during COMMIT');
  });

  it('a lost race, a constraint, a syntax error or a bug are not', () => {
    for (const code of ['23505', '40001', '40P01', '42601', '21000'])
      expect(isUnavailable(withCode(code, 'timeout exceeded when trying to connect'))).toBe(false);
    expect(isUnavailable(new TypeError('cannot read properties of undefined'))).toBe(false);
    expect(isUnavailable(null)).toBe(false);
  });
});

describe('SQLite out of use', () => {
  it('a file locked past the busy timeout, failing or full is unavailable; a constraint is not', async () => {
    const storage = openSqliteStorage(':memory:');
    try {
      for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_IOERR_WRITE', 'SQLITE_FULL'])
        expect(storage.isUnavailable(withCode(code))).toBe(true);
      for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', 'SQLITE_BUSYX'])
        expect(storage.isUnavailable(withCode(code))).toBe(false);
    } finally {
      await storage.close();
    }
  });
});
