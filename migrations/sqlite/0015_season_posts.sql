-- The season's podium (docs/RATINGS.md): where a server wants it posted, and each post decided once.

-- The text channel of the server where the podium of each season that ends is posted; NULL: none. Since when it
-- has been set (off to on): a server that sets it during a month gets its first podium at the next month's start.
ALTER TABLE guild_settings ADD COLUMN announce_channel_id TEXT;
ALTER TABLE guild_settings ADD COLUMN announce_since INTEGER;

-- One row per server and season whose podium was decided: inserted once (its key), with the podium as it stood
-- then, in the transaction that read it; delivered_at is set once Discord has the message (message_id) or the
-- post was given up (message_id NULL). The rows still to deliver are this table's outbox.
CREATE TABLE season_posts (
  guild_id     TEXT    NOT NULL,
  season       TEXT    NOT NULL, -- the season that ended, e.g. '2026-12'
  channel_id   TEXT    NOT NULL,
  podium       TEXT    NOT NULL, -- JSON, see src/service/season-posts.ts
  decided_at   INTEGER NOT NULL,
  failures     INTEGER NOT NULL DEFAULT 0, -- refused deliveries so far
  message_id   TEXT,
  delivered_at INTEGER,
  PRIMARY KEY (guild_id, season)
);
CREATE INDEX season_posts_pending ON season_posts (decided_at) WHERE delivered_at IS NULL;
