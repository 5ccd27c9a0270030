// The outbox (channel work saved with the action that implies it) and the servers' settings: plain rows in,
// plain rows out, like GameStore.
import type Database from 'better-sqlite3';

export interface OutboxRow {
  id: number;
  game_id: number;
  kind: 'shout' | 'log';
  data: string;
}

export class OutboxStore {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      insert: db.prepare<[{ game_id: number; kind: string; data: string; at: number }]>(
        'INSERT INTO outbox (game_id, kind, data, at) VALUES (@game_id, @kind, @data, @at)',
      ),
      pending: db.prepare<[number], OutboxRow>(
        'SELECT id, game_id, kind, data FROM outbox WHERE game_id = ? ORDER BY id',
      ),
      remove: db.prepare<[number]>('DELETE FROM outbox WHERE id = ?'),
      removeAll: db.prepare<[number]>('DELETE FROM outbox WHERE game_id = ?'),
      threads: db.prepare<[string], { threads: 0 | 1 }>('SELECT threads FROM guild_settings WHERE guild_id = ?'),
      setThreads: db.prepare<[string, number]>(
        'INSERT INTO guild_settings (guild_id, threads) VALUES (?, ?) ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads',
      ),
    };
  }

  insert(gameId: number, kind: OutboxRow['kind'], data: string, at: number): number {
    return Number(this.s.insert.run({ game_id: gameId, kind, data, at }).lastInsertRowid);
  }
  pending(gameId: number): OutboxRow[] {
    return this.s.pending.all(gameId);
  }
  /** False when it was already gone (delivered by someone else). */
  remove(id: number): boolean {
    return this.s.remove.run(id).changes > 0;
  }
  removeAll(gameId: number): void {
    this.s.removeAll.run(gameId);
  }
  /** Whether a server plays games in threads; true unless it said otherwise. */
  guildThreads(guildId: string): boolean {
    return (this.s.threads.get(guildId)?.threads ?? 1) === 1;
  }
  setGuildThreads(guildId: string, on: boolean): void {
    this.s.setThreads.run(guildId, on ? 1 : 0);
  }
}
