// `npm run db:copy -- <url>` as an operator runs it (the built dist/db-copy.js in a child process), from a
// SQLite database the service filled — every table non-empty — into a real PostgreSQL server
// (test/support/postgres.ts): every row equal, ids continued, a second run refused without writing, a database
// a bot process holds refused (and one killed copied), a failed copy leaving the target empty, an older schema
// migrated first and a newer one refused; no output holds the password.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../src/db/sqlite/migrate';
import { spawnScript } from '../../support/project';
import type { PostgresServer } from '../../support/postgres';
import { freshDatabase, startPostgres } from '../../support/postgres';
import { SMALL, harness, removeTempDirs, startedGame, tempDbPath } from '../service/helpers';
import {
  allRows,
  dataTables,
  dbCopy,
  filledDatabase,
  postgresRows,
  sqliteRows,
  tablesIn,
  withClient,
} from './db-copy-support';
import { sql } from '../../support/storage';

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
  await removeTempDirs();
});

describe('npm run db:copy', () => {
  it('copies every table row for row, continues the ids, and refuses a second run without writing', async () => {
    const { file, halfPlayed } = await filledDatabase();
    let sqlite = new Database(file, { readonly: true });
    const tables = dataTables(sqlite);
    // A table added later and left empty here would be copied untested: the fixture must fill every one.
    const empty = tables.filter((t) => sqlite.prepare(`SELECT COUNT(*) FROM "${t}"`).pluck().get() === 0);
    expect(empty).toEqual([]);
    expect(tables).toEqual(expect.arrayContaining(['games', 'players', 'events', 'outbox', 'daily_attempts']));
    expect(tables).toEqual(expect.arrayContaining(['ratings', 'rating_history', 'guild_ratings', 'rating_backlog']));
    // The boards' kept counts and season rows (migration 0017), written by the fixture's rated ends.
    expect(tables).toEqual(expect.arrayContaining(['guild_rating_counts', 'guild_season_ratings']));
    expect(tables).toContain('tournaments');
    // A tournament's table: the games' columns that name it are copied with the rest.
    expect(sqlite.prepare('SELECT COUNT(*) FROM games WHERE tournament_id IS NOT NULL').pluck().get()).toBe(1);
    // More events than one INSERT takes (500 rows): the batches follow one another.
    expect(sqlite.prepare('SELECT COUNT(*) FROM events').pluck().get()).toBeGreaterThan(500);
    fs.writeFileSync(`${file}.daily-secret`, 'the-secret-of-the-daily-dice-0123456789\n');
    // Even a reader holds the file: the copy runs with nothing else on the database.
    sqlite.close();

    const url = await freshDatabase(server);
    const run = await dbCopy(file, [url]);
    sqlite = new Database(file, { readonly: true });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(
      lines
        .slice(0, tables.length)
        .map((l) => l.split(/\s+/)[0])
        .sort(),
    ).toEqual(tables);
    const maxGame = Number(sqlite.prepare('SELECT MAX(id) FROM games').pluck().get());
    expect(lines[tables.length]).toMatch(
      new RegExp(
        `^copied ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(schema version ${loadMigrations().length}\\) to postgres://olathe:\\*\\*\\*@127\\.0\\.0\\.1:${server.port}/\\w+: ${tables.length} tables, \\d+ rows, every count checked, in \\d+ ms; new games are numbered from ${maxGame + 1}\\.$`,
      ),
    );
    expect(lines[tables.length + 1]).toBe(
      `The daily challenge's secret is kept in ${file}.daily-secret: set OLATHE_DAILY_SECRET to its contents for the bot on PostgreSQL, so the daily dice stay the same.`,
    );
    expect(lines).toHaveLength(tables.length + 2);
    expect(run.stdout).not.toContain(server.password);
    expect(run.stdout).not.toContain('the-secret-of-the-daily-dice');

    await withClient(url, async (client) => {
      for (const table of tables) {
        const columns = sqlite.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[];
        const names = columns.map((c) => c.name);
        const copied = await postgresRows(client, table, names);
        expect(copied, table).toEqual(sqliteRows(sqlite, table, names));
      }
      const history = await client.query('SELECT version, name FROM schema_migrations ORDER BY version');
      expect(history.rows).toEqual(loadMigrations().map((m) => ({ version: m.version, name: m.name })));
      const game = await client.query('SELECT status, rev, state FROM games WHERE id = $1', [halfPlayed]);
      expect(game.rows[0].status).toBe('playing');
      expect(JSON.parse(game.rows[0].state as string).version).toBeGreaterThan(0);
    });

    // New rows will get ids past every copied one: a new game, and channel work past SQLite's AUTOINCREMENT record.
    const outboxRecord = Number(sqlite.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'").pluck().get());
    expect(outboxRecord).toBeGreaterThan(Number(sqlite.prepare('SELECT MAX(id) FROM outbox').pluck().get()));
    sqlite.close();

    // The target now holds tables: refused in one line, and nothing in it changes.
    const before = await allRows(url, tables);
    const again = await dbCopy(file, [url]);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(
      /^olathe db:copy: The PostgreSQL database at postgres:\/\/olathe:\*\*\*@\S+ already holds tables \([a-z_, ]+ and \d+ more\): db:copy copies into an empty database only\. Create a new database and name that one\. Nothing was copied\.\n$/,
    );
    expect(again.stderr).not.toContain(server.password);
    expect(await allRows(url, tables)).toEqual(before);

    await withClient(url, async (client) => {
      const game = await client.query<{ id: string }>(
        `INSERT INTO games (guild_id, channel_id, variant, options, turn_timeout_ms, status, host_id, created_at)
         VALUES ('guild-9', 'c-new', 'olathe', '{}', 60000, 'lobby', 'hal', 1) RETURNING id`,
      );
      expect(Number(game.rows[0]!.id)).toBe(maxGame + 1);
      const work = await client.query<{ id: string }>(
        "INSERT INTO outbox (game_id, kind, data, at) VALUES ($1, 'log', '{}', 1) RETURNING id",
        [game.rows[0]!.id],
      );
      expect(Number(work.rows[0]!.id)).toBe(outboxRecord + 1);
    });
  }, 120_000);

  it('refuses a database a bot process has open, in one line; once the bot is killed, copies what it wrote', async () => {
    const file = tempDbPath();
    const bot = spawnScript('test/integration/postgres/fixtures/holding-bot.ts', [file]);
    const killed = new Promise((resolve) => bot.once('exit', resolve));
    try {
      const ready = await new Promise<string>((resolve, reject) => {
        let out = '';
        bot.stdout!.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('\n')) resolve(out);
        });
        bot.once('exit', (code) => reject(new Error(`the bot process ended (${code}) before it was ready`)));
      });
      expect(ready).toMatch(/^ready \d+\n$/);
      const url = await freshDatabase(server);
      const run = await dbCopy(file, [url]);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toBe(
        `olathe db:copy: The database at ${file} is in use (the bot, or another program, has it open): stop the bot, then copy. Nothing was copied.\n`,
      );
      expect(await tablesIn(url)).toEqual([]);

      // kill -9: no clean-up, the game only in the WAL file; the copy takes it over as the bot's next start would.
      bot.kill('SIGKILL');
      await killed;
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
      const stopped = await dbCopy(file, [url]);
      expect(stopped.stderr).toBe('');
      expect(stopped.code).toBe(0);
      expect(await allRows(url, ['games', 'players', 'events'])).toEqual({ games: 1, players: 1, events: 0 });
      const game = await withClient(url, (client) => client.query('SELECT status, guild_id FROM games'));
      expect(game.rows).toEqual([{ status: 'playing', guild_id: 'guild-held' }]);
    } finally {
      bot.kill('SIGKILL');
    }
  }, 60_000);

  it('leaves the target empty when a row cannot be copied, so the copy can be run again once it is fixed', async () => {
    const h = await harness();
    const game = await startedGame(h.service, ['ann', 'ben'], SMALL);
    // A value PostgreSQL's text cannot hold, in a table copied after others: the schema and every row roll back.
    await sql(h.storage, "UPDATE players SET name = 'B' || char(0) || 'en' WHERE game_id = $1 AND seat = 1", [game.id]);
    await h.storage.close();
    const url = await freshDatabase(server);
    const failed = await dbCopy(h.file, [url]);
    expect(failed).toMatchObject({ code: 1, stdout: '' });
    expect(failed.stderr).toBe(
      'olathe db:copy: players.name holds "B\\u0000en", which PostgreSQL\'s text column cannot take.\n',
    );
    expect(await tablesIn(url)).toEqual([]);

    const db = new Database(h.file);
    db.prepare("UPDATE players SET name = 'Ben' WHERE game_id = ? AND seat = 1").run(game.id);
    db.close();
    const again = await dbCopy(h.file, [url]);
    expect(again.stderr).toBe('');
    expect(await allRows(url, ['games', 'players'])).toEqual({ games: 1, players: 2 });
  }, 60_000);

  it('brings an older SQLite schema up to date first, and refuses a newer one untouched', async () => {
    const older = tempDbPath();
    const db = new Database(older);
    migrate(db, loadMigrations().slice(0, 9), 'in the test');
    db.prepare(
      `INSERT INTO games (guild_id, channel_id, variant, options, turn_timeout_ms, status, host_id, created_at)
       VALUES ('g', 'c', 'olathe', '{}', 60000, 'lobby', 'ann', 5)`,
    ).run();
    db.prepare("INSERT INTO outbox (game_id, kind, data, at) VALUES (1, 'log', '{}', 6)").run();
    db.close();
    const url = await freshDatabase(server);
    const run = await dbCopy(older, [url]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const migrated = new Database(older, { readonly: true });
    expect(migrated.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get()).toBe(loadMigrations().length);
    migrated.close();
    expect(await allRows(url, ['games', 'outbox'])).toEqual({ games: 1, outbox: 1 });

    const newer = tempDbPath();
    const future = new Database(newer);
    migrate(future, loadMigrations(), 'in the test');
    future.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, '0099_future', 1)").run();
    future.close();
    const fresh = await freshDatabase(server);
    const refused = await dbCopy(newer, [fresh]);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toMatch(
      /^olathe db:copy: The database at \S+ was written by a newer version of the bot .*\n$/,
    );
    expect(refused.stderr.split('\n')).toHaveLength(2);
    expect(await tablesIn(fresh)).toEqual([]);
  }, 60_000);

  it('says how to call it for bad arguments, and never repeats a password it could not use', async () => {
    const file = tempDbPath();
    const usage = await dbCopy(file, []);
    expect(usage).toMatchObject({ code: 2, stdout: '' });
    expect(usage.stderr).toMatch(
      /^olathe db:copy: usage: npm run db:copy -- postgres:\/\/USER:PASSWORD@HOST:PORT\/DATABASE .*\n$/,
    );
    const notUrl = await dbCopy(file, ['hunter2-not-a-url']);
    expect(notUrl.code).toBe(2);
    expect(notUrl.stderr).not.toContain('hunter2');
    // A real database file, and a server nobody listens on: the error names the address, not the password.
    const h = await harness();
    await h.storage.close();
    const unreachable = await dbCopy(h.file, ['postgres://olathe:hunter2@127.0.0.1:1/olathe']);
    expect(unreachable).toMatchObject({ code: 1, stdout: '' });
    expect(unreachable.stderr).toMatch(
      /^olathe db:copy: Cannot connect to PostgreSQL at postgres:\/\/olathe:\*\*\*@127\.0\.0\.1:1\/olathe: .*\n$/,
    );
    expect(unreachable.stderr).not.toContain('hunter2');
  }, 60_000);
});
