-- PostgreSQL's twin of migrations/sqlite/0015_season_posts.sql.
ALTER TABLE guild_settings ADD COLUMN announce_channel_id TEXT;
ALTER TABLE guild_settings ADD COLUMN announce_since BIGINT;

CREATE TABLE season_posts (
  guild_id     TEXT    NOT NULL,
  season       TEXT    NOT NULL,
  channel_id   TEXT    NOT NULL,
  podium       TEXT    NOT NULL,
  decided_at   BIGINT  NOT NULL,
  failures     INTEGER NOT NULL DEFAULT 0,
  message_id   TEXT,
  delivered_at BIGINT,
  PRIMARY KEY (guild_id, season)
);
CREATE INDEX season_posts_pending ON season_posts (decided_at) WHERE delivered_at IS NULL;
