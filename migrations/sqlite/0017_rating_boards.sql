-- The leaderboard by rating's reads over a server of 100,000 people (docs/RATINGS.md), kept by a rated game's
-- end beside guild_ratings, in the same transaction: each server's count of rated people, so "#14 of 52" counts
-- nobody, and each season's board, so ranking a season reads the first rows of one index instead of every
-- rated game of the season.
CREATE TABLE guild_rating_counts (
  guild_id TEXT    NOT NULL,
  variant  TEXT    NOT NULL CHECK (variant IN ('olathe', 'balut')),
  people   INTEGER NOT NULL, -- its rows in guild_ratings
  PRIMARY KEY (guild_id, variant)
);
INSERT INTO guild_rating_counts (guild_id, variant, people)
SELECT guild_id, variant, COUNT(*) FROM guild_ratings GROUP BY guild_id, variant;

-- A server's people of a season: the rating their last rated game of it left them with and their rated games
-- of it, both wherever they played them (a person's rows in every server of the season are updated together).
CREATE TABLE guild_season_ratings (
  guild_id TEXT    NOT NULL,
  variant  TEXT    NOT NULL CHECK (variant IN ('olathe', 'balut')),
  season   TEXT    NOT NULL,
  user_id  TEXT    NOT NULL,
  rating   INTEGER NOT NULL,
  games    INTEGER NOT NULL,
  ended_at INTEGER NOT NULL, -- when that last game ended
  PRIMARY KEY (guild_id, variant, season, user_id)
);
CREATE INDEX guild_season_ratings_board ON guild_season_ratings (guild_id, variant, season, rating DESC, user_id);
CREATE INDEX guild_season_ratings_by_user ON guild_season_ratings (user_id, variant, season);

-- The seasons so far, from the history.
INSERT INTO guild_season_ratings (guild_id, variant, season, user_id, rating, games, ended_at)
SELECT p.guild_id, p.variant, p.season, p.user_id, l.rating_after, l.games, l.ended_at
FROM (SELECT DISTINCT guild_id, variant, season, user_id FROM rating_history) p
JOIN (
  SELECT user_id, variant, season, rating_after, ended_at, games FROM (
    SELECT user_id, variant, season, rating_after, ended_at,
      COUNT(*) OVER (PARTITION BY user_id, variant, season) AS games,
      ROW_NUMBER() OVER (PARTITION BY user_id, variant, season ORDER BY ended_at DESC, game_id DESC) AS n
    FROM rating_history
  ) x WHERE n = 1
) l ON l.user_id = p.user_id AND l.variant = p.variant AND l.season = p.season;
