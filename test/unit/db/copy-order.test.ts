// db:copy's table order: every table after the tables its foreign keys name (a reference to itself aside), so
// PostgreSQL's checks pass row by row; refused for tables that refer to each other in a cycle.
import { describe, expect, it } from 'vitest';
import type { SourceTable } from '../../../src/db/sqlite/copy-source';
import { CopyError, parentsFirst } from '../../../src/db/sqlite/copy-source';

const table = (name: string, references: string[] = []): SourceTable => ({
  name,
  columns: [],
  references,
  selfReferences: references.includes(name) ? ['parent'] : [],
});

describe('parentsFirst', () => {
  it('puts parents first, whatever order the schema lists them in', () => {
    const ordered = parentsFirst([
      table('events', ['games']),
      table('daily_attempts', ['games']),
      table('games', ['games']),
      table('notes', ['events']),
      table('health'),
    ]).map((t) => t.name);
    expect(ordered).toEqual(['games', 'health', 'events', 'daily_attempts', 'notes']);
  });

  it('refuses a cycle between tables, naming them', () => {
    expect(() => parentsFirst([table('a', ['b']), table('b', ['a']), table('c')])).toThrow(
      new CopyError('The tables a, b refer to each other in a cycle.'),
    );
  });
});
