// Shared helpers for the tournament tests (not a test file itself).
import { expect } from 'vitest';
import { DEFAULT_LAYOUT, layoutColumns } from '../../../src/game';
import type {
  SeatResult,
  Table,
  TournamentErrorCode,
  TournamentEvent,
  TournamentInput,
  TournamentState,
} from '../../../src/tournament';
import { TournamentError, applyTournamentEvent, currentRound, newTournament } from '../../../src/tournament';

export const NOW = Date.UTC(2026, 11, 1, 18);
export const HOUR = 60 * 60_000;

export function input(over: Partial<TournamentInput> = {}): TournamentInput {
  return {
    name: 'Friday night',
    game: {
      variant: 'olathe',
      columns: layoutColumns(DEFAULT_LAYOUT.olathe),
      throwsPerTurn: 3,
      predictions: false,
    },
    startsAt: NOW + HOUR,
    rounds: 3,
    ...over,
  };
}

export function apply(state: TournamentState, ...events: TournamentEvent[]): TournamentState {
  return events.reduce(applyTournamentEvent, state);
}

/** The code a refused event or option gives. */
export function refusal(act: () => unknown): TournamentErrorCode {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(TournamentError);
    return (error as TournamentError).code;
  }
  throw new Error('not refused');
}

export const ids = (n: number, prefix = 'p'): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

/** A tournament with `people` signed up (ratings from `rating`, by default the lower the later), started. */
export function started(
  people: readonly string[],
  over: Partial<TournamentInput> = {},
  rating: (userId: string, index: number) => number = (_, i) => 2000 - i,
  fillTo = 0,
): TournamentState {
  let state = newTournament(input(over), NOW);
  for (const userId of people) state = apply(state, { type: 'join', userId, at: NOW });
  if (fillTo) state = apply(state, { type: 'fill', upTo: fillTo });
  const ratings = Object.fromEntries(people.map((userId, i) => [userId, rating(userId, i)]));
  return apply(state, { type: 'start', ratings });
}

/** A table's results as the game's standings give them: final points decide, those who left rank last. */
export function resultsOf(table: Table, finals: readonly number[], left: readonly boolean[] = []): SeatResult[] {
  const lines = table.seats.map((seat, i) => ({
    seat: i,
    userId: seat.kind === 'person' ? seat.userId : `computer:${i}`,
    finalPoints: finals[i] ?? 0,
    left: left[i] ?? false,
  }));
  const better = (a: (typeof lines)[number], b: (typeof lines)[number]) =>
    a.left !== b.left ? !a.left : a.finalPoints > b.finalPoints;
  return lines.map((line) => ({ ...line, place: 1 + lines.filter((o) => better(o, line)).length }));
}

/** Every table of the current round started and finished, each seat's final points from `finals(table, seat)`. */
export function playRound(state: TournamentState, finals: (table: Table, seat: number) => number): TournamentState {
  const round = currentRound(state)!;
  for (const table of round.tables) {
    const gameId = `g${round.number}.${table.number}`;
    state = apply(state, { type: 'table-started', round: round.number, table: table.number, gameId });
    const results = resultsOf(
      table,
      table.seats.map((_, seat) => finals(table, seat)),
    );
    state = apply(state, { type: 'table-finished', round: round.number, table: table.number, results });
  }
  return state;
}

/** The people of each table of a round, by table. */
export function peopleAt(state: TournamentState, round: number): string[][] {
  return state.rounds[round - 1]!.tables.map((t) => t.seats.flatMap((s) => (s.kind === 'person' ? [s.userId] : [])));
}

/** Repeats of a seating: for every two at one table, how often they met before. */
export function repeatsOf(tables: readonly (readonly number[])[], met: (i: number, j: number) => number): number {
  let repeats = 0;
  for (const table of tables) {
    for (let a = 0; a < table.length; a++) {
      for (let b = a + 1; b < table.length; b++) repeats += met(table[a]!, table[b]!);
    }
  }
  return repeats;
}
