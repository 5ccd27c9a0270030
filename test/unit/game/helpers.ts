// Shared helpers for the rules-engine tests (not a test file itself).
import { expect } from 'vitest';
import type {
  Card,
  Category,
  ColumnKind,
  Dice,
  GameEvent,
  GameOptions,
  GameState,
  Player,
} from '../../../src/game/index';
import {
  CATEGORIES,
  DEFAULT_LAYOUT,
  GameError,
  applyEvent,
  declarableColumns,
  emptyCard,
  isDice,
  layoutColumns,
  newGame,
  scoreCell,
  withCell,
  writableCells,
} from '../../../src/game/index';

/** Five dice from a literal; fails loudly on a typo. */
export function d(...faces: number[]): Dice {
  if (!isDice(faces)) throw new Error(`not five dice: ${faces.join(',')}`);
  return faces as unknown as Dice;
}

export const DEFAULT_OLATHE_COLUMNS: readonly ColumnKind[] = layoutColumns(DEFAULT_LAYOUT.olathe); // free, free, down, up
export const BALUT_COLUMNS: readonly ColumnKind[] = layoutColumns(DEFAULT_LAYOUT.balut);

export function olatheOptions(over: Partial<GameOptions> = {}): GameOptions {
  return { variant: 'olathe', columns: DEFAULT_OLATHE_COLUMNS, throwsPerTurn: 3, predictions: true, ...over };
}

export function balutOptions(over: Partial<GameOptions> = {}): GameOptions {
  return { variant: 'balut', columns: BALUT_COLUMNS, throwsPerTurn: 3, predictions: true, ...over };
}

export function olatheGame(players = 2, over: Partial<GameOptions> = {}): GameState {
  return newGame(
    olatheOptions(over),
    Array.from({ length: players }, (_, i) => `p${i}`),
  );
}

export function balutGame(players = 2, over: Partial<GameOptions> = {}): GameState {
  return newGame(
    balutOptions(over),
    Array.from({ length: players }, (_, i) => `p${i}`),
  );
}

/** Applies events in order. */
export function act(state: GameState, ...events: GameEvent[]): GameState {
  return events.reduce(applyEvent, state);
}

/**
 * Runs `fn`, expects it to throw a GameError with `code` and a plain-language message
 * (a sentence for people: no error code, no "undefined"/"NaN"/"null", ends with punctuation).
 */
export function expectGameError(fn: () => unknown, code: GameError['code']): GameError {
  let caught: unknown = undefined;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected a GameError '${code}'`).toBeInstanceOf(GameError);
  const error = caught as GameError;
  expect(error.code).toBe(code);
  expect(error.name).toBe('GameError');
  expectPlainMessage(error.message, code);
  return error;
}

export function expectPlainMessage(message: string, code: string): void {
  expect(message.length).toBeGreaterThan(10);
  expect(message).not.toContain(code);
  expect(message).not.toMatch(/undefined|NaN|null|\[object/);
  expect(message).toMatch(/^[A-Z0-9“"'↓↑]/u);
  expect(message).toMatch(/[.!?]$/);
}

/** Olathe: declare (if a column is given), throw the given dice, write into the cell. */
export function playOlatheTurn(
  state: GameState,
  seat: number,
  column: number,
  dice: Dice,
  category: Category,
): GameState {
  return act(
    state,
    { type: 'declare', seat, column },
    { type: 'throw', seat, dice },
    { type: 'write', seat, column, category },
  );
}

/** Balut: throw the given dice and write into the cell. */
export function playBalutTurn(
  state: GameState,
  seat: number,
  column: number,
  dice: Dice,
  category: Category,
): GameState {
  return act(state, { type: 'throw', seat, dice }, { type: 'write', seat, column, category });
}

/** Dice that score 0 in every category except Choice (where they score 9). */
export const SCRATCH = d(1, 1, 2, 2, 3);

/** A card whose cells are given per column; unlisted cells stay empty. */
export function cardOf(kinds: readonly ColumnKind[], cells: readonly Partial<Record<Category, Dice>>[]): Card {
  let card = emptyCard(kinds);
  cells.forEach((column, index) => {
    for (const category of CATEGORIES) {
      const dice = column[category];
      if (dice) card = withCell(card, { column: index, category }, dice);
    }
  });
  return card;
}

/** A full card: every cell gets `fill(column, category)` (default: SCRATCH). */
export function fullCard(
  kinds: readonly ColumnKind[],
  fill: (column: number, category: Category) => Dice = () => SCRATCH,
): Card {
  let card = emptyCard(kinds);
  kinds.forEach((_, column) => {
    for (const category of CATEGORIES) card = withCell(card, { column, category }, fill(column, category));
  });
  return card;
}

/** `count` copies of `face`, padded with 1s (never a house, never a straight unless count is 5). */
export function nOf(face: number, count: number): Dice {
  const faces = [...Array<number>(count).fill(face), ...Array<number>(5 - count).fill(face === 1 ? 2 : 1)];
  return d(...faces);
}

/** Dice summing to `sum` (5–30), for Choice cells. Never five of a kind unless forced (sum 5 or 30 etc.). */
export function diceSumming(sum: number): Dice {
  if (!Number.isInteger(sum) || sum < 5 || sum > 30) throw new Error(`no dice sum to ${sum}`);
  const faces = [1, 1, 1, 1, 1];
  let rest = sum - 5;
  for (let i = 0; i < 5 && rest > 0; i++) {
    const add = Math.min(5, rest);
    faces[i]! += add;
    rest -= add;
  }
  return d(...faces);
}

/** Splits `total` into `parts` Choice sums, each 5–30. */
export function choiceSplit(total: number, parts: number): Dice[] {
  if (total < 5 * parts || total > 30 * parts) throw new Error(`cannot split ${total} into ${parts} choices`);
  const sums = Array<number>(parts).fill(5);
  let rest = total - 5 * parts;
  for (let i = 0; i < parts; i++) {
    const add = Math.min(25, rest);
    sums[i]! += add;
    rest -= add;
  }
  return sums.map(diceSumming);
}

/** Possible (score, dice) pairs of one cell, for building cards with an exact raw total. */
function cellOptions(category: Category): { score: number; dice: Dice }[] {
  const options: { score: number; dice: Dice }[] = [];
  const candidates: Dice[] = [SCRATCH];
  if (category === 'fours' || category === 'fives' || category === 'sixes') {
    const face = { fours: 4, fives: 5, sixes: 6 }[category];
    for (let k = 1; k <= 5; k++) candidates.push(nOf(face, k));
  } else if (category === 'straight') {
    candidates.push(d(1, 2, 3, 4, 5), d(2, 3, 4, 5, 6));
  } else if (category === 'house') {
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a !== b) candidates.push(d(a, a, a, b, b));
  } else if (category === 'olathe') {
    for (let f = 1; f <= 6; f++) candidates.push(nOf(f, 5));
  }
  for (const dice of candidates) options.push({ score: scoreCell(category, dice), dice });
  return options.sort((a, b) => b.score - a.score);
}

/**
 * A full card of `kinds` whose raw total is exactly `raw`: the non-Choice cells are filled greedily
 * (largest score that still fits), then the Choice cells take the rest.
 */
export function cardWithRaw(kinds: readonly ColumnKind[], raw: number): Card {
  const n = kinds.length;
  let rest = raw - 5 * n; // every Choice cell is at least 5
  const cells: Partial<Record<Category, Dice>>[] = kinds.map(() => ({}));
  for (const category of CATEGORIES) {
    if (category === 'choice') continue;
    const options = cellOptions(category);
    for (let column = 0; column < n; column++) {
      // keep at least enough room for the Choice cells to absorb the remainder exactly
      const pick = options.find((o) => o.score <= rest) ?? options[options.length - 1]!;
      cells[column]![category] = pick.dice;
      rest -= pick.score;
    }
  }
  const choices = choiceSplit(rest + 5 * n, n);
  choices.forEach((dice, column) => (cells[column]!.choice = dice));
  return cardOf(kinds, cells);
}

/** A copy of the state with seat's player changed. */
export function withPlayer(state: GameState, seat: number, change: Partial<Player>): GameState {
  const players = state.players.slice();
  players[seat] = { ...players[seat]!, ...change };
  return { ...state, players };
}

export function freeColumns(n: number): ColumnKind[] {
  return Array<ColumnKind>(n).fill('free');
}

/**
 * Plays one whole turn with fixed dice for `seat` (default: the current seat in Olathe): declares the
 * first declarable column (Olathe), throws `dice`, writes the first legal cell.
 */
export function autoTurn(state: GameState, dice: Dice = SCRATCH, seat: number = state.current): GameState {
  if (state.options.variant === 'olathe') {
    const column = declarableColumns(state, seat)[0]!;
    state = applyEvent(state, { type: 'declare', seat, column });
  }
  state = applyEvent(state, { type: 'throw', seat, dice });
  const cell = writableCells(state, seat)[0]!;
  return applyEvent(state, { type: 'write', seat, column: cell.column, category: cell.category });
}
