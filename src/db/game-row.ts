// A game as both engines read and write it: the row of gameWithPlayers (the GameRow columns in declaration order,
// then the seats) made into values, and which columns a save may write and how. The engines differ only in
// their SQL and in how the seats arrive (SQLite: JSON text; PostgreSQL: already parsed).
import type { GameOptions, GameState } from '../game';
import type { ClosedReason, Deadlines, GameChanges, GameRow, GameStatusColumn, LeftReason, PlayerRow } from './rows';

/** One seat as gameWithPlayers reads it: seat, user_id, name, is_bot, prediction, left_reason. */
export type SeatTuple = [number, string, string, 0 | 1, number | null, LeftReason | null];

/** gameWithPlayers' raw row (GameRow's columns, then the seats); the state is null when the reader already holds it (see WrittenStates). */
export type GameRowTuple<Seats> = [
  number,
  string,
  string,
  GameRow['variant'],
  string,
  number,
  GameStatusColumn,
  string,
  number,
  number | null,
  number | null,
  number,
  number,
  string | null,
  string,
  number | null,
  string,
  0 | 1,
  string | null,
  0 | 1,
  string,
  ClosedReason | null,
  string | null,
  string,
  number | null,
  0 | 1,
  string | null,
  number | null,
  Seats,
];

/** The row and seats of `f`; `known` is the state this process wrote at the row's revision, if it has one. */
export function gameFromTuple(
  f: GameRowTuple<unknown>,
  seats: readonly SeatTuple[],
  known: { rev: number; state: GameState } | undefined,
): { row: GameRow; players: PlayerRow[] } {
  const row: GameRow = {
    id: f[0],
    guild_id: f[1],
    channel_id: f[2],
    variant: f[3],
    options: JSON.parse(f[4]) as GameOptions,
    turn_timeout_ms: f[5],
    status: f[6],
    host_id: f[7],
    created_at: f[8],
    started_at: f[9],
    finished_at: f[10],
    rev: f[11],
    version: f[12],
    state: f[13] !== null ? (JSON.parse(f[13]) as GameState) : f[11] === known?.rev ? known.state : null,
    deadlines: JSON.parse(f[14]) as Deadlines,
    next_deadline: f[15],
    messages: JSON.parse(f[16]) as Record<string, string>,
    thread_mode: f[17],
    play_channel_id: f[18],
    channel_gone: f[19],
    shown: JSON.parse(f[20]) as Record<string, string>,
    closed_reason: f[21],
    host_left: f[22],
    locale: f[23],
    rematch_of: f[24],
    replies_only: f[25],
    daily_day: f[26],
    tournament_id: f[27],
  };
  const players = seats.map(([seat, user_id, name, is_bot, prediction, left_reason]) => ({
    seat,
    user_id,
    name,
    is_bot,
    prediction,
    left_reason,
  }));
  // The engines give them in seat order already; checked rather than sorted every time.
  for (let i = 1; i < players.length; i++) {
    if (players[i - 1]!.seat > players[i]!.seat) {
      players.sort((a, b) => a.seat - b.seat);
      break;
    }
  }
  return { row, players };
}

// The columns a save may write: also the guard that keeps anything else out of its SQL text.
const SAVABLE = new Set<keyof GameChanges>([
  'status',
  'host_id',
  'started_at',
  'finished_at',
  'version',
  'state',
  'deadlines',
  'next_deadline',
  'play_channel_id',
  'channel_gone',
  'closed_reason',
  'host_left',
]);
const JSON_COLUMNS = new Set<keyof GameChanges>(['state', 'deadlines']);

/** The columns of `changes` a save writes, in a fixed order (one statement per set), and their values. */
export function savedColumns(changes: Partial<GameChanges>): { columns: Array<keyof GameChanges>; values: unknown[] } {
  const columns = (Object.keys(changes) as Array<keyof GameChanges>).filter((c) => SAVABLE.has(c)).sort();
  const values = columns.map((c) =>
    JSON_COLUMNS.has(c) && changes[c] !== null ? JSON.stringify(changes[c]) : changes[c],
  );
  return { columns, values };
}
