-- GET /healthz proves the database takes a write by making one here: a row per bot process (its gateway
-- shard, 0 without shards), holding when that process last checked.
CREATE TABLE health (
  shard      INTEGER PRIMARY KEY,
  checked_at INTEGER NOT NULL
);
