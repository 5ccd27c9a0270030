-- PostgreSQL's twin of migrations/sqlite/0007_rematch.sql (no ON DELETE here either, as in SQLite).
ALTER TABLE games ADD COLUMN rematch_of BIGINT REFERENCES games (id);
CREATE UNIQUE INDEX games_rematch_of ON games (rematch_of) WHERE rematch_of IS NOT NULL;
