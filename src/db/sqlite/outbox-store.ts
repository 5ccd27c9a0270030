// The outbox (channel work saved with the action that implies it) and the servers' settings. Like GameStore,
// it owns the mapping: a piece of work goes in as a value and comes out as one.
import type Database from 'better-sqlite3';
import type { OutboxEntry, OutboxStore, StoredWork } from '../storage';
import type { Sync } from './sync';

interface OutboxSqlRow {
  id: number;
  game_id: number;
  data: string;
}

/** The work is what the service saves (its ChannelWork); the store only needs its kind. */
export class SqliteOutboxStore implements Sync<OutboxStore> {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      insert: db.prepare<[{ game_id: number; kind: string; data: string; at: number }]>(
        'INSERT INTO outbox (game_id, kind, data, at) VALUES (@game_id, @kind, @data, @at)',
      ),
      pending: db.prepare<[number], OutboxSqlRow>('SELECT id, game_id, data FROM outbox WHERE game_id = ? ORDER BY id'),
      remove: db.prepare<[number]>('DELETE FROM outbox WHERE id = ?'),
      removeAll: db.prepare<[number]>('DELETE FROM outbox WHERE game_id = ?'),
      threads: db.prepare<[string], { threads: 0 | 1 }>('SELECT threads FROM guild_settings WHERE guild_id = ?'),
      setThreads: db.prepare<[string, number]>(
        'INSERT INTO guild_settings (guild_id, threads) VALUES (?, ?) ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads',
      ),
    };
  }

  insert(gameId: number, work: StoredWork, at: number): number {
    return Number(
      this.s.insert.run({ game_id: gameId, kind: work.kind, data: JSON.stringify(work), at }).lastInsertRowid,
    );
  }
  pending(gameId: number): Array<OutboxEntry> {
    return this.s.pending
      .all(gameId)
      .map((r) => ({ id: r.id, gameId: r.game_id, work: JSON.parse(r.data) as StoredWork }));
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
