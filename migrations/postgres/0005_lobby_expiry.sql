-- PostgreSQL's twin of migrations/sqlite/0005_lobby_expiry.sql.
ALTER TABLE games ADD COLUMN closed_reason TEXT CHECK (closed_reason IN ('cancelled', 'expired', 'empty'));
ALTER TABLE games ADD COLUMN host_left TEXT;

-- The same back-fill as SQLite's (portable SQL); it finds no row on PostgreSQL (see 0003), kept to read alike.
UPDATE games SET next_deadline = created_at + 1800000 WHERE status = 'lobby' AND next_deadline IS NULL;
