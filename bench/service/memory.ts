// The service bench's memory (service.bench.ts): resident memory after the same fixed work with FEW_GAMES and then
// MANY_GAMES finished games stored, the store filled by copying real games' rows (quicker than playing them all).
import Database from 'better-sqlite3';
import fs from 'node:fs';
import { runInNewContext } from 'node:vm';
import v8 from 'node:v8';
import { seededRng } from '../../src/game';
import { openSqliteStorage } from '../../src/db/sqlite/storage';
import { SqliteStatsStore } from '../../src/db/sqlite/stats-store';
import type { GameView } from '../../src/service/game-service';
import { GameService } from '../../src/service/game-service';
import { Latencies, click, newTable } from '../support/service-player';
import { removeDb, tempFile } from './throughput';

export const FEW_GAMES = 1_000;
export const MANY_GAMES = 20_000;

const gc: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

function rssMb(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().rss / 2 ** 20;
}

/** Plays `count` whole games through the service: the templates the store is filled with. */
async function playTemplates(service: GameService, count: number): Promise<number[]> {
  const pick = seededRng('templates');
  const ids: number[] = [];
  const ignore = new Latencies();
  for (let i = 0; i < count; i++) {
    let view = await newTable(service, pick, 'bench-guild-0', ignore);
    while (view.status === 'playing') view = await click(service, view, pick);
    ids.push(view.id);
  }
  return ids;
}

/** Copies finished games (row, seats, events) until the store holds `total`: real games, quickly. */
function fillWithFinishedGames(file: string, templates: number[], total: number): void {
  const db = new Database(file);
  db.pragma('synchronous = NORMAL');
  const stored = () =>
    (db.prepare("SELECT COUNT(*) AS n FROM games WHERE status = 'finished'").get() as { n: number }).n;
  const copyGame = db.prepare<[string, string, number], { id: number }>(
    `INSERT INTO games (guild_id, channel_id, variant, options, turn_timeout_ms, status, host_id, created_at, started_at, finished_at, rev, version, state, deadlines, next_deadline, messages)
     SELECT ?, ?, variant, options, turn_timeout_ms, status, host_id, created_at, started_at, finished_at, rev, version, state, deadlines, next_deadline, messages
     FROM games WHERE id = ? RETURNING id`,
  );
  const copyPlayers = db.prepare(
    `INSERT INTO players (game_id, seat, user_id, name, is_bot, joined_at, prediction, left_reason, left_at, final_score, raw_total,
       place, won, olathes_thrown, olathes_scored, exact_prediction, incentives_met)
     SELECT ?, seat, user_id, name, is_bot, joined_at, prediction, left_reason, left_at, final_score, raw_total, place, won,
       olathes_thrown, olathes_scored, exact_prediction, incentives_met FROM players WHERE game_id = ?`,
  );
  const copyEvents = db.prepare(
    'INSERT INTO events SELECT ?, seq, at, type, seat, dice, holds, five, col, category, written, score, die, count FROM events WHERE game_id = ?',
  );
  const totals = new SqliteStatsStore(db);
  let n = stored();
  const batch = db.transaction((upTo: number) => {
    for (; n < upTo; n++) {
      const template = templates[n % templates.length]!;
      const id = copyGame.get(`bench-guild-${n % 20}`, `archive-${n}`, template)!.id;
      copyPlayers.run(id, template);
      copyEvents.run(id, template);
      totals.countGame(id); // as the service does when a game finishes
    }
  });
  while (n < total) batch(Math.min(total, n + 1000));
  db.close();
}

/** The same fixed work at each size: clicks in 200 games in play, reads of finished games, leaderboards. */
async function workload(service: GameService, seed: string, finishedIds: () => number): Promise<void> {
  const pick = seededRng(seed);
  const ignore = new Latencies();
  const tables: GameView[] = [];
  for (let i = 0; i < 200; i++) tables.push(await newTable(service, pick, 'bench-guild-live', ignore));
  for (let i = 0; i < 20_000; i++) {
    const slot = i % tables.length;
    const view = tables[slot]!;
    tables[slot] =
      view.status === 'playing'
        ? await click(service, view, pick)
        : await newTable(service, pick, 'bench-guild-live', ignore);
    if (i % 100 === 0) await service.game(1 + ((pick.face() * 7919 * i) % finishedIds()));
    if (i % 1000 === 0) await service.leaderboard(`bench-guild-${i % 20}`);
  }
  for (const t of tables) if (t.status === 'playing') await service.end(t.id, t.hostId, { canManage: true });
}

export async function memoryFlatness(): Promise<{
  few: number;
  many: number;
  drift: number;
  fileMb: number;
  leaderboardMs: number;
}> {
  const file = tempFile('memory.sqlite');
  let storage = openSqliteStorage(file);
  let service = new GameService(storage);
  const templates = await playTemplates(service, 100);
  await storage.close();
  fillWithFinishedGames(file, templates, FEW_GAMES);

  storage = openSqliteStorage(file);
  service = new GameService(storage);
  const count = () => (storage.db.prepare('SELECT MAX(id) AS n FROM games').get() as { n: number }).n;
  await workload(service, 'warm-up', count); // the heap and the page cache reach their working size
  await workload(service, 'measured', count);
  const few = rssMb();

  await storage.close();
  fillWithFinishedGames(file, templates, MANY_GAMES);
  storage = openSqliteStorage(file);
  service = new GameService(storage);
  await workload(service, 'measured', count);
  const many = rssMb();
  await service.leaderboard('bench-guild-3'); // its pages into the cache, as for any repeated command
  const t0 = performance.now();
  await service.leaderboard('bench-guild-4');
  const leaderboardMs = performance.now() - t0;
  await storage.close();
  const fileMb = fs.statSync(file).size / 2 ** 20;
  removeDb(file);
  return { few, many, drift: (many - few) / few, fileMb, leaderboardMs };
}
