-- Whether each gateway shard's last holder let go cleanly, so a new holder waits the fence only when the last
-- one may still be on the gateway (src/cluster/shard-holders.ts; written on PostgreSQL only, by the process
-- holding the shard's lock). SQLite runs on one host and never writes it; the table is here so both engines
-- keep one schema.
CREATE TABLE shard_holders (
  shard      INTEGER PRIMARY KEY CHECK (shard >= 0),
  state      TEXT    NOT NULL CHECK (state IN ('holding', 'released')),
  changed_at INTEGER NOT NULL
);
