// Where every test that runs the service on a database gets one: a later change can run the same tests on
// another engine by changing this file. The SQLite Storage keeps its connection (`db`) for the tests that
// inspect the file itself.
import type { Migration } from '../../src/db/sqlite/migrate';
import type { ShardSlice } from '../../src/db/rows';
import type { SqliteStorage } from '../../src/db/sqlite/storage';
import { openSqliteStorage } from '../../src/db/sqlite/storage';

export type TestStorage = SqliteStorage;

export interface TestStorageOptions {
  /** The gateway shard the service runs (its clock and reconcile see that shard's games). */
  shard?: ShardSlice;
  /** Another migration list than the bot's. */
  migrations?: readonly Migration[];
}

/** The database at `file` (created and migrated as the bot does it), as a Storage. */
export function openTestStorage(file: string, options: TestStorageOptions = {}): TestStorage {
  return openSqliteStorage(file, options);
}
