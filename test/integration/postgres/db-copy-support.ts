// What test/integration/postgres/db-copy.test.ts needs around the command: running the built programs as an
// operator does, a SQLite database the service filled as a running bot would, and both engines' rows side by side.
import type Database from 'better-sqlite3';
import { NOT_COPIED } from '../../../src/db/sqlite/copy-source';
import pg from 'pg';
import { expect } from 'vitest';
import { OpsService } from '../../../src/service/ops-service';
import type { GameView } from '../../../src/service/game-service';
import { spawnScript } from '../../support/project';
import { SMALL, autoStep, harness, playOut, startedGame, user } from '../service/helpers';
import { sql, sqlRow } from '../../support/storage';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runScript(script: string, args: string[], env: Record<string, string>): Promise<Run> {
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

export const dbCopy = (databasePath: string, args: string[]): Promise<Run> =>
  runScript('src/cli/db-copy.ts', args, { DATABASE_PATH: databasePath });

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The bot's tables in SQLite that the copy carries (see NOT_COPIED). */
export function dataTables(db: Database.Database): string[] {
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
  return (names as string[]).filter((t) => !NOT_COPIED.test(t));
}

const byKey = (rows: unknown[][]): unknown[][] =>
  rows
    .map((row) => ({ row, key: JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((r) => r.row);

/** Every row of `table` in SQLite: integers as BigInt, text as text. */
export function sqliteRows(db: Database.Database, table: string, columns: string[]): unknown[][] {
  const list = columns.map((c) => `"${c}"`).join(', ');
  return byKey(db.prepare(`SELECT ${list} FROM "${table}"`).raw().safeIntegers(true).all() as unknown[][]);
}

/** Every row of `table` in PostgreSQL, normalised by column type: integers (numbers or BIGINT strings) as BigInt. */
export async function postgresRows(client: pg.Client, table: string, columns: string[]): Promise<unknown[][]> {
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

export async function allRows(url: string, tables: string[]): Promise<Record<string, number>> {
  return withClient(url, async (client) => {
    const counts: Record<string, number> = {};
    for (const t of tables) counts[t] = Number((await client.query(`SELECT COUNT(*) AS n FROM "${t}"`)).rows[0].n);
    return counts;
  });
}

export async function tablesIn(url: string): Promise<string[]> {
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
export async function filledDatabase(): Promise<{ file: string; halfPlayed: number }> {
  const h = await harness();
  const { service } = h;
  await service.setThreadsIn('guild-2', false);
  const finished: GameView[] = [];
  for (let i = 0; i < 8; i++) finished.push(await playOut(service, await startedGame(service, ['ann', 'ben'], SMALL)));
  const rematch = (await service.rematch(finished[0]!.id, 'ann')).view;
  await service.addBot(rematch.id, 'ann', 'easy');
  const cancelled = await service.openLobby({
    guildId: 'guild-2',
    channelId: 'c-cancel',
    host: user('cat'),
    options: SMALL,
  });
  await service.cancel(cancelled.id, 'cat');
  const ended = await startedGame(service, ['dan', 'eve'], SMALL, { guildId: 'guild-2' });
  await service.end(ended.id, 'dan', { canManage: true });

  let half = await service.openLobby({ guildId: 'guild-1', channelId: 'c-half', host: user('ann'), options: SMALL });
  half = await service.join(half.id, user('ben'));
  half = await service.start(half.id, 'ann', { threadAllowed: true });
  await service.setPlayChannel(half.id, 'thread-half');
  await service.recordShown(half.id, 'lobby', 'message-lobby', 'digest-lobby');
  // Three turns (a turn's end leaves a line of channel work): a third of the game played.
  for (let i = 0; i < 9; i++) half = (await autoStep(service, half, half.state!.current)).view;

  const daily = await service.startDaily({ guildId: 'guild-1', channelId: 'thread-daily-1', user: user('fay') });
  await playOut(service, daily);
  const dailyHalf = await service.startDaily({ guildId: 'guild-1', channelId: 'thread-daily-2', user: user('gus') });
  await autoStep(service, dailyHalf, 0);
  await new OpsService(h.storage, 0, h.clock.now).writeProblem();
  // The newest channel work delivered, so SQLite's AUTOINCREMENT record is past the largest id left.
  const work = await service.pendingChannelWork(half.id);
  expect(work.length).toBeGreaterThanOrEqual(2);
  const newest = Number((await sqlRow<{ n: number }>(h.storage, 'SELECT MAX(id) AS n FROM outbox'))!.n);
  expect(await service.channelWorkDone(newest)).toBe(true);
  // The finished games are rated (ratings, rating_history, guild_ratings); a game still to be rated, as one
  // that ended before ratings would wait in the backlog, so that the copy carries that table too.
  await sql(h.storage, 'INSERT INTO rating_backlog (game_id, finished_at) VALUES ($1, $2)', [ended.id, h.clock.now()]);
  // A tournament under way (migration 0016): its row, and its table's game with the columns that name it.
  const night = await service.tournaments.create({
    guildId: 'guild-1',
    channelId: 'c-night',
    host: user('ann'),
    options: { name: 'Night', game: SMALL, startsAt: h.clock.now() + 60_000, rounds: 2 },
  });
  for (const id of ['ann', 'ben', 'cat']) await service.tournaments.join(night.id, user(id));
  await service.tournaments.startNow(night.id, 'ann', { canManage: false });
  await service.tournaments.markShown(night.id, 'signup', 'message-signup', 'digest-signup');
  await service.tournaments.eventMade(night.id, 'event-1', 'active');
  // A season's podium decided and not yet delivered (migration 0015), so the copy carries season_posts too.
  await sql(
    h.storage,
    'INSERT INTO season_posts (guild_id, season, channel_id, podium, decided_at) VALUES ($1, $2, $3, $4, $5)',
    ['guild-1', '2026-11', 'c-news', '{"variants":[]}', h.clock.now()],
  );
  await h.storage.close();
  return { file: h.file, halfPlayed: half.id };
}
