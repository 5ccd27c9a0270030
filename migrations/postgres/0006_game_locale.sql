-- PostgreSQL's twin of migrations/sqlite/0006_game_locale.sql.
ALTER TABLE games ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
