// How an engine event is stored: one row of `events`, its typed columns filled so that throws and written
// cells can be queried (statistics), and the engine event rebuilt from them (replay).
import type { Category, Dice, GameEvent, GameState } from '../game';
import { CATEGORIES, isFiveOfAKind, scoreCell } from '../game';

export interface EventRow {
  game_id: number;
  seq: number;
  at: number;
  type: GameEvent['type'];
  seat: number | null;
  dice: string | null;
  holds: string | null;
  five: 0 | 1;
  col: number | null;
  category: Category | null;
  written: string | null;
  score: number | null;
  die: number | null;
  count: number | null;
}

const NO_HOLDS = JSON.stringify([false, false, false, false, false]);

/** The row for `event`, which took the game from `before` to `after` (after.version is its seq). */
export function eventRow(gameId: number, at: number, before: GameState, event: GameEvent, after: GameState): EventRow {
  const row: EventRow = {
    game_id: gameId,
    seq: after.version,
    at,
    type: event.type,
    seat: event.type === 'end' ? null : event.seat,
    dice: null,
    holds: null,
    five: 0,
    col: null,
    category: null,
    written: null,
    score: null,
    die: null,
    count: null,
  };
  switch (event.type) {
    case 'predict':
      row.count = event.count;
      break;
    case 'declare':
      row.col = event.column;
      break;
    case 'hold':
      row.die = event.die;
      row.holds = JSON.stringify(after.players[event.seat]!.turn.held);
      break;
    case 'throw': {
      const turn = before.players[event.seat]!.turn;
      row.dice = JSON.stringify(event.dice);
      row.holds = turn.dice ? JSON.stringify(turn.held) : NO_HOLDS;
      row.five = isFiveOfAKind(event.dice) ? 1 : 0;
      break;
    }
    case 'write':
    case 'timeout': {
      if (event.type === 'timeout' && event.dice) {
        row.dice = JSON.stringify(event.dice);
        row.holds = NO_HOLDS;
        row.five = isFiveOfAKind(event.dice) ? 1 : 0;
      }
      const cell = writtenCell(before, after, event.seat);
      if (cell) {
        row.col = cell.column;
        row.category = cell.category;
        row.written = JSON.stringify(cell.dice);
        row.score = scoreCell(cell.category, cell.dice);
      }
      break;
    }
    case 'leave':
    case 'end':
      break;
  }
  return row;
}

/** The cell of `seat`'s card that is empty before and written after (a write or a timed-out turn). */
export function writtenCell(
  before: GameState,
  after: GameState,
  seat: number,
): { column: number; category: Category; dice: Dice } | null {
  const was = before.players[seat]?.card.columns;
  const now = after.players[seat]?.card.columns;
  if (!was || !now) return null;
  for (let column = 0; column < now.length; column++) {
    for (const category of CATEGORIES) {
      const dice = now[column]!.cells[category];
      if (dice && was[column]!.cells[category] === null) return { column, category, dice };
    }
  }
  return null;
}

/** The engine event a stored row records. */
export function eventFromRow(
  row: Pick<EventRow, 'type' | 'seat' | 'dice' | 'col' | 'category' | 'die' | 'count'>,
): GameEvent {
  const seat = row.seat ?? -1;
  switch (row.type) {
    case 'predict':
      return { type: 'predict', seat, count: row.count ?? -1 };
    case 'declare':
      return { type: 'declare', seat, column: row.col ?? -1 };
    case 'hold':
      return { type: 'hold', seat, die: row.die ?? -1 };
    case 'throw':
      return { type: 'throw', seat, dice: JSON.parse(row.dice ?? 'null') as Dice };
    case 'write':
      return { type: 'write', seat, column: row.col ?? -1, category: row.category as Category };
    case 'timeout':
      return { type: 'timeout', seat, dice: row.dice === null ? null : (JSON.parse(row.dice) as Dice) };
    case 'leave':
      return { type: 'leave', seat };
    case 'end':
      return { type: 'end' };
  }
}
