// The daily challenge's statements on PostgreSQL: the same methods and rows as the SQLite DailyStore. A result's
// ranks count the day's other results: SQLite's one writer put finishing attempts in a row, here a lock on the
// day does, so the second of two attempts finishing at once is ranked with the first one's score in view.
import type { BoardSqlRow, DailyResultRow, NewAttempt } from '../rows';
import type { DailyStore } from '../storage';
import type { Sql, Statement } from './pool';

const statement = (name: string, text: string): Statement => ({ name: `daily.${name}`, text });

const RANKED = `
  SELECT a.user_id AS "userId", p.name AS name, a.final_score AS final, a.raw_total AS raw, a.finished_at AS at,
    RANK() OVER (ORDER BY a.final_score DESC, a.raw_total DESC) AS rank
  FROM daily_attempts a JOIN players p ON p.game_id = a.game_id AND p.user_id = a.user_id
  WHERE a.day = $1 AND a.final_score IS NOT NULL AND ($2::text IS NULL OR a.guild_id = $2::text)`;

const RANK_OF = (scope: string) => `1 + (SELECT COUNT(*) FROM daily_attempts o
    WHERE o.day = daily_attempts.day AND o.final_score IS NOT NULL ${scope}
      AND (o.final_score > daily_attempts.final_score
        OR (o.final_score = daily_attempts.final_score AND o.raw_total > daily_attempts.raw_total)))`;
const COUNT_OF = (scope: string) =>
  `(SELECT COUNT(*) FROM daily_attempts o WHERE o.day = daily_attempts.day AND o.final_score IS NOT NULL ${scope})`;
const SAME_SERVER = 'AND o.guild_id = daily_attempts.guild_id';

const S = {
  attempt: statement('attempt', 'SELECT game_id FROM daily_attempts WHERE user_id = $1 AND day = $2'),
  insertAttempt: statement(
    'insert-attempt',
    `INSERT INTO daily_attempts (user_id, day, game_id, guild_id, started_at) VALUES ($1, $2, $3, $4, $5)`,
  ),
  // Held until the transaction ends; the key is the day's own (hashtext), in a class of its own (first argument).
  lockDay: statement(
    'lock-day',
    `SELECT pg_advisory_xact_lock(1869374565, hashtext(day)) FROM daily_attempts WHERE game_id = $1`,
  ),
  finish: statement(
    'finish',
    `UPDATE daily_attempts SET final_score = $2, raw_total = $3, finished_at = $4
     WHERE game_id = $1 AND final_score IS NULL`,
  ),
  rank: statement(
    'rank',
    `UPDATE daily_attempts SET rank_world = ${RANK_OF('')}, of_world = ${COUNT_OF('')},
       rank_server = ${RANK_OF(SAME_SERVER)}, of_server = ${COUNT_OF(SAME_SERVER)}
     WHERE game_id = $1`,
  ),
  result: statement(
    'result',
    `SELECT a.day, a.final_score AS final, a.raw_total AS raw, a.rank_server AS "rankServer", a.of_server AS "ofServer",
       a.rank_world AS "rankWorld", a.of_world AS "ofWorld", s.final_score AS "solverFinal", s.raw_total AS "solverRaw"
     FROM daily_attempts a LEFT JOIN daily_solver s ON s.day = a.day
     WHERE a.game_id = $1 AND a.final_score IS NOT NULL`,
  ),
  solver: statement('solver', 'SELECT final_score AS final, raw_total AS raw FROM daily_solver WHERE day = $1'),
  insertSolver: statement(
    'insert-solver',
    `INSERT INTO daily_solver (day, final_score, raw_total, computed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (day) DO NOTHING`,
  ),
  board: statement(
    'board',
    `SELECT rank, "userId", name, final, raw FROM (${RANKED}) ranked ORDER BY rank, at, "userId" LIMIT $3`,
  ),
  own: statement('own', `SELECT rank, "userId", name, final, raw FROM (${RANKED}) ranked WHERE "userId" = $3`),
  count: statement(
    'count',
    `SELECT COUNT(*) AS n FROM daily_attempts WHERE day = $1 AND final_score IS NOT NULL
       AND ($2::text IS NULL OR guild_id = $2::text)`,
  ),
};

export class PostgresDailyStore implements DailyStore {
  constructor(private readonly db: Sql) {}

  async attempt(userId: string, day: string): Promise<number | null> {
    return (await this.db.rows<{ game_id: number }>(S.attempt, [userId, day]))[0]?.game_id ?? null;
  }
  async insertAttempt(a: NewAttempt): Promise<void> {
    await this.db.run(S.insertAttempt, [a.user_id, a.day, a.game_id, a.guild_id, a.started_at]);
  }
  /** As SQLite's: writes the result once, then the attempt's ranks; false when it is not a daily game. */
  async finish(gameId: number, result: { final: number; raw: number; at: number }): Promise<boolean> {
    return this.db.transaction(async (sql) => {
      await sql.rows(S.lockDay, [gameId]);
      if ((await sql.run(S.finish, [gameId, result.final, result.raw, result.at])) === 0) return false;
      await sql.run(S.rank, [gameId]);
      return true;
    });
  }
  async result(gameId: number): Promise<DailyResultRow | null> {
    return (await this.db.rows<DailyResultRow>(S.result, [gameId]))[0] ?? null;
  }
  async solver(day: string): Promise<{ final: number; raw: number } | null> {
    return (await this.db.rows<{ final: number; raw: number }>(S.solver, [day]))[0] ?? null;
  }
  async saveSolver(day: string, score: { final: number; raw: number }, at: number): Promise<void> {
    await this.db.run(S.insertSolver, [day, score.final, score.raw, at]);
  }
  async board(day: string, guildId: string | null, limit: number): Promise<BoardSqlRow[]> {
    return this.db.rows<BoardSqlRow>(S.board, [day, guildId, limit]);
  }
  async own(day: string, guildId: string | null, userId: string): Promise<BoardSqlRow | null> {
    return (await this.db.rows<BoardSqlRow>(S.own, [day, guildId, userId]))[0] ?? null;
  }
  async count(day: string, guildId: string | null): Promise<number> {
    return (await this.db.rows<{ n: number }>(S.count, [day, guildId]))[0]!.n;
  }
}
