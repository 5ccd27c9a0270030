// The two engines' schemas side by side, after every migration of each (migrations/sqlite/ through the
// project's migrate.ts on an in-memory SQLite, migrations/postgres/ through src/db/postgres/migrate.ts):
// the same tables, columns (name, kind, nullability, default), primary keys, named indexes and foreign keys,
// so an operator's query and the code's SQL mean the same on both. Every future migration pair must pass it.
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../src/db/sqlite/migrate';
import { loadPostgresMigrations, migratePostgres } from '../../../src/db/postgres/migrate';
import type { PostgresServer } from '../../support/postgres';
import { freshDatabase, startPostgres } from '../../support/postgres';

interface Column {
  name: string;
  /** 'integer' or 'text': SQLite's INTEGER is any of PostgreSQL's integer types; JSON stays text on both. */
  kind: string;
  notNull: boolean;
  default: string | null;
}
interface Index {
  name: string;
  table: string;
  columns: string[];
  unique: boolean;
  partial: boolean;
}
interface ForeignKey {
  columns: string[];
  references: string;
  onDelete: string;
}
interface Table {
  columns: Column[];
  primaryKey: string[];
  foreignKeys: ForeignKey[];
}
interface Schema {
  tables: Record<string, Table>;
  indexes: Index[];
}

function kindOf(type: string): string {
  if (/int/i.test(type)) return 'integer';
  if (/^text$/i.test(type)) return 'text';
  return type.toLowerCase();
}

/** `'{}'::text` and `0` as SQLite writes them: `'{}'`, `0`. */
function plainDefault(value: string | null): string | null {
  return value === null ? null : value.replace(/::[a-z ]+$/, '');
}

function sqliteSchema(db: Database.Database): Schema {
  const names = (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as {
      name: string;
    }[]
  ).map((r) => r.name);
  const tables: Record<string, Table> = {};
  for (const table of names) {
    const info = db.prepare(`PRAGMA table_info(${table})`).all() as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    const fks = db.prepare(`PRAGMA foreign_key_list(${table})`).all() as {
      id: number;
      table: string;
      from: string;
      on_delete: string;
    }[];
    tables[table] = {
      // A primary key's columns are never NULL (SQLite's table_info says 0 for a rowid or WITHOUT ROWID key).
      columns: info
        .map((c) => ({
          name: c.name,
          kind: kindOf(c.type),
          notNull: c.notnull === 1 || c.pk > 0,
          default: c.dflt_value,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      primaryKey: info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      foreignKeys: [...new Set(fks.map((f) => f.id))]
        .map((id) => {
          const parts = fks.filter((f) => f.id === id);
          return { columns: parts.map((f) => f.from), references: parts[0]!.table, onDelete: parts[0]!.on_delete };
        })
        .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
    };
  }
  // Indexes made by CREATE INDEX (a key's or a UNIQUE constraint's own index is SQLite's sqlite_autoindex_…).
  const indexes = (
    db
      .prepare("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
      .all() as {
      name: string;
      tbl_name: string;
    }[]
  ).map(({ name, tbl_name }) => {
    const listed = (
      db.prepare(`PRAGMA index_list(${tbl_name})`).all() as { name: string; unique: number; partial: number }[]
    ).find((i) => i.name === name)!;
    const columns = (db.prepare(`PRAGMA index_info(${name})`).all() as { seqno: number; name: string }[])
      .sort((a, b) => a.seqno - b.seqno)
      .map((c) => c.name);
    return { name, table: tbl_name, columns, unique: listed.unique === 1, partial: listed.partial === 1 };
  });
  return { tables, indexes };
}

async function postgresSchema(client: pg.Client): Promise<Schema> {
  const columns = await client.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, column_name`,
  );
  const keys = await client.query<{ table: string; columns: string[] }>(
    `SELECT c.conrelid::regclass::text AS table,
       ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS columns
     FROM pg_constraint c WHERE c.contype = 'p' AND c.connamespace = 'public'::regnamespace`,
  );
  const fks = await client.query<{ table: string; columns: string[]; references: string; on_delete: string }>(
    `SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS references,
       ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS columns,
       CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'a' THEN 'NO ACTION' WHEN 'r' THEN 'RESTRICT'
         WHEN 'n' THEN 'SET NULL' ELSE 'SET DEFAULT' END AS on_delete
     FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  );
  // Indexes made by CREATE INDEX: not the one behind a primary key or a UNIQUE constraint.
  const indexes = await client.query<Index>(
    `SELECT x.relname AS name, t.relname AS table, i.indisunique AS unique, i.indpred IS NOT NULL AS partial,
       ARRAY(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY k(n, o)
             JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS columns
     FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
     WHERE t.relnamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
     ORDER BY x.relname`,
  );
  const tables: Record<string, Table> = {};
  for (const c of columns.rows) {
    const table = (tables[c.table_name] ??= { columns: [], primaryKey: [], foreignKeys: [] });
    table.columns.push({
      name: c.column_name,
      kind: kindOf(c.data_type),
      notNull: c.is_nullable === 'NO',
      default: plainDefault(c.column_default),
    });
  }
  for (const k of keys.rows) tables[k.table]!.primaryKey = k.columns;
  for (const f of fks.rows)
    tables[f.table]!.foreignKeys.push({ columns: f.columns, references: f.references, onDelete: f.on_delete });
  for (const table of Object.values(tables)) {
    table.columns.sort((a, b) => a.name.localeCompare(b.name));
    table.foreignKeys.sort((a, b) => a.columns.join().localeCompare(b.columns.join()));
  }
  return { tables, indexes: indexes.rows };
}

let server: PostgresServer;
let sqlite: Schema;
let postgres: Schema;

beforeAll(async () => {
  server = await startPostgres();
  const db = new Database(':memory:');
  migrate(db, loadMigrations(), 'in memory');
  sqlite = sqliteSchema(db);
  db.close();
  const url = await freshDatabase(server);
  await migratePostgres(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    postgres = await postgresSchema(client);
  } finally {
    await client.end();
  }
});
afterAll(async () => {
  await server?.stop();
});

describe('SQLite and PostgreSQL schemas after every migration', () => {
  it('have the same migrations, by number and name', () => {
    expect(loadPostgresMigrations().map((m) => m.name)).toEqual(loadMigrations().map((m) => m.name));
  });

  it('have the same tables', () => {
    expect(Object.keys(postgres.tables).sort()).toEqual(Object.keys(sqlite.tables).sort());
    expect(Object.keys(sqlite.tables)).toEqual(
      expect.arrayContaining(['games', 'players', 'events', 'schema_migrations']),
    );
  });

  it('give each table the same columns (name, integer or text, NOT NULL, default), primary key and foreign keys', () => {
    for (const [name, table] of Object.entries(sqlite.tables)) expect(postgres.tables[name], name).toEqual(table);
  });

  it('have the same named indexes, on the same columns, unique and partial alike', () => {
    expect(postgres.indexes).toEqual(sqlite.indexes);
    expect(sqlite.indexes.map((i) => i.name)).toContain('games_open_in_channel');
  });
});
