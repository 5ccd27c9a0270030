// Every SQL statement of the daily challenge: the attempts (one per player per day, its key refuses a second),
// their results and ranks, the boards, and the expert solver's score per day. Ranks are competition ranks
// ("1, 2, 2, 4"), the rule of src/service/ranking.ts, by final points, then raw total (RULES.md decides a winner
// the same way): equal on both share a rank. They are computed here in SQL (RANK(), or one plus the number of
// better results) because a day's world board can hold far more results than it shows.
import type Database from 'better-sqlite3';
import type { BoardSqlRow, DailyResultRow, NewAttempt } from '../rows';
import type { DailyStore } from '../storage';
import type { Sync } from './sync';

// The finished attempts of one day, in the world (@guild NULL) or one server, each with its rank there.
const RANKED = `
  SELECT a.user_id AS userId, p.name AS name, a.final_score AS final, a.raw_total AS raw, a.finished_at AS at,
    RANK() OVER (ORDER BY a.final_score DESC, a.raw_total DESC) AS rank
  FROM daily_attempts a JOIN players p ON p.game_id = a.game_id AND p.user_id = a.user_id
  WHERE a.day = @day AND a.final_score IS NOT NULL AND (@guild IS NULL OR a.guild_id = @guild)`;

// How an attempt ranks among the finished ones of its day (its own included), in the world or its server.
const RANK_OF = (scope: string) => `1 + (SELECT COUNT(*) FROM daily_attempts o
    WHERE o.day = daily_attempts.day AND o.final_score IS NOT NULL ${scope}
      AND (o.final_score > daily_attempts.final_score
        OR (o.final_score = daily_attempts.final_score AND o.raw_total > daily_attempts.raw_total)))`;
const COUNT_OF = (scope: string) =>
  `(SELECT COUNT(*) FROM daily_attempts o WHERE o.day = daily_attempts.day AND o.final_score IS NOT NULL ${scope})`;
const SAME_SERVER = 'AND o.guild_id = daily_attempts.guild_id';

export class SqliteDailyStore implements Sync<DailyStore> {
  private readonly s;

  constructor(db: Database.Database) {
    const p = <R = unknown>(sql: string) => db.prepare<unknown[], R>(sql);
    this.s = {
      attempt: p<{ game_id: number }>('SELECT game_id FROM daily_attempts WHERE user_id = ? AND day = ?'),
      insertAttempt: p(
        `INSERT INTO daily_attempts (user_id, day, game_id, guild_id, started_at)
         VALUES (@user_id, @day, @game_id, @guild_id, @started_at)`,
      ),
      finish: p(
        `UPDATE daily_attempts SET final_score = @final, raw_total = @raw, finished_at = @at
         WHERE game_id = @game AND final_score IS NULL`,
      ),
      rank: p(
        `UPDATE daily_attempts SET rank_world = ${RANK_OF('')}, of_world = ${COUNT_OF('')},
           rank_server = ${RANK_OF(SAME_SERVER)}, of_server = ${COUNT_OF(SAME_SERVER)}
         WHERE game_id = ?`,
      ),
      result: p<DailyResultRow>(
        `SELECT a.day, a.final_score AS final, a.raw_total AS raw, a.rank_server AS rankServer, a.of_server AS ofServer,
           a.rank_world AS rankWorld, a.of_world AS ofWorld, s.final_score AS solverFinal, s.raw_total AS solverRaw
         FROM daily_attempts a LEFT JOIN daily_solver s ON s.day = a.day
         WHERE a.game_id = ? AND a.final_score IS NOT NULL`,
      ),
      solver: p<{ final: number; raw: number }>(
        'SELECT final_score AS final, raw_total AS raw FROM daily_solver WHERE day = ?',
      ),
      insertSolver: p(
        `INSERT INTO daily_solver (day, final_score, raw_total, computed_at) VALUES (@day, @final, @raw, @at)
         ON CONFLICT (day) DO NOTHING`,
      ),
      board: p<BoardSqlRow>(
        `SELECT rank, userId, name, final, raw FROM (${RANKED}) ORDER BY rank, at, userId LIMIT @limit`,
      ),
      own: p<BoardSqlRow>(`SELECT rank, userId, name, final, raw FROM (${RANKED}) WHERE userId = @user`),
      count: p<{ n: number }>(
        `SELECT COUNT(*) AS n FROM daily_attempts WHERE day = @day AND final_score IS NOT NULL
           AND (@guild IS NULL OR guild_id = @guild)`,
      ),
    };
  }

  /** The game of a player's attempt on a day; null when they have not played that day. */
  attempt(userId: string, day: string): number | null {
    return this.s.attempt.get(userId, day)?.game_id ?? null;
  }
  insertAttempt(attempt: NewAttempt): void {
    this.s.insertAttempt.run(attempt);
  }
  /** Writes the result once, then the attempt's ranks among the day's results so far; false: not a daily game. */
  finish(gameId: number, result: { final: number; raw: number; at: number }): boolean {
    if (this.s.finish.run({ game: gameId, ...result }).changes === 0) return false;
    this.s.rank.run(gameId);
    return true;
  }
  result(gameId: number): DailyResultRow | null {
    return this.s.result.get(gameId) ?? null;
  }
  solver(day: string): { final: number; raw: number } | null {
    return this.s.solver.get(day) ?? null;
  }
  /** Keeps the first computation: every process computes the same score. */
  saveSolver(day: string, score: { final: number; raw: number }, at: number): void {
    this.s.insertSolver.run({ day, ...score, at });
  }
  board(day: string, guildId: string | null, limit: number): BoardSqlRow[] {
    return this.s.board.all({ day, guild: guildId, limit });
  }
  own(day: string, guildId: string | null, userId: string): BoardSqlRow | null {
    return this.s.own.get({ day, guild: guildId, user: userId }) ?? null;
  }
  count(day: string, guildId: string | null): number {
    return this.s.count.get({ day, guild: guildId })!.n;
  }
}
