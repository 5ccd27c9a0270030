-- Tournaments (club nights, docs/TOURNAMENTS.md): one row each, its pure state (src/tournament) as JSON, changed
-- only by writes guarded by `rev` like a game's. Each table of a round is an ordinary game that names its
-- tournament, round and table, inserted in the transaction that starts the round.
CREATE TABLE tournaments (
  id            INTEGER PRIMARY KEY,
  guild_id      TEXT    NOT NULL,
  channel_id    TEXT    NOT NULL,             -- where its sign-up, standings and podium are posted
  host_id       TEXT    NOT NULL,
  status        TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
  state         TEXT    NOT NULL,             -- TournamentState as JSON; `status` is its status
  names         TEXT    NOT NULL DEFAULT '{}', -- display names by user id, as each person had when they joined
  rev           INTEGER NOT NULL DEFAULT 0,
  next_deadline INTEGER,                      -- the start time in sign-up; a retry time when one is needed
  locale        TEXT    NOT NULL DEFAULT 'en',
  created_at    INTEGER NOT NULL,
  finished_at   INTEGER,                      -- set when it finishes or is cancelled
  closed_reason TEXT CHECK (closed_reason IN ('cancelled', 'too-few-players')),
  messages      TEXT    NOT NULL DEFAULT '{}', -- Discord message ids by key ('signup', 'standings', 'podium')
  shown         TEXT    NOT NULL DEFAULT '{}', -- digests of what each of them last showed
  event_id      TEXT,                         -- the server's Discord scheduled event, once made
  event_shown   TEXT,                         -- what that event was last seen to be
  event_problem TEXT CHECK (event_problem IN ('no-permission'))
);
-- One open tournament per channel, decided by the database, so two racing creates fail cleanly.
CREATE UNIQUE INDEX tournaments_open_in_channel ON tournaments (channel_id) WHERE status IN ('signup', 'running');
-- The turn clock starts a tournament at its start time.
CREATE INDEX tournaments_next_deadline ON tournaments (next_deadline) WHERE next_deadline IS NOT NULL;
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, created_at);

-- A table's game: its tournament, round and table; a table's game can never be made twice.
ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
ALTER TABLE games ADD COLUMN tournament_round INTEGER;
ALTER TABLE games ADD COLUMN tournament_table INTEGER;
CREATE UNIQUE INDEX games_tournament_table ON games (tournament_id, tournament_round, tournament_table)
  WHERE tournament_id IS NOT NULL;

-- Every table of a round plays in the tournament's channel at once: one open game per channel counts the others.
DROP INDEX games_open_in_channel;
CREATE UNIQUE INDEX games_open_in_channel ON games (channel_id)
  WHERE status IN ('lobby', 'playing') AND tournament_id IS NULL;
