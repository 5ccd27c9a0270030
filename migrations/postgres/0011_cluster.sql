-- PostgreSQL's twin of migrations/sqlite/0011_cluster.sql: the one row every host of the bot checks at start
-- (the shard count, the daily secret's fingerprint) and the first host writes.
CREATE TABLE cluster (
  id                 INTEGER PRIMARY KEY CHECK (id = 1),
  shard_count        INTEGER NOT NULL CHECK (shard_count >= 1),
  secret_fingerprint TEXT    NOT NULL,
  created_at         BIGINT  NOT NULL
);
