// `npm run bench -- queries`: the statistics' reads with 100,000 finished games stored. Goal: every
// service method behind /olathe stats, head-to-head and the leaderboard (each period and variant) answers
// within 50 ms at p99. The database is written straight into the tables (stats-data.ts) at schema 0008, then
// migrated to this tree's latest (0009's indexes and totals built over the 100,000 games, timed). The baseline
// runs the same service methods in the same process on a copy of that file without 0009's indexes; its
// all-time board also reads `player_totals`, which is data, so the read it replaced (summing every seat of
// the server's games, as before 0009) is timed on the copy as well.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/db/sqlite/open';
import { openDatabase } from '../../src/db/sqlite/open';
import { openSqliteStorage } from '../../src/db/sqlite/storage';
import { loadMigrations } from '../../src/db/sqlite/migrate';
import type { LeaderboardPeriod } from '../../src/service/game-service';
import { GameService } from '../../src/service/game-service';
import { seededRng } from '../../src/game';
import type { BenchData } from './stats-data';
import { fmt, machine, percentiles, verdict } from '../support/figures';
import { GUILDS, fillStatsDatabase } from './stats-data';

const GAMES = 100_000;
const CALLS = 200;
const GOAL_P99_MS = 50;
const GOAL_BUILD_S = 60;
/** The indexes migration 0009 adds; the baseline is the same file without them. */
const INDEXES_0009 = ['players_stats_by_user', 'players_stats_by_guild'];

/**
 * Times `mine` and `base` on each input, turn about, so that whatever else the machine does falls on both
 * alike; one untimed call of each first (its statements prepared).
 */
async function timeBoth<I>(
  inputs: readonly I[],
  mine: (input: I) => unknown,
  base: (input: I) => unknown,
): Promise<{ mine: { p50: number; p99: number }; base: { p50: number; p99: number } }> {
  await mine(inputs[0]!);
  await base(inputs[0]!);
  const timed = async (fn: (input: I) => unknown, input: I) => {
    const start = process.hrtime.bigint();
    await fn(input);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const a: number[] = [];
  const b: number[] = [];
  for (const input of inputs) {
    a.push(await timed(mine, input));
    b.push(await timed(base, input));
  }
  return { mine: percentiles(a), base: percentiles(b) };
}

function build(dir: string): { file: string; data: BenchData; fillS: number; migrateS: number } {
  const file = path.join(dir, 'stats.sqlite');
  const migrations = loadMigrations();
  let db: Db = openDatabase(file, { migrations: migrations.filter((m) => m.version < 9) });
  let start = performance.now();
  const data = fillStatsDatabase(db, GAMES, Date.now());
  const fillS = (performance.now() - start) / 1000;
  db.close();
  start = performance.now();
  db = openDatabase(file);
  const migrateS = (performance.now() - start) / 1000;
  // The fast path wrote no events, so 0009 found no incentive met: give the seats some, as played games have.
  db.exec('UPDATE players SET incentives_met = abs(random()) % 64 WHERE final_score IS NOT NULL');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { file, data, fillS, migrateS };
}

interface Row {
  label: string;
  mine: { p50: number; p99: number };
  base: { p50: number; p99: number };
}

export async function run(): Promise<void> {
  console.log(`${machine()} at the start`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'olathe-queries-'));
  try {
    const { file, data, fillS, migrateS } = build(dir);
    const baseFile = path.join(dir, 'baseline.sqlite');
    fs.copyFileSync(file, baseFile);
    const baseDb = new Database(baseFile);
    for (const index of INDEXES_0009) baseDb.exec(`DROP INDEX ${index}`);
    baseDb.close();
    const mb = fs.statSync(file).size / 2 ** 20;
    const counts = new Database(file, { readonly: true });
    const finished = (
      counts.prepare("SELECT COUNT(*) AS n FROM games WHERE status = 'finished'").get() as { n: number }
    ).n;
    const others = (counts.prepare("SELECT COUNT(*) AS n FROM games WHERE status <> 'finished'").get() as { n: number })
      .n;
    const seats = (counts.prepare('SELECT COUNT(*) AS n FROM players').get() as { n: number }).n;
    counts.close();
    console.log(
      `database: ${fmt(finished)} finished games (and ${fmt(others)} ended or cancelled), ${fmt(seats)} seats, ` +
        `${GUILDS.length} guilds, ${fmt(mb)} MB; written in ${fmt(fillS, 1)} s (one transaction), migrated to 0009 in ${fmt(migrateS, 1)} s` +
        ` — goal under ${GOAL_BUILD_S} s: ${verdict(fillS + migrateS < GOAL_BUILD_S)}`,
    );

    const mine = new GameService(openSqliteStorage(file));
    const base = new GameService(openSqliteStorage(baseFile));
    const pick = seededRng('queries bench calls');
    const choose = <T>(list: readonly T[]): T =>
      list[(pick.face() * 216 + pick.face() * 36 + pick.face() * 6) % list.length]!;
    const people = GUILDS.flatMap((guild) => data.members.get(guild)!.map((user) => ({ guild, user })));
    const users = Array.from({ length: CALLS }, () => choose(people));
    const pairs = Array.from({ length: CALLS }, () => choose(data.pairs));
    const guilds = Array.from({ length: CALLS }, (_, i) => GUILDS[i % GUILDS.length]!);

    const rows: Row[] = [];
    const measure = async (label: string, fn: (service: GameService, i: number) => unknown) => {
      const calls = Array.from({ length: CALLS }, (_, i) => i);
      rows.push({
        label,
        ...(await timeBoth(
          calls,
          (i) => fn(mine, i),
          (i) => fn(base, i),
        )),
      });
    };
    await measure('stats (a player, both variants, streaks, rank)', (s, i) =>
      s.playerStats(users[i]!.guild, users[i]!.user),
    );
    await measure('head-to-head (two players)', (s, i) => s.headToHead(pairs[i]!.guild, pairs[i]!.a, pairs[i]!.b));
    for (const period of ['week', 'month', 'all'] as LeaderboardPeriod[]) {
      for (const variant of ['olathe', 'balut', undefined] as const) {
        await measure(`leaderboard ${period}, ${variant ?? 'both'}`, (s, i) =>
          s.leaderboard(guilds[i]!, { period, variant, includeBots: true }),
        );
      }
    }
    // The board's read before 0009, for scale: every seat of the server's finished games in the window summed.
    const raw = new Database(baseFile, { readonly: true });
    const before = raw.prepare(
      `SELECT p.user_id, COUNT(*), SUM(p.won), AVG(p.final_score), MAX(p.final_score), SUM(p.olathes_thrown),
         SUM(p.olathes_scored), SUM(p.exact_prediction)
       FROM games g JOIN players p ON p.game_id = g.id
       WHERE g.guild_id = ? AND g.status = 'finished' AND g.finished_at >= ? GROUP BY 1`,
    );
    const monthAgo = Date.now() - 30 * 24 * 60 * 60 * 1000;
    const beforeMonth = (
      await timeBoth(
        guilds,
        (guild) => before.all(guild, monthAgo),
        () => 0,
      )
    ).mine;
    const beforeAll = (
      await timeBoth(
        guilds,
        (guild) => before.all(guild, 0),
        () => 0,
      )
    ).mine;
    raw.close();

    const width = Math.max(...rows.map((r) => r.label.length), 46);
    console.log(`\n${CALLS} calls each, varied players, pairs and guilds; ms`);
    console.log(
      `${'query'.padEnd(width)} | 0009 p50 |  p99   | without 0009 indexes p50 |  p99    | goal p99 ≤ ${GOAL_P99_MS}`,
    );
    for (const r of rows) {
      console.log(
        `${r.label.padEnd(width)} | ${fmt(r.mine.p50, 2).padStart(8)} | ${fmt(r.mine.p99, 2).padStart(6)} | ` +
          `${fmt(r.base.p50, 2).padStart(24)} | ${fmt(r.base.p99, 2).padStart(7)} | ${verdict(r.mine.p99 <= GOAL_P99_MS)}`,
      );
    }
    for (const [label, t] of [
      ['leaderboard month, both: the read before 0009', beforeMonth],
      ['leaderboard all, both: the read before 0009', beforeAll],
    ] as const) {
      console.log(
        `${label.padEnd(width)} |          |        | ${fmt(t.p50, 2).padStart(24)} | ${fmt(t.p99, 2).padStart(7)} | (0002's index)`,
      );
    }
    await mine.storage.close();
    await base.storage.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
