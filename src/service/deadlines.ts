// Turn deadlines (RULES.md "Turn timeout"): every seat that may act has one, stored with the game so a
// restarted bot still enforces it. Olathe: the current seat. Balut: each active player, reset when they
// write (their next turn starts). None once the game is over.
import type { GameState } from '../game';
import { seatsToAct } from '../game';

/** Seat → ms since the epoch. */
export type Deadlines = Record<number, number>;

/**
 * The deadlines after an action took the game from `before` to `after` at `now`: a seat keeps its deadline
 * while it stays in the same turn, and gets a fresh one when its turn starts.
 */
export function nextDeadlines(before: GameState | null, after: GameState, previous: Deadlines, now: number, turnMs: number): Deadlines {
  const next: Deadlines = {};
  for (const seat of seatsToAct(after)) {
    const kept = previous[seat];
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
