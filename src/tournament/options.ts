// The options a tournament is created with, checked before anything is stored. The card options are an ordinary
// game's, checked by the rules engine's own layout rules; `now` is given, never read.
import type { GameOptions } from '../game';
import { COLUMN_KINDS, VARIANTS, layoutColumns, layoutProblemKey, throwsProblemKey } from '../game';
import type { Difficulty } from '../solver/strategy';
import { DIFFICULTIES } from '../solver/strategy';
import type { TournamentErrorFacts } from './errors';
import { TournamentError } from './errors';
import type { OddPolicy, TournamentEdit, TournamentOptions } from './types';
import { EDITABLE_OPTIONS, ODD_POLICIES } from './types';

export const MAX_NAME_LENGTH = 100;
export const MIN_ROUNDS = 1;
export const MAX_ROUNDS = 7;
export const MIN_TABLE_SIZE = 2;
export const MAX_TABLE_SIZE = 8;
export const DEFAULT_TABLE_SIZE = 4;
/** /olathe start's turn-timeout option: 1 to 1440 whole minutes, 10 by default (a test keeps them equal). */
export const MIN_TURN_TIMER_MINUTES = 1;
export const MAX_TURN_TIMER_MINUTES = 1440;
export const DEFAULT_TURN_TIMER_MS = 10 * 60_000;
/** How far ahead a night may be planned. */
export const MAX_LEAD_MS = 365 * 24 * 60 * 60_000;
/** People signed up at most, and the field computer players may fill up to: bounded so seating stays cheap. */
export const MAX_PLAYERS = 128;

/** What a host asks for; the omitted fields take their defaults. */
export interface TournamentInput {
  readonly name: string;
  readonly game: GameOptions;
  readonly startsAt: number;
  readonly rounds: number;
  readonly tableSize?: number;
  readonly turnTimeoutMs?: number;
  readonly oddPolicy?: OddPolicy;
  readonly difficulty?: Difficulty;
}

// Control characters (line breaks among them) would break every line a name is shown on.
const CONTROL = /\p{Cc}/u;

/** The options, normalised (name trimmed, defaults filled in), or a TournamentError saying what is wrong. */
export function tournamentOptions(input: TournamentInput, now: number): TournamentOptions {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  const length = [...name].length;
  if (length < 1 || length > MAX_NAME_LENGTH || CONTROL.test(name)) {
    throw new TournamentError('bad-name', { max: MAX_NAME_LENGTH });
  }
  const game = checkedGameOptions(input.game);
  const { startsAt } = input;
  if (!Number.isSafeInteger(startsAt) || startsAt < now || startsAt > now + MAX_LEAD_MS) {
    throw new TournamentError('bad-start-time');
  }
  const rounds = input.rounds;
  if (!isIntegerIn(rounds, MIN_ROUNDS, MAX_ROUNDS)) {
    throw new TournamentError('bad-rounds', { min: MIN_ROUNDS, max: MAX_ROUNDS });
  }
  const tableSize = input.tableSize ?? DEFAULT_TABLE_SIZE;
  if (!isIntegerIn(tableSize, MIN_TABLE_SIZE, MAX_TABLE_SIZE)) {
    throw new TournamentError('bad-table-size', { min: MIN_TABLE_SIZE, max: MAX_TABLE_SIZE });
  }
  const turnTimeoutMs = input.turnTimeoutMs ?? DEFAULT_TURN_TIMER_MS;
  if (!isIntegerIn(turnTimeoutMs, MIN_TURN_TIMER_MINUTES * 60_000, MAX_TURN_TIMER_MINUTES * 60_000)) {
    throw new TournamentError('bad-turn-timer', { min: MIN_TURN_TIMER_MINUTES, max: MAX_TURN_TIMER_MINUTES });
  }
  const oddPolicy = input.oddPolicy ?? 'computer';
  if (!ODD_POLICIES.includes(oddPolicy)) throw new TournamentError('bad-odd-policy');
  const difficulty = input.difficulty ?? 'normal';
  if (!DIFFICULTIES.includes(difficulty)) throw new TournamentError('bad-difficulty');
  return { name, game, startsAt, rounds, tableSize, turnTimeoutMs, oddPolicy, difficulty };
}

/**
 * The options with a host's changes, checked by the same rules as at create (`at` is when they asked), or a
 * TournamentError; `options` itself when nothing differs. Fields an edit may not change are ignored.
 */
export function editedOptions(options: TournamentOptions, changes: TournamentEdit, at: number): TournamentOptions {
  const given = EDITABLE_OPTIONS.filter((key) => changes?.[key] !== undefined);
  if (given.length === 0) throw new TournamentError('nothing-to-edit');
  const picked = Object.fromEntries(given.map((key) => [key, changes[key]])) as TournamentEdit;
  const next = tournamentOptions({ ...options, ...picked }, at);
  return EDITABLE_OPTIONS.every((key) => next[key] === options[key]) ? options : next;
}

/** The card options as the engine's layout rules allow them, with the columns in the engine's order. */
function checkedGameOptions(options: GameOptions | undefined): GameOptions {
  const refuse = (layout: TournamentErrorFacts['layout']) => new TournamentError('bad-game-options', { layout });
  if (!options || !VARIANTS.includes(options.variant)) throw refuse('variant');
  if (!Array.isArray(options.columns) || !options.columns.every((k) => COLUMN_KINDS.includes(k))) {
    throw refuse('columns');
  }
  const count = (kind: string) => options.columns.filter((k) => k === kind).length;
  const counts = { free: count('free'), down: count('down'), up: count('up') };
  const problem = layoutProblemKey(options.variant, counts) ?? throwsProblemKey(options.variant, options.throwsPerTurn);
  if (problem) throw refuse(problem);
  if (typeof options.predictions !== 'boolean') throw refuse('predictions');
  if (options.hints !== undefined && typeof options.hints !== 'boolean') throw refuse('hints');
  return {
    variant: options.variant,
    columns: layoutColumns(counts),
    throwsPerTurn: options.throwsPerTurn,
    predictions: options.predictions,
    ...(options.hints === false ? { hints: false } : {}),
  };
}

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}
