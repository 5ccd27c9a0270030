-- The daily challenge: one solo game a day per player, on dice that are the same for everyone that day.
-- The dice come from a server-side secret that is kept in the environment or a file beside this database,
-- never in it.

-- One row per player per day (UTC), written in the same transaction that starts their daily game: the key
-- is what refuses a second attempt. The result columns are written when the game is over (finished, or
-- abandoned: what the card has), with the player's rank at that moment, server and world.
CREATE TABLE daily_attempts (
  user_id       TEXT    NOT NULL,
  day           TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  game_id       INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
  guild_id      TEXT    NOT NULL,
  started_at    INTEGER NOT NULL,
  finished_at   INTEGER,
  final_score   INTEGER,
  raw_total     INTEGER,
  rank_server   INTEGER,
  of_server     INTEGER,  -- how many had finished that day in this server, the player included
  rank_world    INTEGER,
  of_world      INTEGER,
  PRIMARY KEY (user_id, day) -- unique: one attempt per player per day
) WITHOUT ROWID;
-- The boards: a day's finished attempts, best first, in the world and in one server.
CREATE INDEX daily_attempts_world ON daily_attempts (day, final_score DESC, raw_total DESC)
  WHERE final_score IS NOT NULL;
CREATE INDEX daily_attempts_server ON daily_attempts (day, guild_id, final_score DESC, raw_total DESC)
  WHERE final_score IS NOT NULL;

-- The expert solver's game on each day's dice, computed once (it is deterministic) and kept for the results.
CREATE TABLE daily_solver (
  day         TEXT    PRIMARY KEY,
  final_score INTEGER NOT NULL,
  raw_total   INTEGER NOT NULL,
  computed_at INTEGER NOT NULL
) WITHOUT ROWID;
