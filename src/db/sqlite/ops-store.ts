// What an operator asks of the database, apart from the games themselves: does it take a write, how many
// games are in play, how much channel work waits for Discord.
import type Database from 'better-sqlite3';
import type { OpsStore } from '../storage';
import type { Sync } from './sync';

export class SqliteOpsStore implements Sync<OpsStore> {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      touch: db.prepare<[number, number]>(
        'INSERT INTO health (shard, checked_at) VALUES (?, ?) ON CONFLICT (shard) DO UPDATE SET checked_at = excluded.checked_at',
      ),
      inPlay: db.prepare<[], { n: number }>("SELECT count(*) AS n FROM games WHERE status = 'playing'"),
      outbox: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM outbox'),
    };
  }

  /** A real write, committed (throws what SQLite throws: read-only, disk full, locked past the busy timeout). */
  touchHealth(shard: number, now: number): void {
    this.s.touch.run(shard, now);
  }

  gamesInPlay(): number {
    return this.s.inPlay.get()!.n;
  }

  pendingOutbox(): number {
    return this.s.outbox.get()!.n;
  }
}
