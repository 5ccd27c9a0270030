// The store contract tests run each test on both engines explicitly (describe.each(ENGINES)), whichever
// project runs them: a thin layer over test/support/storage.ts, which opens the Storages and runs the tests'
// own SQL. They run in the postgres project, whose run has the PostgreSQL server (vitest.config.ts).
import type { ShardSlice } from '../../src/db/rows';
import type { Storage } from '../../src/db/storage';
import type { TestEngine } from './storage';
import { closeTestStorages, openTestStorage, sql } from './storage';
import { tempDbPath } from '../integration/service/helpers';

export const ENGINES: readonly TestEngine[] = ['sqlite', 'postgres'];

/** A Storage on a new database, with a way to run the test's own SQL on it ($1, $2 … placeholders). */
export interface EngineStorage {
  engine: TestEngine;
  storage: Storage;
  /** Another Storage on the same database, as another process (shard) would open it. */
  another(shard?: ShardSlice): Promise<Storage>;
  sql(text: string, values?: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

export async function openEngineStorage(engine: TestEngine, shard?: ShardSlice): Promise<EngineStorage> {
  const file = tempDbPath();
  const storage = await openTestStorage(file, { engine, shard });
  return {
    engine,
    storage,
    another: (other) => openTestStorage(file, { engine, shard: other }),
    sql: (text, values) => sql(storage, text, values),
    close: closeTestStorages,
  };
}
