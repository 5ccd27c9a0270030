// What the board may do and show, decided from the server's BoardView alone: pure functions with no DOM, so the
// unit tests (test/unit/activity-page/) pin every rule. The server's view already says what the card's buttons
// would allow (BoardYou); these only turn it into the board's clicks and moments.
import type { BoardHintChoice, BoardPlayer, BoardShout, BoardView, BoardYou, FreeCell } from '../board-view';
import type { BoardMove } from '../protocol';

/** A die may be held or let go exactly when the card's hold buttons are enabled. */
export function canClickDie(you: BoardYou | null): boolean {
  return you !== null && you.acting && you.canHold;
}

/** A free cell takes the dice now: the card's write menu would offer it (dice thrown, the declared column's turn). */
export function canClickCell(you: BoardYou | null, cell: FreeCell): boolean {
  return you !== null && you.acting && you.dice !== null && cell.writable;
}

/** The move a click on a free cell asks for, or null when the cell cannot be written now. */
export function writeMove(you: BoardYou | null, cell: FreeCell): Extract<BoardMove, { kind: 'write' }> | null {
  if (!you || !canClickCell(you, cell)) return null;
  return { kind: 'write', column: cell.column, category: cell.category, stamp: you.stamp };
}

/**
 * A write or a declaration cannot be taken back, so the board asks first, as the hint's Apply does on the card
 * (BoardHintChoice.confirm); a hold or a throw happens on the click, as the card's buttons do.
 */
export function needsConfirmation(move: BoardMove): boolean {
  return move.kind === 'write' || move.kind === 'declare';
}

/** The move a hint's choice applies (with the viewer's stamp), or null for one the board cannot apply now. */
export function hintMove(you: BoardYou, choice: BoardHintChoice): BoardMove | null {
  switch (choice.kind) {
    case 'throw':
      return { kind: 'throw', stamp: you.stamp };
    case 'declare':
      return choice.column === undefined ? null : { kind: 'declare', column: choice.column, stamp: you.stamp };
    case 'write':
      return choice.column === undefined || choice.category === undefined
        ? null
        : { kind: 'write', column: choice.column, category: choice.category, stamp: you.stamp };
    case 'hold':
      // Holding is one die a move: the first die whose hold differs; applying again continues with the next.
      for (let die = 0; die < 5; die++) {
        const want = choice.held?.[die] ?? false;
        if ((you.held[die] ?? false) !== want) return { kind: 'hold', die, held: want, stamp: you.stamp };
      }
      return { kind: 'throw', stamp: you.stamp };
    default:
      return null;
  }
}

/** The columns' names as the card writes them: ↓ Down, ↑ Up, and the free columns numbered Free 1, Free 2 … */
export function columnNames(columns: readonly string[], name: (kind: string, freeNumber: number) => string): string[] {
  let free = 0;
  return columns.map((kind) => name(kind, kind === 'free' ? ++free : 0));
}

/**
 * Whether a seat's dice were thrown between two boards: the viewer's own stamp ("turns.throws") moved on with
 * dice on the table, or — for another seat, whose stamp the board does not carry — dice that were not there or
 * not held came out different. (Another seat's throw that lands on the very same faces is not animated.)
 */
export function wasThrown(
  before: BoardPlayer | undefined,
  after: BoardPlayer,
  stamps?: { before: string | undefined; after: string },
): boolean {
  if (after.dice === null) return false;
  if (stamps) return stamps.before !== stamps.after && Number(stamps.after.split('.')[1]) > 0;
  if (!before || before.dice === null) return true;
  return after.dice.some((face, i) => !(before.held[i] ?? false) && face !== before.dice![i]);
}

/** The dice that tumble in a throw: those not held. None when the person asked for reduced motion. */
export function tumblingDice(held: readonly boolean[], reducedMotion: boolean): number[] {
  if (reducedMotion) return [];
  return [0, 1, 2, 3, 4].filter((i) => !(held[i] ?? false));
}

/** How long a throw tumbles: short, as a card's click answers at once. */
export const TUMBLE_MS = 700;

/** The shouts on the board not yet shown: each five of a kind is a moment once, keyed by seat and throw. */
export function newShouts(board: BoardView, seen: ReadonlySet<string>): BoardShout[] {
  return board.shouts.filter((s) => !seen.has(shoutKey(s)));
}

export function shoutKey(shout: BoardShout): string {
  return `${shout.seat}@${shout.key}`;
}

/** Reconnecting: 0.5 s, 1 s, 2 s, 4 s … up to 10 s, each shortened by up to a fifth so pages do not come back in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.2 * random()));
}

/** Whose card the board shows first: the viewer's own, else whoever acts, else the first seat. */
export function defaultShownSeat(board: BoardView): number {
  return board.viewerSeat ?? board.current ?? board.acting[0] ?? 0;
}

/** The dice a hint's hold keeps, as faces. */
export function heldFaces(dice: readonly number[] | null, held: readonly boolean[] | undefined): number[] {
  return (dice ?? []).filter((_, i) => held?.[i] ?? false);
}
