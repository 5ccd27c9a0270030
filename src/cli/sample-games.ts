// Finished games played by the computer players, the same every time for a seed: the score-sheet pictures'
// bench, tests and docs images draw real cards rather than hand-made ones.
import type { ColumnKind, GameOptions, GameState, Variant } from '../game';
import { newGame, seatsToAct, seededRng } from '../game';
import { playBotTurn } from '../solver/strategy';
import type { RenderableGame } from '../discord/render/view';

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

export const SAMPLE_NAMES = ['Astrid', 'Bjørn', 'Camille', 'Dmitri', 'Eun-ji', 'Farah', 'Gustav', 'Hélène'];
/** 26 November 2025, noon UTC: a fixed date, so a picture changes only when the drawing does. */
export const SAMPLE_DATE = Date.UTC(2025, 10, 26, 12);

/** A finished game as the results renderer sees it. */
export function sampleGame(state: GameState, locale = 'en', id = 42): RenderableGame & { state: GameState } {
  return {
    id,
    hostId: '1',
    status: state.status,
    options: state.options,
    turnTimeoutMs: 300_000,
    state,
    deadlines: {},
    locale,
    players: state.players.map((_, seat) => ({ seat, userId: String(100 + seat), name: SAMPLE_NAMES[seat % 8]! })),
  };
}
