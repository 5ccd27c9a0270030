// db:copy's conversion of a SQLite value (integers read as BigInt) to what PostgreSQL's column takes, for every
// kind of column the copy may meet — today's schema has integers and text only, a later migration may bring
// booleans or JSON — and its refusals, which name the table and column.
import { describe, expect, it } from 'vitest';
import type { TargetColumn } from '../../../src/db/postgres/copy-from-sqlite';
import { CopyError, convertValue } from '../../../src/db/postgres/copy-from-sqlite';

const column = (type: string, name = 'c'): TargetColumn => ({ name, type, generated: false });

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CopyError);
    return (error as Error).message;
  }
  throw new Error('expected a CopyError');
}

describe('convertValue', () => {
  it('sends integers as exact decimal text, past 2^53 too, and refuses what the column cannot hold', () => {
    expect(convertValue(9_007_199_254_740_993n, column('bigint'), 't')).toBe('9007199254740993');
    expect(convertValue(-5n, column('integer'), 't')).toBe('-5');
    expect(convertValue(3, column('smallint'), 't')).toBe('3');
    expect(refusal(() => convertValue(2n ** 31n, column('integer', 'seat'), 'players'))).toBe(
      `players.seat holds "2147483648", which PostgreSQL's integer column cannot take.`,
    );
    expect(refusal(() => convertValue(1.5, column('bigint'), 't'))).toMatch(/^t\.c holds "1\.5"/);
    expect(refusal(() => convertValue('seven', column('integer'), 't'))).toMatch(/^t\.c holds "seven"/);
  });

  it('turns SQLite 0/1 into booleans for a boolean column, and nothing else', () => {
    expect(convertValue(1n, column('boolean'), 't')).toBe(true);
    expect(convertValue(0n, column('boolean'), 't')).toBe(false);
    expect(refusal(() => convertValue(2n, column('boolean'), 't'))).toMatch(/boolean column cannot take/);
  });

  it('keeps text and JSON text as they are, refuses the NUL character, and passes NULL through', () => {
    const json = '{"b":1,"a":[1,2]}';
    expect(convertValue(json, column('text'), 't')).toBe(json);
    expect(convertValue(json, column('jsonb'), 't')).toBe(json);
    expect(convertValue(42n, column('text'), 't')).toBe('42');
    expect(refusal(() => convertValue('a\u0000b', column('text', 'name'), 'players'))).toBe(
      `players.name holds "a\\u0000b", which PostgreSQL's text column cannot take.`,
    );
    expect(convertValue(null, column('integer'), 't')).toBeNull();
    expect(convertValue(null, column('boolean'), 't')).toBeNull();
  });

  it('keeps bytes for bytea and refuses them in text', () => {
    const bytes = Buffer.from([0, 1, 2]);
    expect(convertValue(bytes, column('bytea'), 't')).toBe(bytes);
    expect(refusal(() => convertValue(bytes, column('text'), 't'))).toBe(
      `t.c holds 3 bytes, which PostgreSQL's text column cannot take.`,
    );
  });
});
