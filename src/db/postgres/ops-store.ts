// The health check's write and the metrics' counts on PostgreSQL: the same methods as the SQLite OpsStore.
import type { OpsStore } from '../storage';
import type { Sql, Statement } from './pool';

const statement = (name: string, text: string): Statement => ({ name: `ops.${name}`, text });

const S = {
  touch: statement(
    'touch',
    `INSERT INTO health (shard, checked_at) VALUES ($1, $2)
     ON CONFLICT (shard) DO UPDATE SET checked_at = excluded.checked_at`,
  ),
  inPlay: statement('in-play', "SELECT count(*) AS n FROM games WHERE status = 'playing'"),
  outbox: statement('outbox', 'SELECT count(*) AS n FROM outbox'),
};

export class PostgresOpsStore implements OpsStore {
  constructor(private readonly db: Sql) {}

  /** A real write, committed: throws when the server cannot take one (down, read-only, out of connections). */
  async touchHealth(shard: number, now: number): Promise<void> {
    await this.db.run(S.touch, [shard, now]);
  }
  async gamesInPlay(): Promise<number> {
    return (await this.db.rows<{ n: number }>(S.inPlay))[0]!.n;
  }
  async pendingOutbox(): Promise<number> {
    return (await this.db.rows<{ n: number }>(S.outbox))[0]!.n;
  }
}
