-- PostgreSQL's twin of migrations/sqlite/0012_shard_holders.sql: whether each gateway shard's last holder let
-- go cleanly (src/cluster/shard-holders.ts). Written only on the lock connection of the process that holds
-- the shard's advisory lock: 'holding' when it takes the lock, 'released' when it lets go after its gateway
-- is closed. A new holder waits the fence only when it finds 'holding' (the last holder may still be live).
CREATE TABLE shard_holders (
  shard      INTEGER PRIMARY KEY CHECK (shard >= 0),
  state      TEXT    NOT NULL CHECK (state IN ('holding', 'released')),
  changed_at BIGINT  NOT NULL
);

-- A bot that already ran shards before this table existed: its holders never wrote a row, and one of them may
-- still be on the gateway, so every shard starts as 'holding' and its next holder waits the fence once. A new
-- bot has no cluster row yet (the first host writes it after migrating): nothing to mark.
INSERT INTO shard_holders (shard, state, changed_at)
SELECT shard, 'holding', (EXTRACT(EPOCH FROM now()) * 1000)::BIGINT
FROM cluster, generate_series(0, cluster.shard_count - 1) AS shard;
