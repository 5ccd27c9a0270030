// A game's start: its first state and the deadlines of the seats that may act, as the lobby's Start and a
// tournament's round (tournament-round.ts) both start a game, so both pace computer players and time turns alike.
import type { GameOptions, GameState } from '../game';
import { newGame } from '../game';
import type { GameChanges, PlayerRow } from '../db/rows';
import type { Deadlines } from './deadlines';
import { earliestDeadline, nextDeadlines } from './deadlines';
import { botSeats } from './service-core';

/** The state and deadlines of a game of these seats started at `now`, and the columns that say so. */
export function startChanges(
  options: GameOptions,
  players: readonly PlayerRow[],
  now: number,
  turnMs: number,
  botStepMs: number,
): { state: GameState; deadlines: Deadlines; changes: Partial<GameChanges> } {
  const state = newGame(
    options,
    players.map((p) => p.user_id),
  );
  const pacing = { seats: new Set(botSeats(players).keys()), stepMs: botStepMs, acted: new Set<number>() };
  const deadlines = nextDeadlines(null, state, {}, now, turnMs, pacing);
  const changes: Partial<GameChanges> = {
    status: 'playing',
    started_at: now,
    version: state.version,
    state,
    deadlines,
    next_deadline: earliestDeadline(deadlines),
  };
  return { state, deadlines, changes };
}
