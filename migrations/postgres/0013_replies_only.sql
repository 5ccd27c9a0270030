-- PostgreSQL's twin of migrations/sqlite/0013_replies_only.sql.
ALTER TABLE games ADD COLUMN replies_only INTEGER NOT NULL DEFAULT 0 CHECK (replies_only IN (0, 1));
