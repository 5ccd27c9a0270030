-- The channel as durable as the game: what an action means for the channel is saved with the action.

-- Where a game is played: a public thread started from its lobby message (thread_mode 1), or the channel
-- itself. play_channel_id stays NULL until the thread exists (the Publisher creates it after the start).
ALTER TABLE games ADD COLUMN thread_mode INTEGER NOT NULL DEFAULT 0 CHECK (thread_mode IN (0, 1));
ALTER TABLE games ADD COLUMN play_channel_id TEXT;
-- 1 once Discord said the channel (or thread) is gone or closed to the bot: nothing is retried there.
ALTER TABLE games ADD COLUMN channel_gone INTEGER NOT NULL DEFAULT 0 CHECK (channel_gone IN (0, 1));
-- Message key → digest of the body the message was last seen to show, so a reconcile edits only what differs.
ALTER TABLE games ADD COLUMN shown TEXT NOT NULL DEFAULT '{}';

-- Games that started before threads play in their channel.
UPDATE games SET play_channel_id = channel_id WHERE status <> 'lobby';

-- A thread's game is found from commands used inside the thread.
CREATE INDEX games_open_in_play_channel ON games (play_channel_id) WHERE status IN ('lobby', 'playing');

-- One-off channel work an action implies (a shout, an ended turn's log line), written in the action's own
-- transaction and deleted once Discord has it. Everything else the channel shows (turn messages, cards,
-- progress, results, the lobby summary) is rendered from the game row and compared with `shown`.
CREATE TABLE outbox (
  id      INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  kind    TEXT    NOT NULL CHECK (kind IN ('shout', 'log')),
  data    TEXT    NOT NULL, -- JSON, see src/service/channel-work.ts
  at      INTEGER NOT NULL
);
CREATE INDEX outbox_by_game ON outbox (game_id, id);

-- A server's choices: play each game in its own thread (default) or in the channel.
CREATE TABLE guild_settings (
  guild_id TEXT PRIMARY KEY,
  threads  INTEGER NOT NULL DEFAULT 1 CHECK (threads IN (0, 1))
) WITHOUT ROWID;
