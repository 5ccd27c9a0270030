-- The one row that says what every host of a bot on PostgreSQL must agree on (src/cluster/cluster-row.ts):
-- the total number of gateway shards, and a fingerprint of the daily challenge's secret (a keyed hash, never
-- the secret). SQLite runs on one host and never writes it; the table is here so both engines keep one schema.
CREATE TABLE cluster (
  id                 INTEGER PRIMARY KEY CHECK (id = 1),
  shard_count        INTEGER NOT NULL CHECK (shard_count >= 1),
  secret_fingerprint TEXT    NOT NULL,
  created_at         INTEGER NOT NULL
);
