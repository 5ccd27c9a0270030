// A host joining the bot's hosts on DATABASE_URL, once per `npm start` (the manager, or the one process
// without SHARDS), before any shard process starts: the schema brought up to date (safe when several hosts
// start at once), then the cluster row written or compared (./cluster-row.ts).
import type { Logger } from '../app/logger';
import { waitForPostgres } from '../db/postgres/connection';
import { migratePostgres } from '../db/postgres/migrate';
import { checkCluster } from './cluster-row';

export async function joinCluster(
  url: string,
  settings: { shardCount: number; dailySecret: string },
  log: Logger,
): Promise<void> {
  // A server still starting (compose, a reboot) is waited for; one that refuses the login is not.
  await waitForPostgres(url);
  const migrated = await migratePostgres(url);
  if (migrated.applied.length) log.info('PostgreSQL migrated', { from: migrated.from, to: migrated.to });
  await checkCluster(url, settings);
  log.info('joined the cluster', { shards: settings.shardCount });
}
