-- Statistics: /olathe stats, head-to-head and the leaderboard by period and variant, each answered from an
-- index or a small table instead of a pass over every seat of a server's games (see bench/queries.bench.ts).

-- The category incentives a card met (RULES.md "End of game"), as bits: 1 Fours, 2 Fives, 4 Sixes,
-- 8 Straight, 16 House, 32 Choice (the Olathe incentive is olathes_scored). Written with the other results.
ALTER TABLE players ADD COLUMN incentives_met INTEGER;

-- Games over before this version: worked out from their written cells, which the events keep with their
-- scores. Exactly what the scoring gives: a total incentive is 4·total ≥ threshold·N on a card of N
-- columns; a Straight or House incentive is every one of the N cells of that row non-zero.
UPDATE players SET incentives_met = (
  SELECT (CASE WHEN 4 * TOTAL(CASE WHEN e.category = 'fours' THEN e.score END) >= 52 * n.columns THEN 1 ELSE 0 END)
       | (CASE WHEN 4 * TOTAL(CASE WHEN e.category = 'fives' THEN e.score END) >= 65 * n.columns THEN 2 ELSE 0 END)
       | (CASE WHEN 4 * TOTAL(CASE WHEN e.category = 'sixes' THEN e.score END) >= 78 * n.columns THEN 4 ELSE 0 END)
       | (CASE WHEN TOTAL(e.category = 'straight' AND e.score > 0) = n.columns THEN 8 ELSE 0 END)
       | (CASE WHEN TOTAL(e.category = 'house' AND e.score > 0) = n.columns THEN 16 ELSE 0 END)
       | (CASE WHEN 4 * TOTAL(CASE WHEN e.category = 'choice' THEN e.score END) >= 100 * n.columns THEN 32 ELSE 0 END)
  FROM (SELECT json_array_length(g.options, '$.columns') AS columns FROM games g WHERE g.id = players.game_id) AS n
    LEFT JOIN events e ON e.game_id = players.game_id AND e.seat = players.seat
      AND e.type IN ('write', 'timeout') AND e.category IS NOT NULL
)
WHERE final_score IS NOT NULL;

-- Where a seat counts in the statistics: its game's server, variant and end, copied onto the seat when the
-- game finishes and counts (finished with every card full, and not a daily challenge, which has its own
-- board); NULL otherwise. A player's record and a server's week or month are then read from one index each,
-- never from the wide game rows.
ALTER TABLE players ADD COLUMN stats_guild_id TEXT;
ALTER TABLE players ADD COLUMN stats_variant TEXT CHECK (stats_variant IN ('olathe', 'balut'));
ALTER TABLE players ADD COLUMN stats_at INTEGER;
UPDATE players SET stats_guild_id = g.guild_id, stats_variant = g.variant, stats_at = g.finished_at
FROM games g
WHERE g.id = players.game_id AND g.status = 'finished' AND players.final_score IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM daily_attempts d WHERE d.game_id = g.id);

-- A player's seats in a server, in the order the games finished: stats, streaks, head-to-head.
CREATE INDEX players_stats_by_user ON players (user_id, stats_guild_id, stats_at, game_id, stats_variant, won, place,
  final_score, olathes_thrown, olathes_scored, exact_prediction, incentives_met) WHERE stats_guild_id IS NOT NULL;
-- A server's seats by when their games finished: the leaderboard of the last week or month.
CREATE INDEX players_stats_by_guild ON players (stats_guild_id, stats_at, stats_variant, user_id, is_bot, won,
  final_score, olathes_thrown, olathes_scored, exact_prediction) WHERE stats_guild_id IS NOT NULL;

-- The all-time leaderboard, kept up to date: one row per server, variant and player (a computer player
-- counted as its difficulty, `bot:<difficulty>`), added to in the transaction that finishes a game. Summing a
-- big server's every seat at each /olathe leaderboard took far longer than a reply may (see the README).
-- The daily challenge's solo games have their own board and count in neither.
CREATE TABLE player_totals (
  guild_id          TEXT    NOT NULL,
  variant           TEXT    NOT NULL CHECK (variant IN ('olathe', 'balut')),
  user_id           TEXT    NOT NULL,
  is_bot            INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
  name              TEXT    NOT NULL, -- the name in the latest game counted
  last_finished_at  INTEGER NOT NULL,
  games             INTEGER NOT NULL,
  wins              INTEGER NOT NULL,
  total_final       INTEGER NOT NULL,
  best_final        INTEGER NOT NULL,
  olathes_thrown    INTEGER NOT NULL,
  olathes_scored    INTEGER NOT NULL,
  exact_predictions INTEGER NOT NULL,
  PRIMARY KEY (guild_id, variant, user_id)
) WITHOUT ROWID;

INSERT INTO player_totals
SELECT stats_guild_id, stats_variant, who, MAX(is_bot), latest_name, MAX(stats_at), COUNT(*), SUM(won),
  SUM(final_score), MAX(final_score), SUM(olathes_thrown), SUM(olathes_scored), SUM(exact_prediction)
FROM (
  -- The name each one had in their latest game.
  SELECT *, FIRST_VALUE(name) OVER (PARTITION BY stats_guild_id, stats_variant, who
    ORDER BY stats_at DESC, game_id DESC, seat DESC) AS latest_name
  FROM (
    SELECT p.*, CASE WHEN p.is_bot = 1 AND p.user_id GLOB 'bot:?*:?*'
      THEN substr(p.user_id, 1, 3 + instr(substr(p.user_id, 5), ':')) ELSE p.user_id END AS who
    FROM players p WHERE p.stats_guild_id IS NOT NULL
  )
)
GROUP BY stats_guild_id, stats_variant, who;
