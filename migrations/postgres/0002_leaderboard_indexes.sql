-- PostgreSQL's twin of migrations/sqlite/0002_leaderboard_indexes.sql.
CREATE INDEX games_guild_finished ON games (guild_id, status, finished_at);
CREATE INDEX players_user ON players (user_id, game_id);
