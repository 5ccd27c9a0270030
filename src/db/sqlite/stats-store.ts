// Every SQL statement of the statistics: a player's record, two players' games together, and the leaderboard
// (all time from `player_totals`, kept up to date as games finish; the last week or month from the seats of
// that window). A game counts when it finished (every card full) and is not a daily challenge, which has its
// own board; its seats then carry the game's guild, variant and end (players.stats_*), so each read below is
// one of migration 0009's indexes and never the wide game rows.
import type Database from 'better-sqlite3';
import type { Variant } from '../../game';
import type { HeadToHeadSqlRow, PlayerVariantSqlRow, TotalsSqlRow } from '../rows';
import { INCENTIVES, INCENTIVE_BITS } from '../rows';
import type { RatingWrite } from '../rating-rows';
import type { StatsStore } from '../storage';
import type { Sync } from './sync';

// Who a leaderboard row is: a person's user id; a computer player's difficulty across games, so every
// `bot:expert:<k>` of every game counts as the one identity `bot:expert` (as migration 0009 counted them).
const WHO = `CASE WHEN p.is_bot = 1 AND p.user_id GLOB 'bot:?*:?*'
    THEN substr(p.user_id, 1, 3 + instr(substr(p.user_id, 5), ':')) ELSE p.user_id END`;

const SUMS = `COUNT(*) AS games, SUM(p.won) AS wins, SUM(p.final_score) AS totalFinal, MAX(p.final_score) AS bestFinal,
  SUM(p.olathes_thrown) AS olathesThrown, SUM(p.olathes_scored) AS olathesScored, SUM(p.exact_prediction) AS exactPredictions`;

// One user's counted seats in a guild, from players_stats_by_user alone, in the order their games finished.
const OWN_SEATS = 'FROM players p WHERE p.user_id = @user AND p.stats_guild_id = @guild';

export class SqliteStatsStore implements Sync<StatsStore> {
  private readonly s;

  constructor(
    db: Database.Database,
    /** The ratings' write, made with the count when a game's end is rated. */
    private readonly record: (write: RatingWrite) => void = () => {
      throw new Error('no rating store');
    },
  ) {
    const p = <R = unknown>(sql: string) => db.prepare<unknown[], R>(sql);
    this.s = {
      // Run in the transaction that finishes a game, after its results: its seats count (players.stats_*) when
      // it finished and is not a daily challenge, and join the all-time totals.
      count: p(
        `UPDATE players SET stats_guild_id = g.guild_id, stats_variant = g.variant, stats_at = g.finished_at
         FROM games g
         WHERE players.game_id = @game AND g.id = @game AND g.status = 'finished' AND players.final_score IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM daily_attempts d WHERE d.game_id = g.id)`,
      ),
      addTotals: p(
        `INSERT INTO player_totals (guild_id, variant, user_id, is_bot, name, last_finished_at, games, wins, total_final,
           best_final, olathes_thrown, olathes_scored, exact_predictions)
         SELECT p.stats_guild_id, p.stats_variant, ${WHO}, p.is_bot, p.name, p.stats_at, 1, p.won, p.final_score,
           p.final_score, p.olathes_thrown, p.olathes_scored, p.exact_prediction
         FROM players p WHERE p.game_id = @game AND p.stats_guild_id IS NOT NULL
         ON CONFLICT (guild_id, variant, user_id) DO UPDATE SET
           name = excluded.name, last_finished_at = excluded.last_finished_at, games = games + 1,
           wins = wins + excluded.wins, total_final = total_final + excluded.total_final,
           best_final = MAX(best_final, excluded.best_final), olathes_thrown = olathes_thrown + excluded.olathes_thrown,
           olathes_scored = olathes_scored + excluded.olathes_scored,
           exact_predictions = exact_predictions + excluded.exact_predictions`,
      ),
      totals: p<TotalsSqlRow>(
        `SELECT user_id AS userId, variant, is_bot AS isBot, name, last_finished_at AS lastFinishedAt, games, wins,
           total_final AS totalFinal, best_final AS bestFinal, olathes_thrown AS olathesThrown,
           olathes_scored AS olathesScored, exact_predictions AS exactPredictions
         FROM player_totals
         WHERE guild_id = @guild AND (@variant IS NULL OR variant = @variant) AND (is_bot = 0 OR @bots = 1)`,
      ),
      // A window's seats from players_stats_by_guild alone.
      window: p<Omit<TotalsSqlRow, 'name' | 'lastFinishedAt'>>(
        `SELECT ${WHO} AS userId, p.stats_variant AS variant, MAX(p.is_bot) AS isBot, ${SUMS}
         FROM players p
         WHERE p.stats_guild_id = @guild AND p.stats_at >= @since
           AND (@variant IS NULL OR p.stats_variant = @variant) AND (p.is_bot = 0 OR @bots = 1)
         GROUP BY 1, 2`,
      ),
      names: p<{ userId: string; name: string; lastFinishedAt: number }>(
        `SELECT user_id AS userId, name, last_finished_at AS lastFinishedAt FROM player_totals WHERE guild_id = ?`,
      ),
      playerVariants: p<PlayerVariantSqlRow>(
        `SELECT p.stats_variant AS variant, ${SUMS},
           ${INCENTIVES.map((name) => `SUM((p.incentives_met & ${INCENTIVE_BITS[name]}) > 0) AS ${name}`).join(', ')},
           MIN(p.stats_at) AS firstFinishedAt
         ${OWN_SEATS} GROUP BY p.stats_variant`,
      ),
      // Won (1) or not (0), game after game in the order they finished: the streaks.
      playerWins: db
        .prepare<{ user: string; guild: string }, number>(`SELECT p.won ${OWN_SEATS} ORDER BY p.stats_at, p.game_id`)
        .pluck(),
      // The other's seat in each of the user's games, found in players_stats_by_user by its whole key prefix.
      headToHead: p<HeadToHeadSqlRow>(
        `SELECT p.stats_variant AS variant, COUNT(*) AS games, SUM(p.place < b.place) AS aAhead,
           SUM(p.place > b.place) AS bAhead, SUM(p.won) AS aWins, SUM(b.won) AS bWins
         FROM players p CROSS JOIN players b ON b.user_id = @other AND b.stats_guild_id = p.stats_guild_id
           AND b.stats_at = p.stats_at AND b.game_id = p.game_id
         WHERE p.user_id = @user AND p.stats_guild_id = @guild
         GROUP BY p.stats_variant`,
      ),
    };
  }

  /** A game that just finished counts: its seats are marked and added to the all-time totals (if it counts). */
  countGame(gameId: number, rated?: RatingWrite | null): void {
    this.s.count.run({ game: gameId });
    this.s.addTotals.run({ game: gameId });
    if (rated) this.record(rated);
  }
  /** The all-time totals of a guild, one row per player and variant. */
  totals(guild: string, variant: Variant | null, bots: boolean): TotalsSqlRow[] {
    return this.s.totals.all({ guild, variant, bots: bots ? 1 : 0 });
  }
  /** Sums over the games that finished at or after `since`, one row per player and variant. */
  window(
    guild: string,
    since: number,
    variant: Variant | null,
    bots: boolean,
  ): Omit<TotalsSqlRow, 'name' | 'lastFinishedAt'>[] {
    return this.s.window.all({ guild, since, variant, bots: bots ? 1 : 0 });
  }
  /** Everyone's name in their latest counted game of the guild, by variant. */
  names(guild: string): Array<{ userId: string; name: string; lastFinishedAt: number }> {
    return this.s.names.all(guild);
  }
  playerVariants(guild: string, user: string): PlayerVariantSqlRow[] {
    return this.s.playerVariants.all({ guild, user });
  }
  playerWins(guild: string, user: string): number[] {
    return this.s.playerWins.all({ guild, user });
  }
  headToHead(guild: string, user: string, other: string): HeadToHeadSqlRow[] {
    return this.s.headToHead.all({ guild, user, other });
  }
}
