// `npm run db:copy -- <url>` as an operator runs it (the built dist/db-copy.js in a child process), from a
// SQLite database the service filled — every table non-empty — into a real PostgreSQL server
// (test/support/postgres.ts): every row equal, ids continued, a second run refused without writing, a database
// the bot holds refused, an older schema migrated first and a newer one refused; no output holds the password.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../src/db/migrate';
import { OpsService } from '../../../src/service/ops-service';
import type { GameView } from '../../../src/service/game-service';
import { spawnScript } from '../../support/project';
import type { PostgresServer } from '../../support/postgres';
import { freshDatabase, startPostgres } from '../../support/postgres';
import { SMALL, autoStep, harness, playOut, removeTempDirs, startedGame, tempDbPath, user } from '../service/helpers';

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runScript(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  // DATABASE_URL and the daily secret blank: the test's own settings, never the runner's.
  const child = spawnScript(script, args, {
    env: { ...process.env, DATABASE_URL: '', OLATHE_DAILY_SECRET: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin!.end();
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const dbCopy = (databasePath: string, args: string[]): Promise<Run> =>
  runScript('src/cli/db-copy.ts', args, { DATABASE_PATH: databasePath });

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The bot's tables in SQLite (SQLite's own and the schema history left out). */
function dataTables(db: Database.Database): string[] {
  return (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[]
  ).filter((t) => t !== 'schema_migrations');
}

const byKey = (rows: unknown[][]): unknown[][] =>
  rows
    .map((row) => ({ row, key: JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((r) => r.row);

/** Every row of `table` in SQLite: integers as BigInt, text as text. */
function sqliteRows(db: Database.Database, table: string, columns: string[]): unknown[][] {
  const list = columns.map((c) => `"${c}"`).join(', ');
  return byKey(db.prepare(`SELECT ${list} FROM "${table}"`).raw().safeIntegers(true).all() as unknown[][]);
}

/** Every row of `table` in PostgreSQL, normalised by column type: integers (numbers or BIGINT strings) as BigInt. */
async function postgresRows(client: pg.Client, table: string, columns: string[]): Promise<unknown[][]> {
  const types = await client.query<{ column_name: string; data_type: string }>(
    'SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1',
    [table],
  );
  const integer = columns.map((c) => /int/.test(types.rows.find((t) => t.column_name === c)!.data_type));
  const list = columns.map((c) => `"${c}"`).join(', ');
  const result = await client.query<unknown[]>({ text: `SELECT ${list} FROM "${table}"`, rowMode: 'array' });
  return byKey(
    result.rows.map((row) => row.map((v, i) => (v !== null && integer[i] ? BigInt(v as string | number) : v))),
  );
}

async function allRows(url: string, tables: string[]): Promise<Record<string, number>> {
  return withClient(url, async (client) => {
    const counts: Record<string, number> = {};
    for (const t of tables) counts[t] = Number((await client.query(`SELECT COUNT(*) AS n FROM "${t}"`)).rows[0].n);
    return counts;
  });
}

async function tablesIn(url: string): Promise<string[]> {
  return withClient(url, async (client) =>
    (
      await client.query<{ relname: string }>(
        "SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY 1",
      )
    ).rows.map((r) => r.relname),
  );
}

/**
 * A database as a running bot leaves it: finished games (results, totals), a rematch lobby with a computer
 * player, a cancelled lobby, an ended game, a half-played game in a thread with its messages and undelivered
 * channel work, a finished and a half-played daily challenge, a server's settings, a health row.
 */
function filledDatabase(): { file: string; halfPlayed: number } {
  const h = harness();
  const { service } = h;
  service.setThreadsIn('guild-2', false);
  const finished: GameView[] = [];
  for (let i = 0; i < 8; i++) finished.push(playOut(service, startedGame(service, ['ann', 'ben'], SMALL)));
  const rematch = service.rematch(finished[0]!.id, 'ann').view;
  service.addBot(rematch.id, 'ann', 'easy');
  const cancelled = service.openLobby({ guildId: 'guild-2', channelId: 'c-cancel', host: user('cat'), options: SMALL });
  service.cancel(cancelled.id, 'cat');
  const ended = startedGame(service, ['dan', 'eve'], SMALL, { guildId: 'guild-2' });
  service.end(ended.id, 'dan', { canManage: true });

  let half = service.openLobby({ guildId: 'guild-1', channelId: 'c-half', host: user('ann'), options: SMALL });
  half = service.join(half.id, user('ben'));
  half = service.start(half.id, 'ann', { threadAllowed: true });
  service.setPlayChannel(half.id, 'thread-half');
  service.recordShown(half.id, 'lobby', 'message-lobby', 'digest-lobby');
  // Three turns (a turn's end leaves a line of channel work): a third of the game played.
  for (let i = 0; i < 9; i++) half = autoStep(service, half, half.state!.current).view;

  const daily = service.startDaily({ guildId: 'guild-1', channelId: 'thread-daily-1', user: user('fay') });
  playOut(service, daily);
  const dailyHalf = service.startDaily({ guildId: 'guild-1', channelId: 'thread-daily-2', user: user('gus') });
  autoStep(service, dailyHalf, 0);
  new OpsService(h.db, 0, h.clock.now).writeProblem();
  // The newest channel work delivered, so SQLite's AUTOINCREMENT record is past the largest id left.
  const work = service.pendingChannelWork(half.id);
  expect(work.length).toBeGreaterThanOrEqual(2);
  const newest = Number(h.db.prepare('SELECT MAX(id) FROM outbox').pluck().get());
  expect(service.channelWorkDone(newest)).toBe(true);
  h.db.close();
  return { file: h.file, halfPlayed: half.id };
}

describe('npm run db:copy', () => {
  it('copies every table row for row, continues the ids, and refuses a second run without writing', async () => {
    const { file, halfPlayed } = filledDatabase();
    let sqlite = new Database(file, { readonly: true });
    const tables = dataTables(sqlite);
    // A table added later and left empty here would be copied untested: the fixture must fill every one.
    const empty = tables.filter((t) => sqlite.prepare(`SELECT COUNT(*) FROM "${t}"`).pluck().get() === 0);
    expect(empty).toEqual([]);
    expect(tables).toEqual(expect.arrayContaining(['games', 'players', 'events', 'outbox', 'daily_attempts']));
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
    const h = harness();
    const game = startedGame(h.service, ['ann', 'ben'], SMALL);
    // A value PostgreSQL's text cannot hold, in a table copied after others: the schema and every row roll back.
    h.db.prepare("UPDATE players SET name = 'B' || char(0) || 'en' WHERE game_id = ? AND seat = 1").run(game.id);
    h.db.close();
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
    const h = harness();
    h.db.close();
    const unreachable = await dbCopy(h.file, ['postgres://olathe:hunter2@127.0.0.1:1/olathe']);
    expect(unreachable).toMatchObject({ code: 1, stdout: '' });
    expect(unreachable.stderr).toMatch(
      /^olathe db:copy: Cannot connect to PostgreSQL at postgres:\/\/olathe:\*\*\*@127\.0\.0\.1:1\/olathe: .*\n$/,
    );
    expect(unreachable.stderr).not.toContain('hunter2');
  }, 60_000);
});
