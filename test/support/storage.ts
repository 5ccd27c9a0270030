// Where every test that runs the service on a database gets one, on the engine the test project names
// (OLATHE_TEST_ENGINE: sqlite, or postgres with the run's server from test/support/postgres-run.ts).
//
// A test names its database by a file (tempDbPath()). On SQLite that is the database. On PostgreSQL the first
// open of a file creates a fresh database from the run's migrated template and writes its URL into the file;
// later opens of the same file — a restart, a second process — read it back and open that same database.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Migration } from '../../src/db/sqlite/migrate';
import type { ShardSlice } from '../../src/db/rows';
import type { Storage } from '../../src/db/storage';
import { NUMERIC_TYPES } from '../../src/db/postgres/pool';
import { openPostgresStorage } from '../../src/db/postgres/storage';
import type { SqliteStorage } from '../../src/db/sqlite/storage';
import { openSqliteStorage } from '../../src/db/sqlite/storage';
import { freshDatabase } from './postgres';

export type TestEngine = 'sqlite' | 'postgres';
export type TestStorage = Storage;

/** The engine of this test run: the project's, or SQLite when none is named. */
export function testEngine(): TestEngine {
  return process.env.OLATHE_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestStorageOptions {
  /** The gateway shard the service runs (its clock and reconcile see that shard's games). */
  shard?: ShardSlice;
  /** An engine of the test's own choosing (the store contract tests run both); the run's engine unless given. */
  engine?: TestEngine;
  /** Another migration list than the bot's (SQLite only). */
  migrations?: readonly Migration[];
}

const TEMPLATE = 'olathe_template';
/** Where each open Storage lives (a file, or a PostgreSQL URL), for `sql`. */
const locations = new Map<Storage, string>();

/** The run's PostgreSQL server (maintenance database): a test worker gets it from vitest, a child from its env. */
async function postgresServerUrl(): Promise<string> {
  if (process.env.OLATHE_TEST_POSTGRES_URL) return process.env.OLATHE_TEST_POSTGRES_URL;
  const { inject } = await import('vitest');
  return inject('postgresUrl');
}

/** Files whose database this process is creating: two opens at once of a new file get the same one. */
const creating = new Map<string, Promise<string>>();

/** The PostgreSQL database `file` names: created from the template on the first ask. */
function databaseOf(file: string): Promise<string> {
  if (existsSync(file)) return Promise.resolve(readFileSync(file, 'utf8').trim());
  let url = creating.get(file);
  if (!url) {
    url = (async () => {
      const created = await freshDatabase(await postgresServerUrl(), TEMPLATE);
      writeFileSync(file, created, { flag: 'wx' });
      return created;
    })();
    creating.set(file, url);
  }
  return url;
}

/** The database `file` names (created and migrated as the bot does it), as a Storage on the run's engine. */
export async function openTestStorage(file: string, options: TestStorageOptions = {}): Promise<TestStorage> {
  if ((options.engine ?? testEngine()) === 'sqlite') return openSqliteTestStorage(file, options);
  if (options.migrations) throw new Error('another migration list is a SQLite-only test');
  const url = await databaseOf(file);
  const storage = await openPostgresStorage(url, { shard: options.shard });
  locations.set(storage, url);
  return storage;
}

/** For the tests of SQLite itself: its Storage, with the connection (`db`) under it. */
export function openSqliteTestStorage(file: string, options: TestStorageOptions = {}): SqliteStorage {
  const storage = openSqliteStorage(file, options);
  locations.set(storage, file);
  return storage;
}

/** What a child process needs to open the same database as this test: pass it as the child's env. */
export async function childEnv(): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...process.env, OLATHE_TEST_ENGINE: testEngine() };
  if (testEngine() === 'postgres') env.OLATHE_TEST_POSTGRES_URL = await postgresServerUrl();
  return env;
}

/** Closes every Storage this process opened through this file (PostgreSQL pools hold server connections). */
export async function closeTestStorages(): Promise<void> {
  const open = [...locations.keys()];
  locations.clear();
  // A test may have closed some already: a second close is no failure.
  for (const storage of open)
    await Promise.resolve()
      .then(() => storage.close())
      .catch(() => {});
}

/**
 * The test's own SQL on a Storage's database or a file's, with $1, $2 … placeholders, for inspection: the rows
 * (numbers as numbers on both engines), or none for a statement that returns nothing.
 */
export async function sql<Row = Record<string, unknown>>(
  where: Storage | string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const location = typeof where === 'string' ? where : locations.get(where);
  if (location === undefined) throw new Error('sql: a Storage not opened by openTestStorage');
  // A Storage's location says its engine (a URL, or a SQLite file); a file names the run's engine's database.
  const isUrl = /^postgres(ql)?:/.test(location);
  if (isUrl || (typeof where === 'string' && testEngine() === 'postgres')) {
    const url = isUrl ? location : await databaseOf(location);
    const client = new pg.Client({ connectionString: url, types: NUMERIC_TYPES });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Row[];
    } finally {
      await client.end();
    }
  }
  // SQLite numbers its parameters by position: $n becomes ? with the values in the order they appear.
  const ordered: unknown[] = [];
  const sqliteText = text.replace(/\$(\d+)/g, (_, n: string) => (ordered.push(values[Number(n) - 1]), '?'));
  const owned = typeof where !== 'string' && 'db' in where ? null : new Database(location);
  const db = owned ?? (where as SqliteStorage).db;
  try {
    const statement = db.prepare(sqliteText);
    if (statement.reader) return statement.all(...ordered) as Row[];
    statement.run(...ordered);
    return [];
  } finally {
    owned?.close();
  }
}

/** The one row `sql` returns (undefined when none). */
export async function sqlRow<Row = Record<string, unknown>>(
  where: Storage | string,
  text: string,
  values: unknown[] = [],
): Promise<Row | undefined> {
  return (await sql<Row>(where, text, values))[0];
}
