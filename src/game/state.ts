// A game as plain, serialisable data (RULES.md "A turn", "End of game"), and what may be done in it now: the
// questions the service, the card and the solver ask of a state. How events change a state is game.ts's.
import type { Category, Dice } from './dice';
import { CATEGORIES, isFiveOfAKind, scoreCell } from './dice';
import type { Card, CellRef } from './card';
import { emptyCard, emptyCellCount, isCardFull, legalCells } from './card';
import type { ColumnKind, Variant } from './layout';

export interface GameOptions {
  readonly variant: Variant;
  readonly columns: readonly ColumnKind[];
  readonly throwsPerTurn: number;
  readonly predictions: boolean;
  /** Whether players may ask for hints (default yes). Not a rule: the engine ignores it. */
  readonly hints?: boolean;
}

export interface Turn {
  /** The declared column (Olathe); null before the declaration, and always null in Balut. */
  readonly column: number | null;
  /** The dice on the table; null before the first throw. */
  readonly dice: Dice | null;
  readonly held: readonly boolean[];
  readonly throwsUsed: number;
}

export interface Player {
  readonly id: string;
  readonly card: Card;
  readonly turn: Turn;
  readonly turnsTaken: number;
  readonly prediction: number | null;
  readonly consecutiveTimeouts: number;
  /** Set when the player quit or was removed after too many timeouts; their card still scores. */
  readonly left: boolean;
}

export type GameStatus = 'playing' | 'finished' | 'ended';

export interface GameState {
  readonly options: GameOptions;
  readonly players: readonly Player[];
  /** Olathe: the seat whose turn it is. Balut plays simultaneously and ignores it. */
  readonly current: number;
  /** 'finished' when every card is full; 'ended' when stopped early (host, or everyone left). */
  readonly status: GameStatus;
  /** How many events have been applied: the version a stale click is checked against. */
  readonly version: number;
}

export type GameEvent =
  | { readonly type: 'predict'; readonly seat: number; readonly count: number }
  | { readonly type: 'declare'; readonly seat: number; readonly column: number }
  | { readonly type: 'hold'; readonly seat: number; readonly die: number }
  | { readonly type: 'throw'; readonly seat: number; readonly dice: Dice }
  | { readonly type: 'write'; readonly seat: number; readonly column: number; readonly category: Category }
  | { readonly type: 'timeout'; readonly seat: number; readonly dice: Dice | null }
  | { readonly type: 'leave'; readonly seat: number }
  | { readonly type: 'end' };

/** After this many timed-out turns in a row a player is removed from the game. */
export const TIMEOUTS_BEFORE_REMOVAL = 3;

const NO_HOLDS: readonly boolean[] = [false, false, false, false, false];
/** A turn not begun: nothing declared, thrown or held. */
export const FRESH_TURN: Turn = { column: null, dice: null, held: NO_HOLDS, throwsUsed: 0 };

export function newGame(options: GameOptions, playerIds: readonly string[]): GameState {
  if (playerIds.length === 0) throw new Error('a game needs at least one player');
  return {
    options,
    players: playerIds.map((id) => ({
      id,
      card: emptyCard(options.columns),
      turn: FRESH_TURN,
      turnsTaken: 0,
      prediction: null,
      consecutiveTimeouts: 0,
      left: false,
    })),
    current: 0,
    status: 'playing',
    version: 0,
  };
}

// ---------- what may be done now ----------

export function isPlaying(state: GameState): boolean {
  return state.status === 'playing';
}

/** Seats that may act now: the current seat in Olathe, every active player with cells left in Balut. */
export function seatsToAct(state: GameState): number[] {
  if (!isPlaying(state)) return [];
  if (state.options.variant === 'olathe') return [state.current];
  return state.players.flatMap((p, seat) => (!p.left && !isCardFull(p.card) ? [seat] : []));
}

/**
 * Olathe: the seat whose turn follows the current one (the current seat itself when nobody else plays on);
 * null in Balut, which has no order, and when the game is over.
 */
export function nextSeat(state: GameState): number | null {
  if (!isPlaying(state) || state.options.variant !== 'olathe') return null;
  return seatAfter(state, state.current);
}

/** The cells this player could write their dice into now. */
export function writableCells(state: GameState, seat: number): CellRef[] {
  const player = state.players[seat];
  if (!player || player.turn.dice === null) return [];
  if (state.options.variant === 'olathe' && player.turn.column === null) return [];
  return legalCells(player.card, player.turn.column);
}

/** Columns this player may declare (Olathe, before the first throw): those with an empty cell. */
export function declarableColumns(state: GameState, seat: number): number[] {
  const player = state.players[seat];
  if (!player) return [];
  return player.card.columns.flatMap((col, i) => (emptyCellCount(col) > 0 ? [i] : []));
}

export function throwsLeft(state: GameState, seat: number): number {
  const player = state.players[seat];
  return player ? state.options.throwsPerTurn - player.turn.throwsUsed : 0;
}

/** Total turns a player takes in a whole game: one per cell. */
export function turnsPerPlayer(options: GameOptions): number {
  return options.columns.length * CATEGORIES.length;
}

/** Olathes scored so far: non-zero five-of-a-kind cells on every card (the prediction side game counts these). */
export function olathesScored(state: GameState): number {
  let n = 0;
  for (const p of state.players)
    for (const col of p.card.columns) if (col.cells.olathe && isFiveOfAKind(col.cells.olathe)) n++;
  return n;
}

/** The first seat after `seat`, in seat order and wrapping round, that still plays; null when none does. */
export function seatAfter(state: GameState, seat: number): number | null {
  const n = state.players.length;
  for (let step = 1; step <= n; step++) {
    const next = (seat + step) % n;
    const p = state.players[next]!;
    if (!p.left && !isCardFull(p.card)) return next;
  }
  return null;
}

/** The legal cell where the current dice score least; on a tie the topmost (then leftmost). */
export function lowestScoringCell(state: GameState, seat: number): CellRef {
  const player = state.players[seat]!;
  const dice = player.turn.dice!;
  let best: { ref: CellRef; score: number; row: number } | null = null;
  for (const ref of writableCells(state, seat)) {
    const score = scoreCell(ref.category, dice);
    const row = CATEGORIES.indexOf(ref.category);
    if (!best || score < best.score || (score === best.score && row < best.row)) best = { ref, score, row };
  }
  if (!best) throw new Error('a player in their turn always has a legal cell');
  return best.ref;
}

// ---------- helpers for callers ----------

/** The dice an event throws onto the table, if it throws (a throw, or a timeout that had to throw). */
export function thrownDice(event: GameEvent): Dice | null {
  if (event.type === 'throw') return event.dice;
  if (event.type === 'timeout') return event.dice;
  return null;
}
