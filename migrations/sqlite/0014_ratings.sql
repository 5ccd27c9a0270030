-- Ratings (docs/RATINGS.md): OpenSkill's μ and σ per person and variant, wherever they play, updated in the
-- transaction that ends a rated game. DOUBLE PRECISION on both engines: what a game's end computed is what is
-- read back, to the last bit.
CREATE TABLE ratings (
  user_id    TEXT             NOT NULL,
  variant    TEXT             NOT NULL CHECK (variant IN ('olathe', 'balut')),
  mu         DOUBLE PRECISION NOT NULL,
  sigma      DOUBLE PRECISION NOT NULL,
  games      INTEGER          NOT NULL, -- rated games
  rating     INTEGER          NOT NULL, -- the shown number, 1500 + c·(μ − 3σ)
  best       INTEGER          NOT NULL, -- the best shown number reached
  season     TEXT             NOT NULL, -- the UTC month of the latest rated game, e.g. '2026-12'
  updated_at INTEGER          NOT NULL,
  PRIMARY KEY (user_id, variant)
);

-- Each rated game's change for each person: before (after a season's soft reset) and after.
CREATE TABLE rating_history (
  game_id       INTEGER          NOT NULL,
  user_id       TEXT             NOT NULL,
  variant       TEXT             NOT NULL CHECK (variant IN ('olathe', 'balut')),
  guild_id      TEXT             NOT NULL,
  season        TEXT             NOT NULL,
  ended_at      INTEGER          NOT NULL,
  mu_before     DOUBLE PRECISION NOT NULL,
  sigma_before  DOUBLE PRECISION NOT NULL,
  mu_after      DOUBLE PRECISION NOT NULL,
  sigma_after   DOUBLE PRECISION NOT NULL,
  rating_before INTEGER          NOT NULL,
  rating_after  INTEGER          NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
-- A person's games in order (the stats chart), and a season's people and their last game in it.
CREATE INDEX rating_history_by_user ON rating_history (user_id, variant, season, ended_at);
CREATE INDEX rating_history_by_guild ON rating_history (guild_id, variant, season, user_id);

-- The leaderboard by rating: a server's people (those who played a rated game there) with their rating
-- copied in, so ranking 100,000 of them reads the first rows of one index. A person's rows in every server
-- are updated with their rating (a handful of servers each).
CREATE TABLE guild_ratings (
  guild_id    TEXT    NOT NULL,
  variant     TEXT    NOT NULL CHECK (variant IN ('olathe', 'balut')),
  user_id     TEXT    NOT NULL,
  name        TEXT    NOT NULL, -- the name in their latest rated game there
  rating      INTEGER NOT NULL,
  provisional INTEGER NOT NULL CHECK (provisional IN (0, 1)),
  PRIMARY KEY (guild_id, variant, user_id)
);
CREATE INDEX guild_ratings_board ON guild_ratings (guild_id, variant, rating DESC, user_id);
CREATE INDEX guild_ratings_by_user ON guild_ratings (user_id, variant);

-- Games that ended before ratings existed, rated once at start-up in the order they ended
-- (src/db/rating-backlog.ts): each game's rating and its removal from here commit together.
CREATE TABLE rating_backlog (
  game_id     INTEGER NOT NULL PRIMARY KEY,
  finished_at INTEGER NOT NULL
);
CREATE INDEX rating_backlog_order ON rating_backlog (finished_at, game_id);
INSERT INTO rating_backlog (game_id, finished_at)
SELECT id, finished_at FROM games WHERE status IN ('finished', 'ended') AND finished_at IS NOT NULL;
