// Writes generated rows straight into the tables of a database at FILLED_SCHEMA, the ratings bench's fast path:
// one transaction of prepared INSERTs on SQLite, chunks of unnest()ed arrays on PostgreSQL. Rows come from a
// generator, so a million of them never sit in memory at once. The storage is opened after, so the migrations
// since then run over the rows as the bot's start would run them, and are timed.
import Database from 'better-sqlite3';
import pg from 'pg';
import { loadPostgresMigrations, migratePostgres } from '../../src/db/postgres/migrate';
import { openPostgresStorage } from '../../src/db/postgres/storage';
import type { Storage } from '../../src/db/storage';
import { loadMigrations, migrate } from '../../src/db/sqlite/migrate';
import { openSqliteStorage } from '../../src/db/sqlite/storage';
import type { SqliteStorage } from '../../src/db/sqlite/storage';

/** The schema the rows are written at (0016: the ratings, their history, the boards); later migrations run after. */
const FILLED_SCHEMA = 16;

/** A table to fill: its name and its columns with their PostgreSQL array types ('text', 'int', 'float8'…). */
export interface BenchTable {
  name: string;
  columns: ReadonlyArray<readonly [column: string, type: string]>;
}

const CHUNK = 20_000;

function* chunks(rows: Iterable<unknown[]>): Generator<unknown[][]> {
  let chunk: unknown[][] = [];
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

function fillSqliteTable(db: Database.Database, table: BenchTable, rows: Iterable<unknown[]>): number {
  const names = table.columns.map(([c]) => c);
  const insert = db.prepare(
    `INSERT INTO ${table.name} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
  );
  let n = 0;
  db.transaction(() => {
    for (const row of rows) {
      insert.run(...row);
      n++;
    }
  })();
  return n;
}

async function fillPostgresTable(client: pg.Client, table: BenchTable, rows: Iterable<unknown[]>): Promise<number> {
  const names = table.columns.map(([c]) => c);
  const arrays = table.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const text = `INSERT INTO ${table.name} (${names.join(', ')}) SELECT * FROM unnest(${arrays})`;
  let n = 0;
  for (const chunk of chunks(rows)) {
    await client.query(
      text,
      table.columns.map((_, i) => chunk.map((row) => row[i])),
    );
    n += chunk.length;
  }
  return n;
}

/** A table and its rows, as the bench fills it. */
export type BenchFill = readonly [BenchTable, () => Iterable<unknown[]>];

export interface Filled<S extends Storage> {
  storage: S;
  rows: number;
  /** Seconds: writing the rows, then opening the storage (the migrations since FILLED_SCHEMA). */
  fill: number;
  migrate: number;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/** Every table on SQLite, as the bot leaves it (it never runs ANALYZE). */
export function fillSqlite(file: string, fills: readonly BenchFill[]): Filled<SqliteStorage> {
  let start = performance.now();
  const db = new Database(file);
  migrate(
    db,
    loadMigrations().filter((m) => m.version <= FILLED_SCHEMA),
  );
  db.pragma('journal_mode = WAL');
  const rows = fills.reduce((n, [table, rows]) => n + fillSqliteTable(db, table, rows()), 0);
  db.close();
  const fill = seconds(start);
  start = performance.now();
  const storage = openSqliteStorage(file);
  return { storage, rows, fill, migrate: seconds(start) };
}

/** Every table on PostgreSQL, each time followed by the VACUUM ANALYZE autovacuum gives tables after a load. */
export async function fillPostgres(url: string, fills: readonly BenchFill[]): Promise<Filled<Storage>> {
  let start = performance.now();
  await migratePostgres(
    url,
    loadPostgresMigrations().filter((m) => m.version <= FILLED_SCHEMA),
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows = 0;
    for (const [table, all] of fills) rows += await fillPostgresTable(client, table, all());
    await client.query('VACUUM ANALYZE');
    const fill = seconds(start);
    start = performance.now();
    const storage = await openPostgresStorage(url);
    const migrated = seconds(start);
    await client.query('VACUUM ANALYZE');
    return { storage, rows, fill, migrate: migrated };
  } finally {
    await client.end();
  }
}
