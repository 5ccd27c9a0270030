// The game store's statements on PostgreSQL (./game-store.ts), each prepared once per connection by its name. Where
// the dialect differs from SQLite's the comment says why the SQL does.
import type { Statement } from './pool';

const statement = (name: string, text: string): Statement => ({ name: `games.${name}`, text });

// Discord's formula, (guild_id >> 22) % shard_count, on numeric ids only: SQLite casts anything else to 0, which
// PostgreSQL's cast would refuse, failing the whole query (the playground's and tests' ids are not snowflakes).
const OWN_GUILD = (table: string, count: string, id: string) =>
  `(CASE WHEN ${table}.guild_id ~ '^[0-9]{1,19}$'
     THEN CASE WHEN ${table}.guild_id::numeric < 9223372036854775808 THEN (${table}.guild_id::bigint >> 22) % ${count} ELSE 0 END
     ELSE 0 END) = ${id}`;

const GAME_COLUMNS = `g.id, g.guild_id, g.channel_id, g.variant, g.options, g.turn_timeout_ms, g.status, g.host_id, g.created_at,
  g.started_at, g.finished_at, g.rev, g.version, CASE WHEN g.rev = $2 THEN NULL ELSE g.state END, g.deadlines, g.next_deadline,
  g.messages, g.thread_mode, g.play_channel_id, g.channel_gone, g.shown, g.closed_reason, g.host_left, g.locale, g.rematch_of,
  g.replies_only`;

export const S = {
  // json_agg gives NULL for no rows where SQLite's json_group_array gives '[]'; pg parses json columns itself.
  gameWithPlayers: statement(
    'load',
    `SELECT ${GAME_COLUMNS},
       (SELECT day FROM daily_attempts WHERE game_id = g.id), g.tournament_id,
       COALESCE((SELECT json_agg(json_build_array(seat, user_id, name, is_bot, prediction, left_reason) ORDER BY seat)
         FROM players WHERE game_id = g.id), '[]'::json)
     FROM games g WHERE g.id = $1`,
  ),
  // As SQLite's: a tournament's tables are found by their threads only.
  openInChannel: statement(
    'open-in-channel',
    `SELECT id FROM games WHERE channel_id = $1 AND status IN ('lobby', 'playing') AND tournament_id IS NULL
     UNION ALL SELECT id FROM games WHERE play_channel_id = $1 AND status IN ('lobby', 'playing') LIMIT 1`,
  ),
  lastFinishedOf: statement(
    'last-finished-of',
    `SELECT g.id FROM players p JOIN games g ON g.id = p.game_id
     WHERE p.user_id = $1 AND g.guild_id = $2 AND g.status IN ('finished', 'ended')
     ORDER BY g.finished_at DESC, g.id DESC LIMIT 1`,
  ),
  insertGame: statement(
    'insert',
    `INSERT INTO games (guild_id, channel_id, variant, options, turn_timeout_ms, status, host_id, created_at, thread_mode,
       next_deadline, locale, rematch_of, replies_only, tournament_id, tournament_round, tournament_table)
     VALUES ($1, $2, $3, $4, $5, 'lobby', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
  ),
  insertPlayer: statement(
    'insert-player',
    `INSERT INTO players (game_id, seat, user_id, name, is_bot, joined_at) VALUES ($1, $2, $3, $4, $5, $6)`,
  ),
  deletePlayer: statement('delete-player', 'DELETE FROM players WHERE game_id = $1 AND seat = $2'),
  moveSeat: statement('move-seat', 'UPDATE players SET seat = $1 WHERE game_id = $2 AND seat = $3'),
  setPrediction: statement('set-prediction', 'UPDATE players SET prediction = $1 WHERE game_id = $2 AND seat = $3'),
  setLeft: statement('set-left', 'UPDATE players SET left_reason = $1, left_at = $2 WHERE game_id = $3 AND seat = $4'),
  setResult: statement(
    'set-result',
    `UPDATE players SET final_score = $3, raw_total = $4, place = $5, won = $6, olathes_thrown = $7,
       olathes_scored = $8, exact_prediction = $9, incentives_met = $10
     WHERE game_id = $1 AND seat = $2`,
  ),
  insertEvent: statement(
    'insert-event',
    `INSERT INTO events (game_id, seq, at, type, seat, dice, holds, five, col, category, written, score, die, count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
  ),
  events: statement(
    'events',
    'SELECT seq, type, seat, dice, col, category, die, count FROM events WHERE game_id = $1 ORDER BY seq',
  ),
  fivesBySeat: statement(
    'fives-by-seat',
    'SELECT seat, COUNT(*) AS n FROM events WHERE game_id = $1 AND five = 1 GROUP BY seat',
  ),
  // The JSON columns are TEXT (see migrations/postgres/0001): edited as jsonb, stored back as text.
  setShown: statement(
    'set-shown',
    `UPDATE games SET
       messages = CASE WHEN $3::text IS NULL THEN (messages::jsonb - $2::text)::text
         ELSE jsonb_set(messages::jsonb, ARRAY[$2::text], to_jsonb($3::text))::text END,
       shown = CASE WHEN $4::text IS NULL THEN (shown::jsonb - $2::text)::text
         ELSE jsonb_set(shown::jsonb, ARRAY[$2::text], to_jsonb($4::text))::text END
     WHERE id = $1`,
  ),
  forgetDigest: statement('forget-digest', `UPDATE games SET shown = (shown::jsonb - $2::text)::text WHERE id = $1`),
  lastWrites: statement(
    'last-writes',
    `SELECT seat, type, col, category, written, score FROM events
     WHERE game_id = $1 AND seq IN (SELECT MAX(seq) FROM events WHERE game_id = $1 AND type IN ('write', 'timeout')
       AND written IS NOT NULL GROUP BY seat)`,
  ),
  setPlayChannel: statement(
    'set-play-channel',
    'UPDATE games SET play_channel_id = $1 WHERE id = $2 AND play_channel_id IS NULL',
  ),
  toReconcile: statement(
    'to-reconcile',
    `SELECT id FROM games WHERE status = 'playing' AND channel_gone = 0 AND ${OWN_GUILD('games', '$2', '$3')}
     UNION SELECT id FROM games WHERE status IN ('finished', 'ended') AND channel_gone = 0 AND finished_at >= $1
       AND ((messages::jsonb -> 'results') IS NULL OR EXISTS (SELECT 1 FROM outbox o WHERE o.game_id = games.id))
       AND ${OWN_GUILD('games', '$2', '$3')}
     UNION SELECT DISTINCT o.game_id FROM outbox o JOIN games g ON g.id = o.game_id
       WHERE g.channel_gone = 0 AND ${OWN_GUILD('g', '$2', '$3')}
     UNION SELECT id FROM games WHERE status IN ('finished', 'ended', 'cancelled') AND finished_at >= $1
       AND (messages::jsonb -> 'lobby') IS NOT NULL AND (shown::jsonb -> 'lobby') IS NULL
       AND ${OWN_GUILD('games', '$2', '$3')}
     UNION SELECT id FROM games WHERE status = 'lobby' AND rematch_of IS NOT NULL
       AND (messages::jsonb -> 'lobby') IS NULL AND ${OWN_GUILD('games', '$2', '$3')}`,
  ),
  rematchOf: statement('rematch-of', 'SELECT id FROM games WHERE rematch_of = $1'),
  detachRematch: statement(
    'detach-rematch',
    "UPDATE games SET rematch_of = NULL WHERE id = $1 AND status = 'cancelled'",
  ),
  openGames: statement('open', `SELECT id FROM games WHERE status IN ('lobby', 'playing') ORDER BY id`),
  dueGames: statement(
    'due',
    `SELECT id FROM games WHERE next_deadline <= $1 AND ${OWN_GUILD('games', '$2', '$3')} ORDER BY next_deadline, id`,
  ),
  nextDeadline: statement(
    'next-deadline',
    `SELECT LEAST(
       (SELECT MIN(next_deadline) FROM games WHERE next_deadline IS NOT NULL AND ${OWN_GUILD('games', '$1', '$2')}),
       (SELECT MIN(next_deadline) FROM tournaments
         WHERE next_deadline IS NOT NULL AND ${OWN_GUILD('tournaments', '$1', '$2')})) AS t`,
  ),
};
