// Migration 0017 on both engines: a database at 0016 with rated games gets each server's count of rated people
// and each season's board from its history (a person's last rating of the season and games of it, wherever
// played), and the game ends after it keep both, as the history would give them.
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { ratingWrite } from '../../../src/db/rating-rows';
import type { Storage } from '../../../src/db/storage';
import { loadPostgresMigrations, migratePostgres } from '../../../src/db/postgres/migrate';
import { openPostgresStorage } from '../../../src/db/postgres/storage';
import { loadMigrations, migrate } from '../../../src/db/sqlite/migrate';
import { openSqliteStorage } from '../../../src/db/sqlite/storage';
import { rateGame } from '../../../src/rating';
import { ENGINES } from '../../support/engines';
import type { TestEngine } from '../../support/storage';
import { freshDatabase } from '../../support/postgres';
import { removeTempDirs, tempDbPath } from '../service/helpers';

afterAll(removeTempDirs);

const GUILD = 'guild-1';
const OTHER = 'guild-2';
const NOV = Date.UTC(2026, 10, 10);
const DEC = Date.UTC(2026, 11, 10);

// game, user, guild, season, ended at, rating after.
const HISTORY: Array<[number, string, string, string, number, number]> = [
  [1, 'ann', GUILD, '2026-11', NOV, 1510],
  [1, 'bob', GUILD, '2026-11', NOV, 1480],
  [2, 'ann', OTHER, '2026-11', NOV + 1, 1530],
  [2, 'cid', OTHER, '2026-11', NOV + 1, 1470],
  [3, 'ann', GUILD, '2026-12', DEC, 1490],
];
const BOARDS: Array<[string, string, number]> = [
  [GUILD, 'ann', 1490],
  [GUILD, 'bob', 1480],
  [OTHER, 'ann', 1490],
  [OTHER, 'cid', 1470],
];
const INSERT_HISTORY = `INSERT INTO rating_history (game_id, user_id, variant, guild_id, season, ended_at, mu_before,
  sigma_before, mu_after, sigma_after, rating_before, rating_after)
  VALUES ($1, $2, 'olathe', $3, $4, $5, 25, 8, 25, 8, 1500, $6)`;
const INSERT_BOARD = `INSERT INTO guild_ratings (guild_id, variant, user_id, name, rating, provisional)
  VALUES ($1, 'olathe', $2, $3, $4, 1)`;

/** A database at schema 0016 with the rows above, opened (so migrated) as the bot opens it. */
async function migratedFrom0016(engine: TestEngine): Promise<Storage> {
  const rows: Array<[string, unknown[]]> = [
    ...HISTORY.map((h): [string, unknown[]] => [INSERT_HISTORY, h]),
    ...BOARDS.map(([guild, user, rating]): [string, unknown[]] => [INSERT_BOARD, [guild, user, user, rating]]),
  ];
  if (engine === 'sqlite') {
    const file = tempDbPath();
    const db = new Database(file);
    migrate(
      db,
      loadMigrations().filter((m) => m.version <= 16),
    );
    for (const [text, values] of rows) db.prepare(text.replace(/\$\d/g, '?')).run(...values);
    db.close();
    return openSqliteStorage(file);
  }
  const url = await freshDatabase(inject('postgresUrl'));
  await migratePostgres(
    url,
    loadPostgresMigrations().filter((m) => m.version <= 16),
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [text, values] of rows) await client.query(text, values);
  } finally {
    await client.end();
  }
  return openPostgresStorage(url);
}

describe.each(ENGINES)('migration 0017 on %s', (engine) => {
  let storage: Storage | undefined;
  afterEach(async () => {
    await storage?.close();
  });

  it('fills the counts and the season boards from what is stored, and the ends keep them after', async () => {
    storage = await migratedFrom0016(engine);
    const s = storage;
    // ann's last game of November was in OTHER: both servers show its rating and her two games.
    expect(await s.ratings.season(GUILD, 'olathe', '2026-11', 10)).toEqual([
      { userId: 'ann', rating: 1530, games: 2, endedAt: NOV + 1 },
      { userId: 'bob', rating: 1480, games: 1, endedAt: NOV },
    ]);
    expect(await s.ratings.season(OTHER, 'olathe', '2026-11', 10)).toEqual([
      { userId: 'ann', rating: 1530, games: 2, endedAt: NOV + 1 },
      { userId: 'cid', rating: 1470, games: 1, endedAt: NOV + 1 },
    ]);
    expect(await s.ratings.season(OTHER, 'olathe', '2026-12', 10)).toEqual([]);
    expect(await s.ratings.standing(GUILD, 'olathe', 'bob')).toMatchObject({ rank: 2, of: 2 });

    // A December game in OTHER, ann's second of the season and dan's first rated game anywhere.
    const seats = ['dan', 'ann'].map((userId, i) => ({
      ...{ seat: i, userId, name: userId, place: i + 1, left: false, computer: null },
    }));
    const write = ratingWrite(rateGame('olathe', seats, new Map(), DEC + 5), 4, OTHER);
    await s.transaction((tx) => tx.ratings.record(write));
    const after = (u: string) => write.people.find((p) => p.userId === u)!.rating;
    const ann = { userId: 'ann', rating: after('ann'), games: 2, endedAt: DEC + 5 };
    expect(await s.ratings.season(GUILD, 'olathe', '2026-12', 10)).toEqual([ann]);
    expect((await s.ratings.season(OTHER, 'olathe', '2026-12', 10)).sort((a, b) => a.games - b.games)).toEqual([
      { userId: 'dan', rating: after('dan'), games: 1, endedAt: DEC + 5 },
      ann,
    ]);
    // dan is new to OTHER's board, ann is not; GUILD's count is as it was.
    expect(await s.ratings.standing(OTHER, 'olathe', 'cid')).toMatchObject({ of: 3 });
    expect(await s.ratings.standing(GUILD, 'olathe', 'bob')).toMatchObject({ of: 2 });
  });
});
