-- PostgreSQL's twin of migrations/sqlite/0008_daily_challenge.sql. SQLite's GLOB check on the day becomes the
-- anchored regular expression that accepts exactly the same strings.
CREATE TABLE daily_attempts (
  user_id       TEXT    NOT NULL,
  day           TEXT    NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  game_id       BIGINT  NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
  guild_id      TEXT    NOT NULL,
  started_at    BIGINT  NOT NULL,
  finished_at   BIGINT,
  final_score   INTEGER,
  raw_total     INTEGER,
  rank_server   INTEGER,
  of_server     INTEGER,
  rank_world    INTEGER,
  of_world      INTEGER,
  PRIMARY KEY (user_id, day)
);
CREATE INDEX daily_attempts_world ON daily_attempts (day, final_score DESC, raw_total DESC)
  WHERE final_score IS NOT NULL;
CREATE INDEX daily_attempts_server ON daily_attempts (day, guild_id, final_score DESC, raw_total DESC)
  WHERE final_score IS NOT NULL;

CREATE TABLE daily_solver (
  day         TEXT    PRIMARY KEY,
  final_score INTEGER NOT NULL,
  raw_total   INTEGER NOT NULL,
  computed_at BIGINT  NOT NULL
);
