// Start-up on every kind of database file: new, at each earlier schema version, newer than this build,
// with a migration that fails, or not a database at all. Real files in a temp folder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseStartupError, openDatabase } from '../../../src/db/sqlite/open';
import type { Migration } from '../../../src/db/sqlite/migrate';
import { MIGRATIONS_DIR, loadMigrations, migrate, schemaVersion } from '../../../src/db/sqlite/migrate';
import { SqliteStorage } from '../../../src/db/sqlite/storage';
import { GameService } from '../../../src/service/game-service';
import { OLATHE, autoStep, removeTempDirs, startedGame, tempDbPath, tempDir } from './helpers';
import { applyEvent, newGame } from '../../../src/game';
import { eventRow } from '../../../src/db/event-rows';

const MIGRATIONS = loadMigrations();
const LATEST = MIGRATIONS.length;
/** The name a migration after the last would have: `0011_broken` once there are ten. */
const NEXT = `${String(LATEST + 1).padStart(4, '0')}_broken`;

afterAll(removeTempDirs);

function tables(db: Database.Database): string[] {
  return (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
}

/**
 * A database file left at `version`, holding a game in play (one event in) when the schema has games. The
 * rows are written as the first schema has them, since today's service writes columns older schemas lack.
 */
function databaseAt(version: number): { file: string; gameId: number | null } {
  const file = tempDbPath();
  const db = new Database(file);
  migrate(db, MIGRATIONS.slice(0, version));
  let gameId: number | null = null;
  if (version >= 1) {
    const started = newGame(OLATHE, ['ann', 'ben']);
    const declare = { type: 'declare', seat: 0, column: 0 } as const;
    const state = applyEvent(started, declare);
    gameId = db
      .prepare<unknown[], { id: number }>(
        `INSERT INTO games (guild_id, channel_id, variant, options, turn_timeout_ms, status, host_id, created_at, started_at, version, state, deadlines, next_deadline)
         VALUES ('guild-1', 'channel-old', 'olathe', ?, 600000, 'playing', 'ann', 1, 1, 1, ?, '{"0":9999999999999}', 9999999999999) RETURNING id`,
      )
      .get(JSON.stringify(OLATHE), JSON.stringify(state))!.id;
    const seat = db.prepare(
      'INSERT INTO players (game_id, seat, user_id, name, is_bot, joined_at) VALUES (?, ?, ?, ?, 0, 1)',
    );
    seat.run(gameId, 0, 'ann', 'ann');
    seat.run(gameId, 1, 'ben', 'ben');
    db.prepare(
      `INSERT INTO events (game_id, seq, at, type, seat, dice, holds, five, col, category, written, score, die, count)
       VALUES (@game_id, @seq, @at, @type, @seat, @dice, @holds, @five, @col, @category, @written, @score, @die, @count)`,
    ).run(eventRow(gameId, 1, started, declare, state));
  }
  db.close();
  return { file, gameId };
}

function expectStartupError(run: () => unknown, pattern: RegExp): DatabaseStartupError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DatabaseStartupError);
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).not.toContain('\n');
    return error as DatabaseStartupError;
  }
  throw new Error('expected a DatabaseStartupError');
}

describe('the migration files', () => {
  it('are numbered from 0001 without gaps and found beside the source, not the working directory', () => {
    expect(path.isAbsolute(MIGRATIONS_DIR)).toBe(true);
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(LATEST).toBeGreaterThanOrEqual(2);
  });

  it('refuse a badly named or gapped folder', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '0001_a.sql'), 'SELECT 1;');
    fs.writeFileSync(path.join(dir, '0003_c.sql'), 'SELECT 1;');
    expect(() => loadMigrations(dir)).toThrow(/without gaps/);
    fs.writeFileSync(path.join(dir, '0002_Bad Name.sql'), 'SELECT 1;');
    expect(() => loadMigrations(dir)).toThrow(/NNNN_name/);
  });

  it('are applied when the bot starts from another folder', () => {
    const cwd = tempDir();
    const script = path.join(cwd, 'start.ts');
    const openUrl = new URL('../../../src/db/sqlite/open.ts', import.meta.url).href;
    fs.writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(openUrl)};\nconst db = openDatabase('./data/olathe.sqlite');\nconsole.log(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get().n);\n`,
    );
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
    const run = spawnSync(tsx, [script], { cwd, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(String(LATEST));
    expect(fs.existsSync(path.join(cwd, 'data', 'olathe.sqlite'))).toBe(true);
  });
});

describe('openDatabase', () => {
  it('creates the folder, migrates an empty database and sets the pragmas', () => {
    const file = path.join(tempDir(), 'nested', 'deeper', 'olathe.sqlite');
    const db = openDatabase(file);
    expect(fs.existsSync(file)).toBe(true);
    expect(schemaVersion(db)).toBe(LATEST);
    expect(tables(db)).toEqual(
      expect.arrayContaining(['games', 'players', 'events', 'schema_migrations', 'games_guild_finished']),
    );
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    const recorded = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all();
    expect(recorded).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
    db.close();
  });

  it('opens a current database again without changing its history', () => {
    const file = tempDbPath();
    openDatabase(file).close();
    const db = openDatabase(file);
    expect(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: LATEST });
    db.close();
  });

  for (let version = 0; version < LATEST; version++) {
    it(`migrates a database at schema version ${version} and keeps its game playable`, async () => {
      const { file, gameId } = databaseAt(version);
      const db = openDatabase(file);
      expect(schemaVersion(db)).toBe(LATEST);
      expect(tables(db)).toEqual(expect.arrayContaining(['games_guild_finished', 'players_user']));
      if (gameId !== null) {
        const service = new GameService(new SqliteStorage(db));
        const view = (await service.game(gameId))!;
        expect(view.status).toBe('playing');
        expect(view.state!.version).toBe(1);
        expect((await autoStep(service, view, 0)).view.state!.version).toBe(2);
        expect(await service.replay(gameId)).toEqual((await service.game(gameId))!.state);
      }
      db.close();
    });
  }

  it('refuses a database from a newer version of the bot and leaves the file as it was', () => {
    const file = tempDbPath();
    const db = openDatabase(file);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
      LATEST + 1,
      '9999_future',
      0,
    );
    db.close();
    const bytes = fs.readFileSync(file);
    const error = expectStartupError(
      () => openDatabase(file),
      new RegExp(`newer version of the bot \\(schema version ${LATEST + 1}; this version knows up to ${LATEST}\\)`),
    );
    expect(error.message).toContain(path.resolve(file));
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it('refuses a database whose history differs from this build', () => {
    const file = tempDbPath();
    const db = openDatabase(file);
    db.prepare("UPDATE schema_migrations SET name = '0002_something_else' WHERE version = 2").run();
    db.close();
    expectStartupError(() => openDatabase(file), /does not recognise/);
  });

  it('stops on a failing migration, says which, and leaves the file byte for byte as it was', async () => {
    const file = tempDbPath();
    const setup = openDatabase(file); // a WAL database, as the bot leaves it
    const gameId = (await startedGame(new GameService(new SqliteStorage(setup)), ['ann', 'ben'])).id;
    setup.close();
    const bytes = fs.readFileSync(file);
    const broken: Migration = {
      version: LATEST + 1,
      name: NEXT,
      // The first statement works; the second fails: the first must not survive either.
      sql: 'ALTER TABLE games ADD COLUMN colour TEXT; CREATE TABLE players (x INTEGER);',
    };
    expectStartupError(
      () => openDatabase(file, { migrations: [...MIGRATIONS, broken] }),
      new RegExp(`Migration ${NEXT} failed: table players already exists\\. .*still at schema version ${LATEST}`),
    );
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(LATEST);
    expect(db.prepare("SELECT COUNT(*) AS n FROM pragma_table_info('games') WHERE name = 'colour'").get()).toEqual({
      n: 0,
    });
    expect((await new GameService(new SqliteStorage(db)).game(gameId))!.status).toBe('playing');
    db.close();
  });

  it('commits none of a batch when a later migration of it fails', () => {
    const { file } = databaseAt(1);
    const bytes = fs.readFileSync(file);
    const broken: Migration = { version: LATEST + 1, name: NEXT, sql: 'THIS IS NOT SQL;' };
    expectStartupError(
      () => openDatabase(file, { migrations: [...MIGRATIONS, broken] }),
      new RegExp(`${NEXT} failed.*syntax error.*still at schema version 1`),
    );
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    const db = new Database(file);
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).not.toContain('games_guild_finished');
    db.close();
  });

  it('refuses a file that is not a database, unchanged', () => {
    const file = tempDbPath();
    fs.writeFileSync(file, 'these are my holiday notes, not a database '.repeat(100));
    const bytes = fs.readFileSync(file);
    expectStartupError(() => openDatabase(file), /Cannot start on the database .*file is not a database/);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it('says so when the folder cannot be created', () => {
    const blocker = path.join(tempDir(), 'a-file');
    fs.writeFileSync(blocker, '');
    expectStartupError(
      () => openDatabase(path.join(blocker, 'db.sqlite')),
      /DATABASE_PATH: cannot create the folder .*a-file/,
    );
  });
});
