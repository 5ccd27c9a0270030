// What the service's operations are made of: the game as read, the writes decided on it. Apart from
// service-core.ts, which runs them, so that decide.ts can use them without importing what runs it.
import type { GameEvent, GameState } from '../game';
import type { GameRow, PlayerRow } from '../db/rows';
import type { Stores } from '../db/storage';
import type { Deadlines } from './deadlines';

/** A game as read: its row, its seats, and the parsed snapshot. */
export interface Loaded {
  row: GameRow;
  players: PlayerRow[];
  state: GameState | null;
  deadlines: Deadlines;
}

/** Makes the next event(s) from the state so far; null to make none. */
export type EventMaker = (state: GameState) => GameEvent | readonly GameEvent[] | null;
/**
 * The writes an operation decided on, run in its write transaction through that transaction's stores; or, when
 * `alone`, through the Storage's own stores: its one write (GameStore.saveMove) commits by itself.
 */
export type Commit<T> = ((tx: Stores) => Promise<T>) & { alone?: boolean };
