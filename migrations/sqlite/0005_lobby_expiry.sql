-- A lobby says what happened to it: who handed it on, and why it closed without a game.

-- Why a lobby closed without a game: the host cancelled it, nobody started it in time, or everyone left.
-- NULL for games that started, and for lobbies cancelled before this version (shown as cancelled).
ALTER TABLE games ADD COLUMN closed_reason TEXT CHECK (closed_reason IN ('cancelled', 'expired', 'empty'));
-- The name of the host who last left an open lobby, handing it to the next player; the lobby says so.
ALTER TABLE games ADD COLUMN host_left TEXT;

-- A lobby's next_deadline is when it expires, run by the same clock as turn deadlines. Lobbies opened before
-- this version had none and would hold their channel forever: they get the default 30 minutes from their
-- opening (so an old one closes at the bot's first tick).
UPDATE games SET next_deadline = created_at + 1800000 WHERE status = 'lobby' AND next_deadline IS NULL;
