// The outbox and the servers' thread setting on PostgreSQL: the same methods as the SQLite OutboxStore.
import type { OutboxEntry, OutboxStore, StoredWork } from '../storage';
import type { Sql, Statement } from './pool';

const statement = (name: string, text: string): Statement => ({ name: `outbox.${name}`, text });

const S = {
  insert: statement('insert', 'INSERT INTO outbox (game_id, kind, data, at) VALUES ($1, $2, $3, $4) RETURNING id'),
  pending: statement('pending', 'SELECT id, game_id, data FROM outbox WHERE game_id = $1 ORDER BY id'),
  remove: statement('remove', 'DELETE FROM outbox WHERE id = $1'),
  removeAll: statement('remove-all', 'DELETE FROM outbox WHERE game_id = $1'),
  threads: statement('threads', 'SELECT threads FROM guild_settings WHERE guild_id = $1'),
  setThreads: statement(
    'set-threads',
    `INSERT INTO guild_settings (guild_id, threads) VALUES ($1, $2)
     ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads`,
  ),
};

export class PostgresOutboxStore implements OutboxStore {
  constructor(private readonly db: Sql) {}

  async insert(gameId: number, work: StoredWork, at: number): Promise<number> {
    const [row] = await this.db.rows<{ id: number }>(S.insert, [gameId, work.kind, JSON.stringify(work), at]);
    return row!.id;
  }
  async pending<Work extends StoredWork = StoredWork>(gameId: number): Promise<Array<OutboxEntry<Work>>> {
    const rows = await this.db.rows<{ id: number; game_id: number; data: string }>(S.pending, [gameId]);
    return rows.map((r) => ({ id: r.id, gameId: r.game_id, work: JSON.parse(r.data) as Work }));
  }
  async remove(id: number): Promise<boolean> {
    return (await this.db.run(S.remove, [id])) > 0;
  }
  async removeAll(gameId: number): Promise<void> {
    await this.db.run(S.removeAll, [gameId]);
  }
  async guildThreads(guildId: string): Promise<boolean> {
    const [row] = await this.db.rows<{ threads: 0 | 1 }>(S.threads, [guildId]);
    return (row?.threads ?? 1) === 1;
  }
  async setGuildThreads(guildId: string, on: boolean): Promise<void> {
    await this.db.run(S.setThreads, [guildId, on ? 1 : 0]);
  }
}
