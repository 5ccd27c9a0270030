// The statistics' statements on PostgreSQL: the same methods and rows as the SQLite StatsStore. Differences of
// dialect: camelCase aliases are quoted (PostgreSQL folds them to lower case), a comparison is cast to a number
// before it is summed, GLOB/instr become a regular expression and strpos.
import type { Variant } from '../../game';
import type { HeadToHeadSqlRow, PlayerVariantSqlRow, TotalsSqlRow } from '../rows';
import { INCENTIVES, INCENTIVE_BITS } from '../rows';
import type { RatingWrite } from '../rating-rows';
import type { StatsStore } from '../storage';
import type { Sql, Statement } from './pool';
import { ratingValues, withRating } from './rating-statements';

const statement = (name: string, text: string): Statement => ({ name: `stats.${name}`, text });

// A computer player's id names its difficulty and then its seat; the totals count it as one player per difficulty.
const WHO = `CASE WHEN p.is_bot = 1 AND p.user_id ~ '^bot:.+:.+'
    THEN substr(p.user_id, 1, 3 + strpos(substr(p.user_id, 5), ':')) ELSE p.user_id END`;

const SUMS = `COUNT(*) AS games, SUM(p.won) AS wins, SUM(p.final_score) AS "totalFinal", MAX(p.final_score) AS "bestFinal",
  SUM(p.olathes_thrown) AS "olathesThrown", SUM(p.olathes_scored) AS "olathesScored",
  SUM(p.exact_prediction) AS "exactPredictions"`;

const OWN_SEATS = 'FROM players p WHERE p.user_id = $2 AND p.stats_guild_id = $1';

const S = {
  count: statement(
    'count',
    `UPDATE players SET stats_guild_id = g.guild_id, stats_variant = g.variant, stats_at = g.finished_at
     FROM games g
     WHERE players.game_id = $1 AND g.id = $1 AND g.status = 'finished' AND players.final_score IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM daily_attempts d WHERE d.game_id = g.id)`,
  ),
  // Two computer players of one difficulty share a key: summed here, since one INSERT may not update a row twice
  // (SQLite went row by row). Rows in key order, so two games finishing at once lock shared keys in one order.
  addTotals: statement(
    'add-totals',
    `INSERT INTO player_totals (guild_id, variant, user_id, is_bot, name, last_finished_at, games, wins, total_final,
       best_final, olathes_thrown, olathes_scored, exact_predictions)
     SELECT p.stats_guild_id, p.stats_variant, ${WHO}, MAX(p.is_bot), (array_agg(p.name ORDER BY p.seat DESC))[1],
       MAX(p.stats_at), COUNT(*), SUM(p.won), SUM(p.final_score), MAX(p.final_score), SUM(p.olathes_thrown),
       SUM(p.olathes_scored), SUM(p.exact_prediction)
     FROM players p WHERE p.game_id = $1 AND p.stats_guild_id IS NOT NULL
     GROUP BY 1, 2, 3 ORDER BY 3
     ON CONFLICT (guild_id, variant, user_id) DO UPDATE SET
       name = excluded.name, last_finished_at = excluded.last_finished_at,
       games = player_totals.games + excluded.games, wins = player_totals.wins + excluded.wins,
       total_final = player_totals.total_final + excluded.total_final,
       best_final = GREATEST(player_totals.best_final, excluded.best_final),
       olathes_thrown = player_totals.olathes_thrown + excluded.olathes_thrown,
       olathes_scored = player_totals.olathes_scored + excluded.olathes_scored,
       exact_predictions = player_totals.exact_predictions + excluded.exact_predictions`,
  ),
  totals: statement(
    'totals',
    `SELECT user_id AS "userId", variant, is_bot AS "isBot", name, last_finished_at AS "lastFinishedAt", games, wins,
       total_final AS "totalFinal", best_final AS "bestFinal", olathes_thrown AS "olathesThrown",
       olathes_scored AS "olathesScored", exact_predictions AS "exactPredictions"
     FROM player_totals
     WHERE guild_id = $1 AND ($2::text IS NULL OR variant = $2::text) AND (is_bot = 0 OR $3::int = 1)`,
  ),
  window: statement(
    'window',
    `SELECT ${WHO} AS "userId", p.stats_variant AS variant, MAX(p.is_bot) AS "isBot", ${SUMS}
     FROM players p
     WHERE p.stats_guild_id = $1 AND p.stats_at >= $2
       AND ($3::text IS NULL OR p.stats_variant = $3::text) AND (p.is_bot = 0 OR $4::int = 1)
     GROUP BY 1, 2`,
  ),
  names: statement(
    'names',
    `SELECT user_id AS "userId", name, last_finished_at AS "lastFinishedAt" FROM player_totals WHERE guild_id = $1`,
  ),
  playerVariants: statement(
    'player-variants',
    `SELECT p.stats_variant AS variant, ${SUMS},
       ${INCENTIVES.map((name) => `SUM(((p.incentives_met & ${INCENTIVE_BITS[name]}) > 0)::int) AS ${name}`).join(', ')},
       MIN(p.stats_at) AS "firstFinishedAt"
     ${OWN_SEATS} GROUP BY p.stats_variant`,
  ),
  playerWins: statement('player-wins', `SELECT p.won ${OWN_SEATS} ORDER BY p.stats_at, p.game_id`),
  headToHead: statement(
    'head-to-head',
    `SELECT p.stats_variant AS variant, COUNT(*) AS games, SUM((p.place < b.place)::int) AS "aAhead",
       SUM((p.place > b.place)::int) AS "bAhead", SUM(p.won) AS "aWins", SUM(b.won) AS "bWins"
     FROM players p JOIN players b ON b.user_id = $3 AND b.stats_guild_id = p.stats_guild_id
       AND b.stats_at = p.stats_at AND b.game_id = p.game_id
     WHERE p.user_id = $2 AND p.stats_guild_id = $1
     GROUP BY p.stats_variant`,
  ),
};

// The totals' insert with a rated game's write before it: rating a game's end adds no round trip.
const ADD_TOTALS_RATED = withRating('add-totals-rated', S.addTotals.text);

export class PostgresStatsStore implements StatsStore {
  constructor(private readonly db: Sql) {}

  async countGame(gameId: number, rated?: RatingWrite | null): Promise<void> {
    await this.db.run(S.count, [gameId]);
    if (!rated) await this.db.run(S.addTotals, [gameId]);
    else if (rated.gameId !== gameId) throw new Error('a rating write of another game');
    else await this.db.run(ADD_TOTALS_RATED, ratingValues(rated));
  }
  async totals(guild: string, variant: Variant | null, bots: boolean): Promise<TotalsSqlRow[]> {
    return this.db.rows<TotalsSqlRow>(S.totals, [guild, variant, bots ? 1 : 0]);
  }
  async window(
    guild: string,
    since: number,
    variant: Variant | null,
    bots: boolean,
  ): Promise<Omit<TotalsSqlRow, 'name' | 'lastFinishedAt'>[]> {
    return this.db.rows(S.window, [guild, since, variant, bots ? 1 : 0]);
  }
  async names(guild: string): Promise<Array<{ userId: string; name: string; lastFinishedAt: number }>> {
    return this.db.rows(S.names, [guild]);
  }
  async playerVariants(guild: string, user: string): Promise<PlayerVariantSqlRow[]> {
    return this.db.rows<PlayerVariantSqlRow>(S.playerVariants, [guild, user]);
  }
  async playerWins(guild: string, user: string): Promise<number[]> {
    return (await this.db.rows<{ won: number }>(S.playerWins, [guild, user])).map((r) => r.won);
  }
  async headToHead(guild: string, user: string, other: string): Promise<HeadToHeadSqlRow[]> {
    return this.db.rows<HeadToHeadSqlRow>(S.headToHead, [guild, user, other]);
  }
}
