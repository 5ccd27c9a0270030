// The `cluster` row (migrations/*/0011_cluster.sql): what every host of one bot on PostgreSQL must agree on.
// The first host to start writes it; a host that disagrees is refused with one line before it runs a shard:
//   - the shard count, since a guild's shard is (guild_id >> 22) % count and two counts would send one guild's
//     games to two processes (or to none);
//   - the daily challenge's secret, since each host would deal different daily dice. Only a fingerprint is
//     kept: an HMAC keyed with the secret, which says whether two secrets are the same and nothing else.
import { createHmac } from 'node:crypto';
import { DatabaseStartupError } from '../db/errors';
import { connectClient, redactedUrl, safeError, withoutPassword } from '../db/postgres/connection';

/** What the HMAC signs: fixed, so equal secrets give equal fingerprints on every host. */
const FINGERPRINT_MESSAGE = 'olathe cluster: the daily challenge secret, v1';

export function secretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update(FINGERPRINT_MESSAGE).digest('hex');
}

function shardsWord(count: number): string {
  return `${count} shard${count === 1 ? '' : 's'}`;
}

export interface ClusterSettings {
  shardCount: number;
  dailySecret: string;
}

interface ClusterRow {
  shard_count: number;
  secret_fingerprint: string;
}

/** Writes the row if it is missing, then compares; throws a one-line DatabaseStartupError on disagreement. */
export async function checkCluster(url: string, settings: ClusterSettings, now = Date.now()): Promise<void> {
  const where = redactedUrl(url);
  const client = await connectClient(url);
  let row: ClusterRow | undefined;
  try {
    await client.query(
      `INSERT INTO cluster (id, shard_count, secret_fingerprint, created_at) VALUES (1, $1, $2, $3)
       ON CONFLICT (id) DO NOTHING`,
      [settings.shardCount, secretFingerprint(settings.dailySecret), now],
    );
    row = (await client.query<ClusterRow>('SELECT shard_count, secret_fingerprint FROM cluster WHERE id = 1')).rows[0];
  } catch (error) {
    throw safeError('Cannot read the cluster settings (table cluster)', error, url);
  } finally {
    await client.end().catch(() => {});
  }
  if (!row) throw new DatabaseStartupError(withoutPassword(`The cluster row at ${where} is missing.`, url));
  if (Number(row.shard_count) !== settings.shardCount)
    throw new DatabaseStartupError(
      withoutPassword(
        `This host runs ${shardsWord(settings.shardCount)} in all, but the other hosts of this bot at ${where} run ${row.shard_count}: set SHARDS=${row.shard_count} on this host (to change the count, stop every host first; see docs/HOSTING.md, "Shards on several hosts, standbys").`,
        url,
      ),
    );
  if (row.secret_fingerprint !== secretFingerprint(settings.dailySecret))
    throw new DatabaseStartupError(
      withoutPassword(
        `OLATHE_DAILY_SECRET differs from the one the other hosts of this bot at ${where} use (they would deal different daily dice): set the same OLATHE_DAILY_SECRET on every host.`,
        url,
      ),
    );
}
