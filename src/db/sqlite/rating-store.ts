// The ratings' statements on SQLite (migrations 0014 and 0017). Its one writer (BEGIN IMMEDIATE) already keeps
// two games' ends apart, so reading a person's rating needs no lock of its own.
import type Database from 'better-sqlite3';
import type { Variant } from '../../game';
import type { PersonRating } from '../../rating';
import type {
  BacklogGame,
  GameRatingRow,
  RatingBoardRow,
  RatingHistoryRow,
  RatingStanding,
  RatingWrite,
  SeasonRow,
} from '../rating-rows';
import type { RatingStore } from '../storage';
import type { Sync } from './sync';

type Row = PersonRating & { userId: string };
type BoardRow = Omit<RatingBoardRow, 'provisional'> & { provisional: 0 | 1 };

export class SqliteRatingStore implements Sync<RatingStore> {
  private readonly s;

  constructor(
    db: Database.Database,
    /** The game store's fivesBySeat, which a game's end reads with the ratings. */
    private readonly fives: (gameId: number) => Map<number, number>,
  ) {
    const p = <R = unknown>(sql: string) => db.prepare<unknown[], R>(sql);
    this.s = {
      current: p<Row>(
        `SELECT user_id AS userId, mu, sigma, games, best, season FROM ratings
         WHERE variant = ? AND user_id IN (SELECT value FROM json_each(?)) ORDER BY user_id`,
      ),
      insert: p(
        `INSERT INTO ratings (user_id, variant, mu, sigma, games, rating, best, season, updated_at)
         VALUES (@userId, @variant, @mu, @sigma, @games, @rating, @best, @season, @at)`,
      ),
      update: p(
        `UPDATE ratings SET mu = @mu, sigma = @sigma, games = @games, rating = @rating, best = @best, season = @season,
           updated_at = @at WHERE user_id = @userId AND variant = @variant`,
      ),
      history: p(
        `INSERT INTO rating_history (game_id, user_id, variant, guild_id, season, ended_at, mu_before, sigma_before,
           mu_after, sigma_after, rating_before, rating_after)
         VALUES (@gameId, @userId, @variant, @guildId, @season, @at, @muBefore, @sigmaBefore, @mu, @sigma,
           @ratingBefore, @rating)`,
      ),
      board: p(
        `INSERT INTO guild_ratings (guild_id, variant, user_id, name, rating, provisional)
         VALUES (@guildId, @variant, @userId, @name, @rating, @provisional)
         ON CONFLICT (guild_id, variant, user_id) DO UPDATE SET
           name = excluded.name, rating = excluded.rating, provisional = excluded.provisional`,
      ),
      elsewhere: p(
        `UPDATE guild_ratings SET rating = @rating, provisional = @provisional
         WHERE user_id = @userId AND variant = @variant AND guild_id <> @guildId`,
      ),
      // Before the board's row: a person new to the server's board adds one to its count.
      counted: p(
        `INSERT INTO guild_rating_counts (guild_id, variant, people)
         SELECT @guildId, @variant, 1 WHERE NOT EXISTS (
           SELECT 1 FROM guild_ratings WHERE guild_id = @guildId AND variant = @variant AND user_id = @userId)
         ON CONFLICT (guild_id, variant) DO UPDATE SET people = people + 1`,
      ),
      // After the history's row: the season's games, counted on rating_history_by_user, include this one.
      seasonBoard: p(
        `INSERT INTO guild_season_ratings (guild_id, variant, season, user_id, rating, games, ended_at)
         VALUES (@guildId, @variant, @season, @userId, @rating, (SELECT COUNT(*) FROM rating_history
           WHERE user_id = @userId AND variant = @variant AND season = @season), @at)
         ON CONFLICT (guild_id, variant, season, user_id) DO UPDATE SET
           rating = excluded.rating, games = excluded.games, ended_at = excluded.ended_at`,
      ),
      seasonElsewhere: p(
        `UPDATE guild_season_ratings SET rating = @rating, ended_at = @at, games = (SELECT games
           FROM guild_season_ratings WHERE guild_id = @guildId AND variant = @variant AND season = @season
             AND user_id = @userId)
         WHERE user_id = @userId AND variant = @variant AND season = @season AND guild_id <> @guildId`,
      ),
      top: p<BoardRow>(
        `SELECT user_id AS userId, name, rating, provisional FROM guild_ratings
         WHERE guild_id = ? AND variant = ? ORDER BY rating DESC, user_id LIMIT ? OFFSET ?`,
      ),
      own: p<BoardRow>(
        `SELECT user_id AS userId, name, rating, provisional FROM guild_ratings
         WHERE guild_id = ? AND variant = ? AND user_id = ?`,
      ),
      // Those above read guild_ratings_board's range alone; everyone is the count the ends keep.
      above: p<{ n: number }>(
        `SELECT COUNT(*) AS n FROM guild_ratings WHERE guild_id = ? AND variant = ? AND rating > ?`,
      ),
      count: p<{ n: number }>(`SELECT people AS n FROM guild_rating_counts WHERE guild_id = ? AND variant = ?`),
      historyOf: p<RatingHistoryRow>(
        `SELECT game_id AS gameId, guild_id AS guildId, season, ended_at AS endedAt, rating_before AS ratingBefore,
           rating_after AS ratingAfter, mu_after AS mu, sigma_after AS sigma
         FROM rating_history WHERE user_id = ? AND variant = ? ORDER BY ended_at DESC, game_id DESC LIMIT ?`,
      ),
      // A game's people (the primary key), each with their rows up to it (rating_history_by_user): the count,
      // the best and the game before are read in the order the games ended, as they were rated.
      ofGame: p<GameRatingRow>(
        `SELECT userId, season, muBefore, sigmaBefore, ratingBefore, mu, sigma, ratingAfter, games, best,
           previousSeason, previousRating FROM (
           SELECT e.game_id AS gameId, e.user_id AS userId, e.season, e.mu_before AS muBefore,
             e.sigma_before AS sigmaBefore, e.rating_before AS ratingBefore, e.mu_after AS mu, e.sigma_after AS sigma,
             e.rating_after AS ratingAfter, COUNT(*) OVER w AS games, MAX(e.rating_after) OVER w AS best,
             LAG(e.season) OVER w AS previousSeason, LAG(e.rating_after) OVER w AS previousRating
           FROM rating_history g JOIN rating_history e ON e.user_id = g.user_id AND e.variant = g.variant
             AND (e.ended_at < g.ended_at OR (e.ended_at = g.ended_at AND e.game_id <= g.game_id))
           WHERE g.game_id = @gameId
           WINDOW w AS (PARTITION BY e.user_id ORDER BY e.ended_at, e.game_id)
         ) WHERE gameId = @gameId ORDER BY userId`,
      ),
      // The first rows of guild_season_ratings_board.
      season: p<SeasonRow>(
        `SELECT user_id AS userId, rating, games, ended_at AS endedAt FROM guild_season_ratings
         WHERE guild_id = @guild AND variant = @variant AND season = @season
         ORDER BY rating DESC, user_id LIMIT @limit`,
      ),
      backlog: p<{
        gameId: number;
        finishedAt: number;
        guildId: string | null;
        variant: Variant | null;
        status: string | null;
      }>(
        `SELECT b.game_id AS gameId, b.finished_at AS finishedAt, g.guild_id AS guildId, g.variant, g.status
         FROM rating_backlog b LEFT JOIN games g ON g.id = b.game_id
         ORDER BY b.finished_at, b.game_id LIMIT ?`,
      ),
      seats: p<{ seat: number; userId: string; name: string; isBot: 0 | 1; place: number | null; left: 0 | 1 }>(
        `SELECT seat, user_id AS userId, name, is_bot AS isBot, place, left_reason IS NOT NULL AS "left"
         FROM players WHERE game_id = ? ORDER BY seat`,
      ),
      unlog: p(`DELETE FROM rating_backlog WHERE game_id = ?`),
    };
  }

  current(variant: Variant, users: readonly string[]): Map<string, PersonRating> {
    const rows = this.s.current.all(variant, JSON.stringify(users));
    return new Map(rows.map(({ userId, ...r }) => [userId, r]));
  }
  endReads(
    gameId: number,
    variant: Variant,
    users: readonly string[],
  ): { fives: Map<number, number>; ratings: Map<string, PersonRating> } {
    return { fives: this.fives(gameId), ratings: this.current(variant, users) };
  }
  record(w: RatingWrite): void {
    for (const p of w.people) {
      const row = { userId: p.userId, variant: w.variant, ...p.stored, rating: p.rating, at: w.endedAt };
      (p.first ? this.s.insert : this.s.update).run(row);
      this.s.history.run({
        gameId: w.gameId,
        userId: p.userId,
        variant: w.variant,
        guildId: w.guildId,
        season: w.season,
        at: w.endedAt,
        muBefore: p.muBefore,
        sigmaBefore: p.sigmaBefore,
        mu: p.stored.mu,
        sigma: p.stored.sigma,
        ratingBefore: p.ratingBefore,
        rating: p.rating,
      });
      const board = { guildId: w.guildId, variant: w.variant, userId: p.userId, rating: p.rating };
      this.s.counted.run(board);
      this.s.board.run({ ...board, name: p.name, provisional: p.provisional ? 1 : 0 });
      this.s.elsewhere.run({ ...board, provisional: p.provisional ? 1 : 0 });
      const season = { ...board, season: w.season, at: w.endedAt };
      this.s.seasonBoard.run(season);
      this.s.seasonElsewhere.run(season);
    }
  }
  board(guild: string, variant: Variant, limit: number, offset = 0): RatingBoardRow[] {
    return this.s.top.all(guild, variant, limit, offset).map((r) => ({ ...r, provisional: r.provisional === 1 }));
  }
  standing(guild: string, variant: Variant, user: string): RatingStanding | null {
    const own = this.s.own.get(guild, variant, user);
    if (!own) return null;
    const above = this.s.above.get(guild, variant, own.rating)!.n;
    const of = this.s.count.get(guild, variant)?.n ?? 0;
    return { ...own, provisional: own.provisional === 1, rank: above + 1, of };
  }
  history(user: string, variant: Variant, limit: number): RatingHistoryRow[] {
    return this.s.historyOf.all(user, variant, limit);
  }
  ofGame(gameId: number): GameRatingRow[] {
    return this.s.ofGame.all({ gameId });
  }
  season(guild: string, variant: Variant, season: string, limit: number): SeasonRow[] {
    return this.s.season.all({ guild, variant, season, limit });
  }
  takeBacklog(limit: number): BacklogGame[] {
    return this.s.backlog.all(limit).map((g) => {
      this.s.unlog.run(g.gameId);
      const seats = this.s.seats.all(g.gameId).map((s) => ({ ...s, isBot: s.isBot === 1, left: s.left === 1 }));
      return { ...g, seats };
    });
  }
}
