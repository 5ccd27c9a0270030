// The storage engines a test runs on: SQLite (a temp file) and PostgreSQL (a fresh database on one throwaway
// server per test file). Tests written against these run unchanged on both, as the bot does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DailyStore } from '../../src/db/daily-store';
import { GameStore } from '../../src/db/game-store';
import type { ShardSlice } from '../../src/db/game-store';
import { openDatabase } from '../../src/db/open';
import { OpsStore } from '../../src/db/ops-store';
import { OutboxStore } from '../../src/db/outbox-store';
import { StatsStore } from '../../src/db/stats-store';
import { PostgresDailyStore } from '../../src/db/postgres/daily-store';
import { PostgresGameStore } from '../../src/db/postgres/game-store';
import { migratePostgres } from '../../src/db/postgres/migrate';
import { PostgresOpsStore } from '../../src/db/postgres/ops-store';
import { PostgresOutboxStore } from '../../src/db/postgres/outbox-store';
import { PostgresDatabase } from '../../src/db/postgres/pool';
import { PostgresStatsStore } from '../../src/db/postgres/stats-store';
import type { PostgresServer } from './postgres';
import { freshDatabase, startPostgres } from './postgres';

export type Engine = 'sqlite' | 'postgres';
export const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

type Work = { kind: string; text?: string };

/** One engine's stores on a new, migrated database; `sql` runs a statement for the test's own checks. */
export interface EngineStores {
  engine: Engine;
  games(shard?: ShardSlice): GameStore | PostgresGameStore;
  outbox: OutboxStore<Work> | PostgresOutboxStore<Work>;
  stats: StatsStore | PostgresStatsStore;
  daily: DailyStore | PostgresDailyStore;
  ops: OpsStore | PostgresOpsStore;
  /** Runs `fn` in one write transaction. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
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

export async function openStores(engine: Engine): Promise<EngineStores> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'olathe-stores-'));
    dirs.push(dir);
    const db = openDatabase(join(dir, 'olathe.sqlite'));
    const games = new GameStore(db);
    return {
      engine,
      games: (shard) => (shard ? new GameStore(db, shard) : games),
      outbox: new OutboxStore<Work>(db),
      stats: new StatsStore(db),
      daily: new DailyStore(db),
      ops: new OpsStore(db),
      async transaction(fn) {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn();
          db.exec('COMMIT');
          return result;
        } catch (error) {
          db.exec('ROLLBACK');
          throw error;
        }
      },
      sql: async (text, values = []) => {
        const statement = db.prepare(text.replace(/\$\d+/g, '?'));
        if (statement.reader) return statement.all(...values);
        statement.run(...values);
        return [];
      },
      close: async () => void db.close(),
    };
  }
  const url = await freshDatabase(await postgresServer());
  await migratePostgres(url);
  const db = new PostgresDatabase(url);
  const games = new PostgresGameStore(db);
  return {
    engine,
    games: (shard) => (shard ? new PostgresGameStore(db, shard) : games),
    outbox: new PostgresOutboxStore<Work>(db),
    stats: new PostgresStatsStore(db),
    daily: new PostgresDailyStore(db),
    ops: new PostgresOpsStore(db),
    transaction: (fn) => db.transaction(fn),
    sql: async (text, values = []) => (await db.pool.query(text, values)).rows,
    close: () => db.close(),
  };
}
