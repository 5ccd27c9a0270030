// Every illegal move is a GameError with a code (for code), the name of its sentence in GAME_MESSAGES and the
// facts the sentence names (for players, in any language: the Discord layer words the same facts through its
// catalogues), and the English sentence as its message (for logs and for callers with no catalogue).
import type { Category } from './dice';
import type { ColumnKind, Variant } from './layout';
import { categoryLabel, columnLabel } from './layout';

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

/**
 * The engine's sentences in English. {{column}} is a column's label, {{cell}} a cell's ("Fours (Free 1)"),
 * {{next}} a category's, {{direction}} a fill order ("Fours → Olathe"): each is worded from GameErrorFacts.
 */
export const GAME_MESSAGES = {
  gameOver: 'This game has ended.',
  cardFull: 'Your card is full — wait for the others to finish.',
  notAPlayer: 'You are not playing in this game.',
  playerLeft: 'You have left this game.',
  notYourTurn: "It's not your turn — wait for the card that names you.",
  predictionsOff: 'Predictions are off in this game.',
  predictionClosed: 'Predictions close at your first throw.',
  badPrediction: 'A prediction is a whole number of Olathes, 0 to 99.',
  declareNotInBalut: 'Balut has no declarations: throw, then write in any empty cell.',
  alreadyThrown: 'The column is declared before the first throw and cannot change now.',
  alreadyDeclared: 'You already declared {{column}} this turn — it cannot change.',
  noSuchColumn: 'Your card has no such column.',
  columnFull: '{{column}} is full — pick a column with an empty cell.',
  noSuchDie: 'There are only five dice.',
  nothingToHold: 'Throw first — there are no dice on the table to hold.',
  noThrowsLeft: 'No throws left — write your dice into a cell.',
  notDeclared: 'Declare a column first, then throw.',
  allHeld: 'All five dice are held — release one to throw, or write your dice.',
  badDice: 'Those dice cannot be thrown now.',
  noSuchCell: 'Your card has no such cell.',
  wrongColumn: 'You declared {{column}} this turn — write there.',
  cellTaken: '{{cell}} is already written — pick an empty cell.',
  cellOutOfOrder: '{{column}} goes {{direction}}; next is {{next}}.',
  nothingToWrite: 'Throw at least once before writing a cell.',
} as const;

export type GameMessage = keyof typeof GAME_MESSAGES;

/** What a sentence names, as facts of the game rather than words. */
export interface GameErrorFacts {
  columns?: readonly ColumnKind[];
  variant?: Variant;
  /** The column named by {{column}} and {{cell}}. */
  column?: number;
  /** The category of {{cell}}. */
  category?: Category;
  /** The category of {{next}}. */
  next?: Category;
  /** The fill order of {{direction}}: its first and last category. */
  order?: readonly [Category, Category];
}

/** How one language names columns and categories. */
export interface FactWords {
  column(kinds: readonly ColumnKind[], index: number): string;
  category(category: Category, variant: Variant): string;
}

const ENGLISH_WORDS: FactWords = {
  column: columnLabel,
  category: categoryLabel,
};

/** The values of a sentence's {{variables}}, worded by `words`. */
export function factVars(facts: GameErrorFacts, words: FactWords = ENGLISH_WORDS): Record<string, string> {
  const vars: Record<string, string> = {};
  const variant = facts.variant ?? 'olathe';
  if (facts.columns && facts.column !== undefined) {
    vars.column = words.column(facts.columns, facts.column);
    if (facts.category) vars.cell = `${words.category(facts.category, variant)} (${vars.column})`;
  }
  if (facts.next) vars.next = words.category(facts.next, variant);
  if (facts.order)
    vars.direction = `${words.category(facts.order[0], variant)} → ${words.category(facts.order[1], variant)}`;
  return vars;
}

/** A sentence with its {{variables}} filled in. */
export function fillIn(template: string, vars: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export class GameError extends Error {
  override readonly name = 'GameError';
  constructor(
    readonly code: GameErrorCode,
    readonly sentence: GameMessage,
    readonly facts: GameErrorFacts = {},
  ) {
    super(fillIn(GAME_MESSAGES[sentence], factVars(facts)));
  }
}

export function isGameError(error: unknown): error is GameError {
  return error instanceof GameError;
}
