-- PostgreSQL's twin of migrations/sqlite/0009_stats_indexes.sql.
--
-- SQLite's migration back-fills incentives_met, the stats_* columns and player_totals from the games already
-- over, with SQLite-only SQL (TOTAL, json_array_length on a path, GLOB, instr). None of it is here: a
-- PostgreSQL database starts empty, or is copied from a SQLite database already at the latest version, whose
-- rows carry these values, so there is never a row from before this migration to fill in.
ALTER TABLE players ADD COLUMN incentives_met INTEGER;

ALTER TABLE players ADD COLUMN stats_guild_id TEXT;
ALTER TABLE players ADD COLUMN stats_variant TEXT CHECK (stats_variant IN ('olathe', 'balut'));
ALTER TABLE players ADD COLUMN stats_at BIGINT;

CREATE INDEX players_stats_by_user ON players (user_id, stats_guild_id, stats_at, game_id, stats_variant, won, place,
  final_score, olathes_thrown, olathes_scored, exact_prediction, incentives_met) WHERE stats_guild_id IS NOT NULL;
CREATE INDEX players_stats_by_guild ON players (stats_guild_id, stats_at, stats_variant, user_id, is_bot, won,
  final_score, olathes_thrown, olathes_scored, exact_prediction) WHERE stats_guild_id IS NOT NULL;

-- Sums over every game a player finished in a server: total_final is BIGINT so it cannot overflow.
CREATE TABLE player_totals (
  guild_id          TEXT    NOT NULL,
  variant           TEXT    NOT NULL CHECK (variant IN ('olathe', 'balut')),
  user_id           TEXT    NOT NULL,
  is_bot            INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
  name              TEXT    NOT NULL,
  last_finished_at  BIGINT  NOT NULL,
  games             INTEGER NOT NULL,
  wins              INTEGER NOT NULL,
  total_final       BIGINT  NOT NULL,
  best_final        INTEGER NOT NULL,
  olathes_thrown    INTEGER NOT NULL,
  olathes_scored    INTEGER NOT NULL,
  exact_predictions INTEGER NOT NULL,
  PRIMARY KEY (guild_id, variant, user_id)
);
