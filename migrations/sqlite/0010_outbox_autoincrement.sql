-- Outbox ids that are never handed out twice. Delivered rows are deleted, and without AUTOINCREMENT SQLite
-- gave a new row the id of one just delivered once the outbox had emptied: a delivery of the old row still
-- finishing (its channelWorkDone(id)) would delete the new one unsent, and the shouts' nonces, then made
-- from these ids, named two shouts (they now come from the game's event sequence, see workNonce in
-- src/discord/channel-view.ts). The table is made again with the same columns and checks, rows and ids kept.
CREATE TABLE outbox_new (
  id      INTEGER PRIMARY KEY AUTOINCREMENT,
  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  kind    TEXT    NOT NULL CHECK (kind IN ('shout', 'log')),
  data    TEXT    NOT NULL, -- JSON, see src/service/channel-work.ts
  at      INTEGER NOT NULL
);
INSERT INTO outbox_new (id, game_id, kind, data, at) SELECT id, game_id, kind, data, at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_by_game ON outbox (game_id, id);
