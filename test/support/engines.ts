// The storage engines a test runs on: SQLite (a temp file) and PostgreSQL (a fresh database on one throwaway
// server per test file, started on first use). A test written against Storage runs unchanged on both, as the
// bot does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { ShardSlice } from '../../src/db/rows';
import type { Storage } from '../../src/db/storage';
import { NUMERIC_TYPES } from '../../src/db/postgres/pool';
import { openPostgresStorage } from '../../src/db/postgres/storage';
import { openSqliteStorage } from '../../src/db/sqlite/storage';
import type { PostgresServer } from './postgres';
import { freshDatabase, startPostgres } from './postgres';

export type Engine = 'sqlite' | 'postgres';
export const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

/** A Storage on a new database, with a way to run the test's own SQL on it ($1, $2 … placeholders). */
export interface TestStorage {
  engine: Engine;
  storage: Storage;
  /** Another Storage on the same database, as another process (shard) would open it. */
  another(shard?: ShardSlice): Promise<Storage>;
  sql(text: string, values?: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

let server: Promise<PostgresServer> | null = null;
const dirs: string[] = [];

/** The test file's PostgreSQL server, started on first use. */
export function postgresServer(): Promise<PostgresServer> {
  server ??= startPostgres();
  return server;
}

export async function stopEngines(): Promise<void> {
  if (server) await (await server).stop();
  server = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export async function openTestStorage(engine: Engine, shard?: ShardSlice): Promise<TestStorage> {
  const opened: Storage[] = [];
  const keep = (storage: Storage) => (opened.push(storage), storage);
  const closeAll = async () => {
    for (const storage of opened.splice(0).reverse()) await storage.close();
  };
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'olathe-storage-'));
    dirs.push(dir);
    const file = join(dir, 'olathe.sqlite');
    const storage = openSqliteStorage(file, { shard });
    opened.push(storage);
    return {
      engine,
      storage,
      another: async (other) => keep(openSqliteStorage(file, { shard: other })),
      async sql(text, values = []) {
        const statement = storage.db.prepare(text.replace(/\$\d+/g, '?'));
        if (statement.reader) return statement.all(...values);
        statement.run(...values);
        return [];
      },
      close: closeAll,
    };
  }
  const url = await freshDatabase(await postgresServer());
  const storage = keep(await openPostgresStorage(url, { shard }));
  return {
    engine,
    storage,
    another: async (other) => keep(await openPostgresStorage(url, { shard: other })),
    async sql(text, values = []) {
      const client = new pg.Client({ connectionString: url, types: NUMERIC_TYPES });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    close: closeAll,
  };
}
