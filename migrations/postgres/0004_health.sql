-- PostgreSQL's twin of migrations/sqlite/0004_health.sql. The shard is always given, never generated.
CREATE TABLE health (
  shard      INTEGER PRIMARY KEY,
  checked_at BIGINT  NOT NULL
);
