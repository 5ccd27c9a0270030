// Checking the options a lobby is opened with, before anything is stored.
import type { GameOptions } from '../game';
import { COLUMN_KINDS, VARIANTS, layoutProblem, throwsProblem } from '../game';

export const DEFAULT_TURN_TIMEOUT_MS = 600_000;
/** A lobby nobody starts closes after this long, freeing its channel. */
export const DEFAULT_LOBBY_EXPIRY_MS = 30 * 60_000;
export const MIN_TURN_TIMEOUT_MS = 1_000;
export const MAX_TURN_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;

/** Why these options cannot make a game, in plain words; null when they can. */
export function optionsProblem(options: GameOptions): string | null {
  if (!options || !VARIANTS.includes(options.variant)) return 'The variant must be Olathe or Balut.';
  if (!Array.isArray(options.columns) || !options.columns.every((k) => COLUMN_KINDS.includes(k))) {
    return 'Columns are Free, Down or Up.';
  }
  const count = (kind: string) => options.columns.filter((k) => k === kind).length;
  const layout = layoutProblem(options.variant, { free: count('free'), down: count('down'), up: count('up') });
  if (layout) return layout;
  const throws = throwsProblem(options.variant, options.throwsPerTurn);
  if (throws) return throws;
  if (typeof options.predictions !== 'boolean') return 'Predictions are either on or off.';
  if (options.hints !== undefined && typeof options.hints !== 'boolean') return 'Hints are either on or off.';
  return null;
}

export function turnTimeoutProblem(ms: number): string | null {
  if (!Number.isInteger(ms) || ms < MIN_TURN_TIMEOUT_MS || ms > MAX_TURN_TIMEOUT_MS) {
    return 'A turn timeout is between 1 second and 7 days.';
  }
  return null;
}

/** Only the fields the engine knows, so nothing else is stored. */
export function normalOptions(options: GameOptions): GameOptions {
  return {
    variant: options.variant,
    columns: [...options.columns],
    throwsPerTurn: options.throwsPerTurn,
    predictions: options.predictions,
    ...(options.hints === false ? { hints: false } : {}),
  };
}
