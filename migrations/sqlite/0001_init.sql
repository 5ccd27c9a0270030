-- The first schema: games, their seats, and every event of every game. Enough to rebuild any game
-- (replay the events over the seats), to show it (the snapshot on the game row), and to compute statistics.

-- One row per game, from lobby to end. `state` is the engine's GameState as JSON after the latest event,
-- so a click loads one row instead of replaying; `rev` is bumped by every change of the row and is the
-- optimistic-concurrency check (UPDATE … WHERE rev = ?) that makes a racing second writer fail cleanly.
CREATE TABLE games (
  id              INTEGER PRIMARY KEY,
  guild_id        TEXT    NOT NULL,
  channel_id      TEXT    NOT NULL,
  variant         TEXT    NOT NULL CHECK (variant IN ('olathe', 'balut')),
  options         TEXT    NOT NULL,            -- GameOptions as JSON
  turn_timeout_ms INTEGER NOT NULL CHECK (turn_timeout_ms > 0),
  status          TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'ended', 'cancelled')),
  host_id         TEXT    NOT NULL,
  created_at      INTEGER NOT NULL,            -- ms since the epoch, like every time here
  started_at      INTEGER,
  finished_at     INTEGER,                     -- set when the game finishes, ends or is cancelled
  rev             INTEGER NOT NULL DEFAULT 0,
  version         INTEGER NOT NULL DEFAULT 0,  -- engine state.version: the seq of the latest event
  state           TEXT,                        -- engine GameState as JSON; NULL in the lobby
  deadlines       TEXT    NOT NULL DEFAULT '{}', -- seat → ms deadline of the turn that seat is in
  next_deadline   INTEGER,                     -- the earliest of `deadlines`, NULL when none
  messages        TEXT    NOT NULL DEFAULT '{}'  -- Discord message ids by key ('lobby', 'turn:0', …)
);

-- One open game (lobby or in play) per channel, enforced by the database so two racing /start fail cleanly.
CREATE UNIQUE INDEX games_open_in_channel ON games (channel_id) WHERE status IN ('lobby', 'playing');
-- The turn clock asks for the earliest deadline and for every game past it.
CREATE INDEX games_next_deadline ON games (next_deadline) WHERE next_deadline IS NOT NULL;

-- The seats of a game. In the lobby seats follow the join order; they are fixed at start.
-- The result columns are written once, when the game finishes or ends.
CREATE TABLE players (
  game_id          INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat             INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 7),
  user_id          TEXT    NOT NULL,
  name             TEXT    NOT NULL,
  is_bot           INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
  joined_at        INTEGER NOT NULL,
  prediction       INTEGER,
  left_reason      TEXT CHECK (left_reason IN ('quit', 'removed')), -- removed: three timed-out turns in a row
  left_at          INTEGER,
  final_score      INTEGER,
  raw_total        INTEGER,
  place            INTEGER,
  won              INTEGER CHECK (won IN (0, 1)),
  olathes_thrown   INTEGER,  -- throws that showed five of a kind
  olathes_scored   INTEGER,  -- non-zero Olathe (Balut) cells on the card
  exact_prediction INTEGER CHECK (exact_prediction IN (0, 1)),
  PRIMARY KEY (game_id, seat),
  UNIQUE (game_id, user_id)
) WITHOUT ROWID;

-- Every engine event, in order. seq = the engine's state.version after the event, so two writers that
-- both try to add the event after version v collide on the primary key and only one can commit.
-- The typed columns make throws and written cells queryable; the engine event is rebuilt from them.
CREATE TABLE events (
  game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seq      INTEGER NOT NULL CHECK (seq >= 1),
  at       INTEGER NOT NULL,
  type     TEXT    NOT NULL CHECK (type IN ('predict', 'declare', 'hold', 'throw', 'write', 'timeout', 'leave', 'end')),
  seat     INTEGER,            -- NULL only for 'end'
  dice     TEXT,               -- the throw's five dice as JSON (throw; a timeout that had to throw)
  holds    TEXT,               -- which dice were held through that throw, JSON booleans (throw)
  five     INTEGER NOT NULL DEFAULT 0 CHECK (five IN (0, 1)), -- the throw showed five of a kind
  col      INTEGER,            -- declared column (declare), written cell's column (write, timeout)
  category TEXT,               -- written cell's category (write, timeout)
  written  TEXT,               -- the dice written into that cell, JSON
  score    INTEGER,            -- that cell's score
  die      INTEGER,            -- the die toggled (hold)
  count    INTEGER,            -- the prediction (predict)
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
