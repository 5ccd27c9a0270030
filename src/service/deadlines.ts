// Turn deadlines (RULES.md "Turn timeout"): every seat that may act has one, stored with the game so a
// restarted bot still enforces it. Olathe: the current seat. Balut: each active player, reset when they
// write (their next turn starts). None once the game is over.
//
// A computer player's deadline is not a timeout but its pace: the moment of its next step. It is
// `now + stepMs` when it may first act and again after each of its own steps; another seat's action leaves
// it alone, so a busy human never holds a bot back.
import type { GameState } from '../game';
import { seatsToAct } from '../game';
import type { Deadlines } from '../db/rows';

/** Seat → ms since the epoch; the store reads and writes them with the game. */
export type { Deadlines };

export interface BotPacing {
  /** The seats played by the computer. */
  seats: ReadonlySet<number>;
  /** The pause before each bot step (ms). */
  stepMs: number;
  /** The seats whose events were applied in this action: a bot among them waits a fresh step. */
  acted: ReadonlySet<number>;
}

const NO_BOTS: BotPacing = { seats: new Set(), stepMs: 0, acted: new Set() };

/**
 * The deadlines after an action took the game from `before` to `after` at `now`: a seat keeps its deadline
 * while it stays in the same turn, and gets a fresh one when its turn starts. A bot seat keeps its
 * deadline until it acts, and then gets `now + stepMs` while it may still act.
 */
export function nextDeadlines(
  before: GameState | null,
  after: GameState,
  previous: Deadlines,
  now: number,
  turnMs: number,
  bots: BotPacing = NO_BOTS,
): Deadlines {
  const next: Deadlines = {};
  for (const seat of seatsToAct(after)) {
    const kept = previous[seat];
    if (bots.seats.has(seat)) {
      next[seat] = kept !== undefined && before !== null && !bots.acted.has(seat) ? kept : now + bots.stepMs;
      continue;
    }
    const sameTurn = before !== null && before.players[seat]?.turnsTaken === after.players[seat]?.turnsTaken;
    next[seat] = kept !== undefined && sameTurn ? kept : now + turnMs;
  }
  return next;
}

export function earliestDeadline(deadlines: Deadlines): number | null {
  let earliest: number | null = null;
  for (const t of Object.values(deadlines)) if (earliest === null || t < earliest) earliest = t;
  return earliest;
}

/** Seats whose deadline has passed at `now`, earliest first (then by seat). */
export function dueSeats(deadlines: Deadlines, now: number): number[] {
  return Object.entries(deadlines)
    .filter(([, t]) => t <= now)
    .sort(([a, ta], [b, tb]) => ta - tb || Number(a) - Number(b))
    .map(([seat]) => Number(seat));
}
