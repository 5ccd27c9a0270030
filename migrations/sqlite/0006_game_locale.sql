-- The language a game's channel messages are written in: the guild's preferred locale when the lobby opened,
-- kept with the game so every redraw (after a restart too) reads the same. Games before this were English.
ALTER TABLE games ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
