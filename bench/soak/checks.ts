// After a soak (soak.bench.ts), with the bot stopped: its database read directly, SQLite file or PostgreSQL,
// and every game checked. Each started game's events must be numbered 1…version without a gap, and replaying
// them must give exactly the state saved on the game's row (what GameService.replay checks); no cell of a seat
// may be written by two events (doubled); a finished game's every seat that stayed must have every cell; and
// every cell a person saw written (their write answered with the card, not refused) must be an event of
// theirs (else lost).
import { isDeepStrictEqual } from 'node:util';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import type { GameOptions, GameState } from '../../src/game';
import { replay } from '../../src/game';
import type { EventRow } from '../../src/db/event-rows';
import { eventFromRow } from '../../src/db/event-rows';
import type { WrittenCell } from './human';

export type Database = { path: string } | { url: string };

export interface CellCheck {
  /** Games by status. */
  statuses: Record<string, number>;
  events: number;
  /** Cells written, by the events. */
  cells: number;
  /** Cells people saw written. */
  seen: number;
  lost: number;
  doubled: number;
  /** Games whose saved state is not the replay of their events, or whose events skip a number. */
  mismatched: number;
  /** Finished games with a seat (that stayed) whose card is not full in the events. */
  incomplete: number;
  /** The first few of each, in words. */
  examples: string[];
}

type Row = Record<string, unknown>;
const GAMES = 'SELECT id, status, options, state, version FROM games ORDER BY id';
const PLAYERS = 'SELECT game_id, seat, user_id FROM players ORDER BY game_id, seat';
const EVENTS = 'SELECT game_id, seq, type, seat, dice, col, category, die, count FROM events ORDER BY game_id, seq';

async function read(db: Database): Promise<{ games: Row[]; players: Row[]; events: Row[] }> {
  if ('path' in db) {
    const file = new Sqlite(db.path, { readonly: true, fileMustExist: true });
    try {
      const all = (sql: string) => file.prepare(sql).all() as Row[];
      return { games: all(GAMES), players: all(PLAYERS), events: all(EVENTS) };
    } finally {
      file.close();
    }
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    // One snapshot for the three reads.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const all = async (sql: string) => (await client.query(sql)).rows as Row[];
    const result = { games: await all(GAMES), players: await all(PLAYERS), events: await all(EVENTS) };
    await client.query('COMMIT');
    return result;
  } finally {
    await client.end();
  }
}

const groupBy = (rows: Row[]) => {
  const by = new Map<number, Row[]>();
  for (const r of rows) {
    // PostgreSQL's BIGINT arrives as a string.
    const id = Number(r.game_id);
    let list = by.get(id);
    if (!list) by.set(id, (list = []));
    list.push(r);
  }
  return by;
};

const cellKey = (gameId: number, seat: number, column: number, category: string) =>
  `${gameId}:${seat}:${column}:${category}`;

export async function checkCells(db: Database, seen: readonly WrittenCell[]): Promise<CellCheck> {
  const { games, players, events } = await read(db);
  const seatsOf = groupBy(players);
  const eventsOf = groupBy(events);
  const check: CellCheck = {
    statuses: {},
    events: events.length,
    cells: 0,
    seen: seen.length,
    lost: 0,
    doubled: 0,
    mismatched: 0,
    incomplete: 0,
    examples: [],
  };
  const example = (text: string) => check.examples.length < 12 && check.examples.push(text);
  /** Cells written by people's own writes (timeouts are the bot's), by game:seat:column:category. */
  const written = new Set<string>();
  for (const game of games) {
    const gameId = Number(game.id);
    const status = String(game.status);
    check.statuses[status] = (check.statuses[status] ?? 0) + 1;
    if (game.state === null) continue;
    const rows = (eventsOf.get(gameId) ?? []) as unknown as EventRow[];
    const options = JSON.parse(String(game.options)) as GameOptions;
    const ids = (seatsOf.get(gameId) ?? []).map((p) => String(p.user_id));
    const version = Number(game.version);
    if (rows.length !== version || rows.some((r, i) => Number(r.seq) !== i + 1)) {
      check.mismatched++;
      example(`game ${gameId}: ${rows.length} events for version ${version}, or numbered with a gap`);
      continue;
    }
    let replayed: GameState;
    try {
      replayed = replay(options, ids, rows.map(eventFromRow));
    } catch (error) {
      check.mismatched++;
      example(`game ${gameId}: its events do not replay: ${String(error)}`);
      continue;
    }
    const saved = JSON.parse(String(game.state)) as unknown;
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(replayed)), saved)) {
      check.mismatched++;
      example(`game ${gameId}: the saved state is not the replay of its ${rows.length} events`);
    }
    const perSeat = new Map<number, number>();
    const cells = new Set<string>();
    for (const r of rows) {
      if ((r.type !== 'write' && r.type !== 'timeout') || r.category === null) continue;
      const key = cellKey(gameId, Number(r.seat), Number(r.col), r.category);
      check.cells++;
      if (cells.has(key)) {
        check.doubled++;
        example(`game ${gameId}: seat ${r.seat}'s ${r.category} in column ${r.col} written twice (event ${r.seq})`);
      }
      cells.add(key);
      if (r.type === 'write') written.add(key);
      perSeat.set(Number(r.seat), (perSeat.get(Number(r.seat)) ?? 0) + 1);
    }
    if (status === 'finished') {
      const full = options.columns.length * 7;
      replayed.players.forEach((p, seat) => {
        if (p.left || (perSeat.get(seat) ?? 0) === full) return;
        check.incomplete++;
        example(`finished game ${gameId}: seat ${seat} has ${perSeat.get(seat) ?? 0} of ${full} cells`);
      });
    }
  }
  for (const cell of seen) {
    if (written.has(cellKey(cell.gameId, cell.seat, cell.column, cell.category))) continue;
    check.lost++;
    example(
      `game ${cell.gameId}: seat ${cell.seat}'s ${cell.category} in column ${cell.column}, seen written, is no event`,
    );
  }
  return check;
}
