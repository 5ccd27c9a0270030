// Which database the bot runs on: PostgreSQL when DATABASE_URL is set, else the SQLite file at DATABASE_PATH.
// The entry points' choice; everything above the storage seam (src/db/storage.ts) runs the same on both.
import type { Config } from './config';
import type { ShardSlice } from '../db/rows';
import type { Storage } from '../db/storage';
import { openPostgresStorage } from '../db/postgres/storage';
import { openSqliteStorage } from '../db/sqlite/storage';

export async function openStorage(
  config: Pick<Config, 'databaseUrl' | 'databasePath'>,
  shard: ShardSlice,
): Promise<Storage> {
  if (config.databaseUrl !== null) return openPostgresStorage(config.databaseUrl, { shard });
  return openSqliteStorage(config.databasePath, { shard });
}
