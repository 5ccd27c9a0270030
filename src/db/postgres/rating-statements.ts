// The ratings' statements on PostgreSQL (migrations 0014 and 0017). A rated game's write is one statement: its people
// come as arrays (unnest), and data-modifying WITHs write the ratings, the history and the boards together.
import type { RatingWrite } from '../rating-rows';
import type { Statement } from './pool';

const statement = (name: string, text: string): Statement => ({ name: `ratings.${name}`, text });

/** People's ratings as read (the columns PersonRating has), the variant and the user ids at $n and $n+1. */
const current = (n: number) => `SELECT user_id AS "userId", mu, sigma, games, best, season FROM ratings
  WHERE variant = $${n} AND user_id = ANY($${n + 1}::text[]) ORDER BY user_id`;

/**
 * The write's WITHs: $1 the game, $2 its server, $3 the variant, $4 the season, $5 when it ended, then one
 * array per column of the people (ratingValues' order). Locks follow user id order, as `current`'s do. Every
 * WITH reads the tables as they were before the statement: a person new to the server's board is one without
 * a row there yet, and the season's games are those stored plus this one.
 */
const RECORD_WITHS = `input AS (
    SELECT * FROM unnest($6::text[], $7::text[], $8::boolean[], $9::float8[], $10::float8[], $11::int[], $12::int[],
      $13::int[], $14::text[], $15::int[], $16::float8[], $17::float8[], $18::int[])
      AS i(user_id, name, first, mu, sigma, games, rating, best, season, provisional, mu_before, sigma_before,
        rating_before)
  ), inserted AS (
    INSERT INTO ratings (user_id, variant, mu, sigma, games, rating, best, season, updated_at)
    SELECT user_id, $3::text, mu, sigma, games, rating, best, season, $5::bigint FROM input WHERE first ORDER BY user_id
  ), updated AS (
    UPDATE ratings r SET mu = i.mu, sigma = i.sigma, games = i.games, rating = i.rating, best = i.best,
      season = i.season, updated_at = $5::bigint
    FROM input i WHERE NOT i.first AND r.user_id = i.user_id AND r.variant = $3::text
  ), history AS (
    INSERT INTO rating_history (game_id, user_id, variant, guild_id, season, ended_at, mu_before, sigma_before,
      mu_after, sigma_after, rating_before, rating_after)
    SELECT $1::bigint, user_id, $3::text, $2::text, $4::text, $5::bigint, mu_before, sigma_before, mu, sigma,
      rating_before, rating FROM input
  ), board AS (
    INSERT INTO guild_ratings (guild_id, variant, user_id, name, rating, provisional)
    SELECT $2::text, $3::text, user_id, name, rating, provisional FROM input ORDER BY user_id
    ON CONFLICT (guild_id, variant, user_id) DO UPDATE SET
      name = excluded.name, rating = excluded.rating, provisional = excluded.provisional
  ), elsewhere AS (
    UPDATE guild_ratings g SET rating = i.rating, provisional = i.provisional
    FROM input i WHERE g.user_id = i.user_id AND g.variant = $3::text AND g.guild_id <> $2::text
  ), counted AS (
    INSERT INTO guild_rating_counts (guild_id, variant, people)
    SELECT $2::text, $3::text, COUNT(*) FROM input i WHERE NOT EXISTS (SELECT 1 FROM guild_ratings g
      WHERE g.guild_id = $2::text AND g.variant = $3::text AND g.user_id = i.user_id) HAVING COUNT(*) > 0
    ON CONFLICT (guild_id, variant) DO UPDATE SET people = guild_rating_counts.people + excluded.people
  ), season_games AS (
    SELECT user_id, rating, 1 + (SELECT COUNT(*) FROM rating_history h
      WHERE h.user_id = i.user_id AND h.variant = $3::text AND h.season = $4::text) AS games FROM input i
  ), season_board AS (
    INSERT INTO guild_season_ratings (guild_id, variant, season, user_id, rating, games, ended_at)
    SELECT $2::text, $3::text, $4::text, user_id, rating, games, $5::bigint FROM season_games ORDER BY user_id
    ON CONFLICT (guild_id, variant, season, user_id) DO UPDATE SET
      rating = excluded.rating, games = excluded.games, ended_at = excluded.ended_at
  ), season_elsewhere AS (
    UPDATE guild_season_ratings s SET rating = g.rating, games = g.games, ended_at = $5::bigint
    FROM season_games g
    WHERE s.user_id = g.user_id AND s.variant = $3::text AND s.season = $4::text AND s.guild_id <> $2::text
  )`;

/** The values of a rating write, in RECORD_WITHS' order. */
export function ratingValues(w: RatingWrite): unknown[] {
  const column = <T>(f: (p: RatingWrite['people'][number]) => T) => w.people.map(f);
  return [
    w.gameId,
    w.guildId,
    w.variant,
    w.season,
    w.endedAt,
    column((p) => p.userId),
    column((p) => p.name),
    column((p) => p.first),
    column((p) => p.stored.mu),
    column((p) => p.stored.sigma),
    column((p) => p.stored.games),
    column((p) => p.rating),
    column((p) => p.stored.best),
    column((p) => p.stored.season),
    column((p) => (p.provisional ? 1 : 0)),
    column((p) => p.muBefore),
    column((p) => p.sigmaBefore),
    column((p) => p.ratingBefore),
  ];
}

/** `insert` (a statement whose $1 is the game) with the rating write's WITHs before it: one round trip. */
export function withRating(name: string, insert: string): Statement {
  return statement(name, `WITH ${RECORD_WITHS} ${insert}`);
}

const BOARD_COLUMNS = `user_id AS "userId", name, rating, provisional = 1 AS provisional`;

export const R = {
  current: statement('current', current(1)),
  // Locked in user id order: two games' ends sharing people wait for each other in one order, never in a cycle.
  currentLocked: statement('current-locked', `${current(1)} FOR UPDATE`),
  endReads: statement(
    'end-reads',
    `WITH locked AS (${current(2)} FOR UPDATE)
     SELECT (SELECT json_agg(json_build_array(seat, n)) FROM (
               SELECT seat, COUNT(*) AS n FROM events WHERE game_id = $1 AND five = 1 GROUP BY seat) f) AS fives,
            (SELECT json_agg(locked) FROM locked) AS ratings`,
  ),
  record: withRating('record', 'SELECT 1'),
  board: statement(
    'board',
    `SELECT ${BOARD_COLUMNS} FROM guild_ratings WHERE guild_id = $1 AND variant = $2
     ORDER BY rating DESC, user_id LIMIT $3 OFFSET $4`,
  ),
  standing: statement(
    'standing',
    `SELECT ${BOARD_COLUMNS},
       (SELECT COUNT(*) FROM guild_ratings a WHERE a.guild_id = $1 AND a.variant = $2 AND a.rating > o.rating) + 1
         AS rank,
       COALESCE((SELECT people FROM guild_rating_counts c WHERE c.guild_id = $1 AND c.variant = $2), 0) AS "of"
     FROM guild_ratings o WHERE guild_id = $1 AND variant = $2 AND user_id = $3`,
  ),
  history: statement(
    'history',
    `SELECT game_id AS "gameId", guild_id AS "guildId", season, ended_at AS "endedAt",
       rating_before AS "ratingBefore", rating_after AS "ratingAfter", mu_after AS mu, sigma_after AS sigma
     FROM rating_history WHERE user_id = $1 AND variant = $2 ORDER BY ended_at DESC, game_id DESC LIMIT $3`,
  ),
  // As SQLite's: each of the game's people with their rows up to it, in the order the games ended.
  ofGame: statement(
    'of-game',
    `SELECT "userId", season, "muBefore", "sigmaBefore", "ratingBefore", mu, sigma, "ratingAfter", games, best,
       "previousSeason", "previousRating" FROM (
       SELECT e.game_id AS "gameId", e.user_id AS "userId", e.season, e.mu_before AS "muBefore",
         e.sigma_before AS "sigmaBefore", e.rating_before AS "ratingBefore", e.mu_after AS mu, e.sigma_after AS sigma,
         e.rating_after AS "ratingAfter", COUNT(*) OVER w AS games, MAX(e.rating_after) OVER w AS best,
         LAG(e.season) OVER w AS "previousSeason", LAG(e.rating_after) OVER w AS "previousRating"
       FROM rating_history g JOIN rating_history e ON e.user_id = g.user_id AND e.variant = g.variant
         AND (e.ended_at < g.ended_at OR (e.ended_at = g.ended_at AND e.game_id <= g.game_id))
       WHERE g.game_id = $1
       WINDOW w AS (PARTITION BY e.user_id ORDER BY e.ended_at, e.game_id)
     ) x WHERE "gameId" = $1 ORDER BY "userId"`,
  ),
  season: statement(
    'season',
    `SELECT user_id AS "userId", rating, games, ended_at AS "endedAt" FROM guild_season_ratings
     WHERE guild_id = $1 AND variant = $2 AND season = $3 ORDER BY rating DESC, user_id LIMIT $4`,
  ),
  // 'olat', 14: a key no other lock of the bot uses (the migrations' is 'olat', 1: 0x6f6c6174).
  backlogLock: statement('backlog-lock', 'SELECT pg_advisory_xact_lock(1869373812, 14)'),
  takeBacklog: statement(
    'take-backlog',
    `WITH taken AS (
       DELETE FROM rating_backlog WHERE game_id IN (
         SELECT game_id FROM rating_backlog ORDER BY finished_at, game_id LIMIT $1)
       RETURNING game_id, finished_at)
     SELECT t.game_id AS "gameId", t.finished_at AS "finishedAt", g.guild_id AS "guildId", g.variant, g.status,
       COALESCE((SELECT json_agg(json_build_object('seat', p.seat, 'userId', p.user_id, 'name', p.name,
           'isBot', p.is_bot = 1, 'place', p.place, 'left', p.left_reason IS NOT NULL) ORDER BY p.seat)
         FROM players p WHERE p.game_id = t.game_id), '[]'::json) AS seats
     FROM taken t LEFT JOIN games g ON g.id = t.game_id ORDER BY t.finished_at, t.game_id`,
  ),
};
