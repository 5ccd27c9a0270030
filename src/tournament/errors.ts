// Every refused tournament event or option is a TournamentError: a code for code, and the facts its sentence names,
// so the Discord layer can word it in any language; the English sentence is its message (for logs).
import type { LayoutProblem } from '../game';
import { LAYOUT_PROBLEMS, LAYOUT_PROBLEM_VARS, fillIn } from '../game';

/** The English sentences, by code. {{min}}, {{max}} and {{layout}} come from TournamentErrorFacts. */
export const TOURNAMENT_MESSAGES = {
  'bad-name': 'A tournament name has 1 to {{max}} characters, on one line.',
  'bad-game-options': 'Those card options cannot make a game. {{layout}}',
  'bad-start-time': 'The start time must be between now and a year from now.',
  'bad-rounds': 'A tournament has {{min}} to {{max}} rounds.',
  'bad-table-size': 'A table seats {{min}} to {{max}} players.',
  'bad-turn-timer': 'A turn timer is {{min}} to {{max}} minutes.',
  'bad-odd-policy': 'Left-over players get computer opponents or a bye.',
  'bad-difficulty': 'Computer players are easy, normal or expert.',
  'bad-user': 'That is not a person the tournament can seat.',
  'not-in-signup': 'Sign-up for this tournament is over.',
  'signup-closed': 'Sign-up closed at the start time.',
  'edit-closed': 'A tournament can be changed only during sign-up, before its start time.',
  'nothing-to-edit': 'Say what to change: the name, start, rounds, table size, turn timer or leftovers.',
  'already-joined': 'You are already signed up.',
  'not-joined': 'You are not signed up for this tournament.',
  full: 'The tournament is full ({{max}} players).',
  'bad-fill': 'Computer players fill the field up to at most {{max}} players.',
  'too-few-players': 'A round needs at least {{min}} people.',
  'missing-rating': 'Every person needs a rating before the start.',
  'not-running': 'The tournament is not under way.',
  'no-such-table': 'This round has no such table.',
  'table-not-started': "This table's game has not started.",
  'table-started': "This table's game has already started.",
  'table-finished': "This table's results are already in.",
  'bad-results': "Those results do not match the table's seats.",
  'round-not-finished': 'Not every table of this round has finished.',
  'no-rounds-left': 'Every round has been played.',
  'already-dropped': 'You have already left the tournament.',
  'tournament-over': 'This tournament is over.',
  'bad-event': 'The tournament cannot take that request.',
} as const;

export type TournamentErrorCode = keyof typeof TOURNAMENT_MESSAGES;

export interface TournamentErrorFacts {
  readonly min?: number;
  readonly max?: number;
  /** Which of the engine's layout rules the card options break (the catalogues' layout.* keys). */
  readonly layout?: LayoutProblem | 'variant' | 'columns' | 'predictions' | 'hints';
}

export class TournamentError extends Error {
  override readonly name = 'TournamentError';
  constructor(
    readonly code: TournamentErrorCode,
    readonly facts: TournamentErrorFacts = {},
  ) {
    const { layout, ...numbers } = facts;
    super(fillIn(TOURNAMENT_MESSAGES[code], { ...numbers, ...(layout ? { layout: layoutSentence(layout) } : {}) }));
  }
}

function layoutSentence(layout: NonNullable<TournamentErrorFacts['layout']>): string {
  if (layout === 'variant') return 'The variant must be Olathe or Balut.';
  if (layout === 'columns') return 'Columns are Free, Down or Up.';
  if (layout === 'predictions') return 'Predictions are either on or off.';
  if (layout === 'hints') return 'Hints are either on or off.';
  return fillIn(LAYOUT_PROBLEMS[layout], LAYOUT_PROBLEM_VARS);
}

export function isTournamentError(error: unknown): error is TournamentError {
  return error instanceof TournamentError;
}
