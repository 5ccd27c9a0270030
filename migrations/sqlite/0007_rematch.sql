-- A rematch: the game whose results' Rematch button opened this lobby. At most one rematch per game, decided
-- by the database, so two clicks (or two racing players) on the same Rematch button open one lobby, not two.
ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);
CREATE UNIQUE INDEX games_rematch_of ON games (rematch_of) WHERE rematch_of IS NOT NULL;
