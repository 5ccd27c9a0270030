// The service's pure helpers: stamps, deadlines, option checks, and the event ↔ row mapping.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent, GameOptions, GameState } from '../../../src/game';
import {
  applyEvent,
  declarableColumns,
  newGame,
  seatsToAct,
  seededRng,
  throwEvent,
  timeoutEvent,
  writableCells,
} from '../../../src/game';
import { eventFromRow, eventRow } from '../../../src/db/event-rows';
import { dueSeats, earliestDeadline, nextDeadlines } from '../../../src/service/deadlines';
import { normalOptions, optionsProblem, turnTimeoutProblem } from '../../../src/service/options';
import { stampIsAhead, turnStamp } from '../../../src/service/stamp';

const OLATHE: GameOptions = {
  variant: 'olathe',
  columns: ['free', 'free', 'down', 'up'],
  throwsPerTurn: 3,
  predictions: true,
};
const BALUT: GameOptions = {
  variant: 'balut',
  columns: ['free', 'free', 'free', 'free'],
  throwsPerTurn: 3,
  predictions: false,
};

describe('turnStamp', () => {
  it('is turns taken and throws used', () => {
    const state = newGame(OLATHE, ['a']);
    expect(turnStamp(state.players[0]!)).toBe('0.0');
    let s = applyEvent(state, { type: 'declare', seat: 0, column: 0 });
    expect(turnStamp(s.players[0]!)).toBe('0.0');
    s = applyEvent(s, { type: 'throw', seat: 0, dice: [1, 2, 3, 4, 5] });
    expect(turnStamp(s.players[0]!)).toBe('0.1');
    s = applyEvent(s, { type: 'write', seat: 0, column: 0, category: 'choice' });
    expect(turnStamp(s.players[0]!)).toBe('1.0');
  });

  it('tells a card ahead of the saved moment from an old one', () => {
    const state = applyEvent(newGame(OLATHE, ['a']), { type: 'declare', seat: 0, column: 0 });
    const thrown = applyEvent(state, { type: 'throw', seat: 0, dice: [1, 2, 3, 4, 5] }).players[0]!; // 0.1
    expect(['0.2', '1.0', '10.0'].map((stamp) => stampIsAhead(stamp, thrown))).toEqual([true, true, true]);
    expect(['0.0', '0.1'].map((stamp) => stampIsAhead(stamp, thrown))).toEqual([false, false]);
  });
});

describe('deadlines', () => {
  it('start a clock for every seat that may act, and keep it within a turn', () => {
    const start = newGame(OLATHE, ['a', 'b']);
    const d0 = nextDeadlines(null, start, {}, 1000, 50);
    expect(d0).toEqual({ 0: 1050 });
    const declared = applyEvent(start, { type: 'declare', seat: 0, column: 0 });
    expect(nextDeadlines(start, declared, d0, 1020, 50)).toEqual({ 0: 1050 });
    const thrown = applyEvent(declared, { type: 'throw', seat: 0, dice: [1, 1, 1, 1, 1] });
    const written = applyEvent(thrown, { type: 'write', seat: 0, column: 0, category: 'olathe' });
    expect(nextDeadlines(thrown, written, d0, 1030, 50)).toEqual({ 1: 1080 });
  });

  it('Balut: each seat separately; a seat whose card is full has none', () => {
    let state = newGame({ ...BALUT, columns: ['free', 'free', 'free', 'free'] }, ['a', 'b']);
    let d = nextDeadlines(null, state, {}, 0, 10);
    expect(d).toEqual({ 0: 10, 1: 10 });
    const before = state;
    state = applyEvent(state, { type: 'throw', seat: 1, dice: [2, 2, 2, 2, 2] });
    state = applyEvent(state, { type: 'write', seat: 1, column: 0, category: 'fours' });
    d = nextDeadlines(before, state, d, 5, 10);
    expect(d).toEqual({ 0: 10, 1: 15 });
    expect(earliestDeadline(d)).toBe(10);
    expect(earliestDeadline({})).toBeNull();
    expect(dueSeats({ 0: 10, 1: 5, 2: 30 }, 10)).toEqual([1, 0]);
    expect(dueSeats({ 3: 7, 1: 7 }, 7)).toEqual([1, 3]);
  });
});

describe('option checks', () => {
  it('accept every allowed layout and refuse the rest', () => {
    expect(optionsProblem(OLATHE)).toBeNull();
    expect(optionsProblem(BALUT)).toBeNull();
    expect(optionsProblem({ ...OLATHE, columns: ['free', 'free'] })).toBeNull();
    expect(
      optionsProblem({ ...OLATHE, columns: ['up', 'free', 'free', 'free', 'free', 'down'], throwsPerTurn: 5 }),
    ).toBeNull();
    expect(optionsProblem({ ...OLATHE, columns: ['free'] })).toMatch(/2 to 4 Free/);
    expect(optionsProblem({ ...OLATHE, predictions: 'yes' as unknown as boolean })).toMatch(/on or off/);
    expect(optionsProblem(null as unknown as GameOptions)).toMatch(/variant/);
    expect(optionsProblem({ ...OLATHE, hints: 'no' as unknown as boolean })).toMatch(/Hints/);
    expect(normalOptions({ ...OLATHE, hints: false })).toEqual({ ...OLATHE, hints: false });
    expect(normalOptions({ ...OLATHE, hints: true })).toEqual(OLATHE); // on is the default, not stored
    expect(turnTimeoutProblem(600_000)).toBeNull();
    expect(turnTimeoutProblem(999)).not.toBeNull();
    expect(turnTimeoutProblem(1.5e3 + 0.5)).not.toBeNull();
  });
});

/** A random legal game: a list of (before, event, after). */
function randomGame(
  seed: number,
  options: GameOptions,
  players: number,
): Array<{ before: GameState; event: GameEvent; after: GameState }> {
  const rng = seededRng(seed);
  const pick = (n: number) => (rng.face() * 31 + rng.face()) % n;
  let state = newGame(
    options,
    Array.from({ length: players }, (_, i) => `p${i}`),
  );
  const steps = [];
  while (state.status === 'playing' && steps.length < 400) {
    const seats = seatsToAct(state);
    const seat = seats[pick(seats.length)]!;
    const p = state.players[seat]!;
    let event: GameEvent;
    const r = pick(12);
    if (r === 0 && options.predictions && p.turnsTaken === 0 && !p.turn.dice)
      event = { type: 'predict', seat, count: pick(5) };
    else if (r === 1) event = timeoutEvent(state, seat, rng);
    else if (r === 2 && pick(30) === 0) event = { type: 'leave', seat };
    else if (options.variant === 'olathe' && p.turn.column === null)
      event = {
        type: 'declare',
        seat,
        column: declarableColumns(state, seat)[pick(declarableColumns(state, seat).length)]!,
      };
    else if (!p.turn.dice || (p.turn.throwsUsed < options.throwsPerTurn && r < 6 && !p.turn.held.every(Boolean)))
      event = throwEvent(state, seat, rng);
    else if (p.turn.throwsUsed < options.throwsPerTurn && r < 9) event = { type: 'hold', seat, die: pick(5) };
    else {
      const cells = writableCells(state, seat);
      const cell = cells[pick(cells.length)]!;
      event = { type: 'write', seat, column: cell.column, category: cell.category };
    }
    const after = applyEvent(state, event);
    steps.push({ before: state, event, after });
    state = after;
  }
  if (state.status === 'playing')
    steps.push({ before: state, event: { type: 'end' } as GameEvent, after: applyEvent(state, { type: 'end' }) });
  return steps;
}

describe('events as rows', () => {
  it('every event rebuilds from its row; written cells and five-of-a-kind flags match the game', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom(OLATHE, BALUT),
        fc.integer({ min: 1, max: 4 }),
        (seed, options, players) => {
          for (const { before, event, after } of randomGame(seed, options, players)) {
            const row = eventRow(7, 123, before, event, after);
            expect(row.seq).toBe(after.version);
            expect(eventFromRow(row)).toEqual(event);
            if (event.type === 'write' || event.type === 'timeout') {
              const cells = after.players[event.seat]!.card.columns[row.col!]!.cells;
              expect(JSON.parse(row.written!)).toEqual(cells[row.category!]);
              expect(before.players[event.seat]!.card.columns[row.col!]!.cells[row.category!]).toBeNull();
            }
            if (row.dice) expect(row.five).toBe(new Set(JSON.parse(row.dice) as number[]).size === 1 ? 1 : 0);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
