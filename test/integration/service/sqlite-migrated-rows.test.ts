// SQLite's own migrations of rows written before them (moved here from the lobby and outbox tests, which run
// on both engines): migration 0005 gives old lobbies an expiry, migration 0010 rebuilds the outbox with
// AUTOINCREMENT. PostgreSQL's schema never had the older forms (test/integration/postgres/ covers its own).
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../src/db/sqlite/migrate';
import { GameService } from '../../../src/service/game-service';
import { openSqliteTestStorage } from '../../support/storage';
import { OLATHE, removeTempDirs, tempDbPath } from './helpers';

afterAll(removeTempDirs);

const MINUTE = 60_000;

describe('migration 0005', () => {
  it('gives lobbies opened before it the default 30 minutes from their opening', async () => {
    const file = tempDbPath();
    const db = new Database(file);
    const migrations = loadMigrations();
    migrate(db, migrations.slice(0, 4));
    const insert = db.prepare(
      `INSERT INTO games (guild_id, channel_id, variant, options, turn_timeout_ms, status, host_id, created_at)
       VALUES ('g', ?, 'olathe', ?, 600000, ?, 'ann', 1000) RETURNING id`,
    );
    const old = (insert.get('c1', JSON.stringify(OLATHE), 'lobby') as { id: number }).id;
    const cancelled = (insert.get('c2', JSON.stringify(OLATHE), 'cancelled') as { id: number }).id;
    db.prepare("INSERT INTO players (game_id, seat, user_id, name, joined_at) VALUES (?, 0, 'ann', 'Ann', 1000)").run(
      old,
    );
    db.close();
    const service = new GameService(openSqliteTestStorage(file), { now: () => 10 ** 13 });
    expect(await service.game(old)).toMatchObject({ lobbyExpiresAt: 1000 + 30 * MINUTE, closedReason: null });
    expect(await service.game(cancelled)).toMatchObject({ lobbyExpiresAt: null, closedReason: null });
    expect((await service.expireTurns()).map((r) => [r.view.id, r.view.closedReason])).toEqual([[old, 'expired']]);
    await service.storage.close();
  });
});

describe('migration 0010', () => {
  const MIGRATIONS = loadMigrations();
  const before = MIGRATIONS.findIndex((m) => m.name === '0010_outbox_autoincrement');

  it('keeps every row, id and column of the outbox, and never hands an id out twice from then on', () => {
    const db = new Database(tempDbPath());
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, before));
    const gameId = db
      .prepare<[], { id: number }>(
        `INSERT INTO games (guild_id, channel_id, variant, options, turn_timeout_ms, status, host_id, created_at)
         VALUES ('g', 'c', 'olathe', '{}', 600000, 'playing', 'ann', 1) RETURNING id`,
      )
      .get()!.id;
    const insert = db.prepare('INSERT INTO outbox (game_id, kind, data, at) VALUES (?, ?, ?, ?)');
    for (const kind of ['shout', 'log', 'shout']) insert.run(gameId, kind, `{"kind":"${kind}"}`, 5);
    const columns = db.pragma('table_info(outbox)');
    const references = db.pragma('foreign_key_list(outbox)');
    const rows = db.prepare('SELECT * FROM outbox ORDER BY id').all();

    migrate(db, MIGRATIONS);
    expect(db.prepare('SELECT * FROM outbox ORDER BY id').all()).toEqual(rows);
    expect(db.pragma('table_info(outbox)')).toEqual(columns);
    expect(db.pragma('foreign_key_list(outbox)')).toEqual(references);
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'outbox'").pluck().get()).toMatch(/AUTOINCREMENT/);
    const indexed = db.pragma('index_info(outbox_by_game)') as Array<{ name: string }>;
    expect(indexed.map((c) => c.name)).toEqual(['game_id', 'id']);
    expect(() => insert.run(gameId, 'cheer', '{}', 5)).toThrow(/CHECK constraint/);

    // Delivered (deleted) rows leave their ids behind, emptied outbox or not.
    const ids = [insert.run(gameId, 'shout', '{}', 6).lastInsertRowid];
    db.prepare('DELETE FROM outbox').run();
    ids.push(insert.run(gameId, 'shout', '{}', 7).lastInsertRowid);
    expect(ids).toEqual([4, 5]);
    db.prepare('DELETE FROM games').run(); // the outbox still goes with its game
    expect(db.prepare('SELECT COUNT(*) FROM outbox').pluck().get()).toBe(0);
    db.close();
  });
});
