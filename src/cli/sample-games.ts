// Finished games played by the computer players, the same every time for a seed: the score-sheet pictures'
// bench, tests and docs images draw real cards rather than hand-made ones.
import type { ColumnKind, GameOptions, GameState, Variant } from '../game';
import { newGame, seatsToAct, seededRng } from '../game';
import { playBotTurn } from '../solver/strategy';

export const BALUT_COLUMNS: readonly ColumnKind[] = ['free', 'free', 'free', 'free'];
export const OLATHE_COLUMNS: readonly ColumnKind[] = ['free', 'free', 'down', 'up'];

/** A game of `players` seats played to its end by 'normal' computer players. */
export function finishedGame(
  variant: Variant,
  players: number,
  seed: string,
  columns: readonly ColumnKind[] = variant === 'balut' ? BALUT_COLUMNS : OLATHE_COLUMNS,
): GameState {
  const options: GameOptions = { variant, columns, throwsPerTurn: 3, predictions: false };
  const rng = seededRng(seed);
  let state = newGame(
    options,
    Array.from({ length: players }, (_, seat) => `player-${seat}`),
  );
  while (state.status === 'playing') {
    for (const seat of seatsToAct(state)) state = playBotTurn(state, seat, 'normal', rng).state;
  }
  return state;
}
