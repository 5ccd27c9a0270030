-- The leaderboard reads a guild's finished games in a time window, then their seats; a player's own
-- history (/olathe card after a game) reads their seats across games.
CREATE INDEX games_guild_finished ON games (guild_id, status, finished_at);
CREATE INDEX players_user ON players (user_id, game_id);
