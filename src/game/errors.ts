// Every illegal move is a GameError with a code (for code) and a plain-language message (for players).

export type GameErrorCode =
  | 'game-over'
  | 'not-a-player'
  | 'player-left'
  | 'not-your-turn'
  | 'declare-not-in-balut'
  | 'no-such-column'
  | 'column-full'
  | 'already-declared'
  | 'already-thrown'
  | 'not-declared'
  | 'no-throws-left'
  | 'nothing-thrown'
  | 'all-held'
  | 'no-such-die'
  | 'no-such-cell'
  | 'cell-taken'
  | 'cell-out-of-order'
  | 'wrong-column'
  | 'predictions-off'
  | 'prediction-closed'
  | 'bad-prediction'
  | 'bad-dice';

export class GameError extends Error {
  override readonly name = 'GameError';
  constructor(
    readonly code: GameErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isGameError(error: unknown): error is GameError {
  return error instanceof GameError;
}
