// Property tests (fast-check): score bounds, cells never overwritten, whole random games, replay.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Category, ColumnKind, Dice, GameEvent, GameOptions, GameState, Rng } from '../../../src/game/index';
import {
  CATEGORIES,
  GameError,
  applyEvent,
  declarableColumns,
  isCardFull,
  layoutColumns,
  layoutProblem,
  newGame,
  replay,
  scoreCard,
  scoreCell,
  seatsToAct,
  seededRng,
  throwEvent,
  throwsLeft,
  timeoutEvent,
  turnsPerPlayer,
  writableCells,
} from '../../../src/game/index';
import { cardOf, freeColumns } from './helpers';

const face = fc.integer({ min: 1, max: 6 });
const dice: fc.Arbitrary<Dice> = fc.tuple(face, face, face, face, face) as unknown as fc.Arbitrary<Dice>;

/** Every layout a game may use: Olathe Free 2–4 / Down 0–1 / Up 0–1, and Balut 4 Free. */
const gameLayout: fc.Arbitrary<{ variant: 'olathe' | 'balut'; columns: ColumnKind[] }> = fc.oneof(
  fc
    .record({
      free: fc.integer({ min: 2, max: 4 }),
      down: fc.integer({ min: 0, max: 1 }),
      up: fc.integer({ min: 0, max: 1 }),
    })
    .map((counts) => {
      expect(layoutProblem('olathe', counts)).toBeNull();
      return { variant: 'olathe' as const, columns: layoutColumns(counts) };
    }),
  fc.constant({ variant: 'balut' as const, columns: freeColumns(4) }),
);

/** A small seeded chooser for the random players' decisions (separate from the dice). */
function chooser(seed: number) {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('nothing to pick from');
      return items[Math.floor(next() * items.length)]!;
    },
  };
}

interface PlayOptions {
  timeouts?: number; // chance a turn times out at some point
  leaves?: number; // chance per step that the acting player leaves
  predictions?: number;
}

/**
 * Plays a whole game with random legal moves; returns the events made and the final state.
 * Every event is one the engine accepts (a refusal would throw here and fail the test).
 */
function playRandomGame(
  options: GameOptions,
  players: number,
  seed: number,
  play: PlayOptions = {},
): { events: GameEvent[]; state: GameState; writes: number[] } {
  const ids = Array.from({ length: players }, (_, i) => `u${i}`);
  const rng: Rng = seededRng(seed);
  const c = chooser(seed ^ 0x5bd1e995);
  let state = newGame(options, ids);
  const events: GameEvent[] = [];
  const writes = Array<number>(players).fill(0);
  const apply = (event: GameEvent) => {
    state = applyEvent(state, event);
    events.push(event);
  };
  let steps = 0;
  while (state.status === 'playing') {
    if (++steps > 20_000) throw new Error('the game did not end');
    const seat = c.pick(seatsToAct(state));
    const player = state.players[seat]!;
    if (play.leaves && c.chance(play.leaves)) {
      apply({ type: 'leave', seat });
      continue;
    }
    if (play.timeouts && c.chance(play.timeouts)) {
      apply(timeoutEvent(state, seat, rng));
      continue;
    }
    if (
      options.predictions &&
      player.turnsTaken === 0 &&
      player.turn.dice === null &&
      c.chance(play.predictions ?? 0)
    ) {
      apply({ type: 'predict', seat, count: c.pick([0, 1, 2, 3]) });
      continue;
    }
    if (options.variant === 'olathe' && player.turn.column === null) {
      apply({ type: 'declare', seat, column: c.pick(declarableColumns(state, seat)) });
      continue;
    }
    if (player.turn.dice === null) {
      apply(throwEvent(state, seat, rng));
      continue;
    }
    if (throwsLeft(state, seat) > 0 && c.chance(0.5)) {
      // re-throw: toggle a few holds (never all five), then throw
      for (let i = 0; i < 3; i++) if (c.chance(0.5)) apply({ type: 'hold', seat, die: c.pick([0, 1, 2, 3, 4]) });
      if (state.players[seat]!.turn.held.every(Boolean)) apply({ type: 'hold', seat, die: c.pick([0, 1, 2, 3, 4]) });
      apply(throwEvent(state, seat, rng));
      continue;
    }
    const cell = c.pick(writableCells(state, seat));
    apply({ type: 'write', seat, column: cell.column, category: cell.category });
    writes[seat]!++;
  }
  return { events, state, writes };
}

describe('property: the final score of a full 4-column card lies in −2 … 29', () => {
  it('for random full cards', () => {
    fc.assert(
      fc.property(fc.array(dice, { minLength: 28, maxLength: 28 }), (all) => {
        const kinds = freeColumns(4);
        const cells = kinds.map((_, column) =>
          Object.fromEntries(CATEGORIES.map((category, row) => [category, all[column * 7 + row]!])),
        ) as Partial<Record<Category, Dice>>[];
        const b = scoreCard(cardOf(kinds, cells));
        expect(b.final).toBeGreaterThanOrEqual(-2);
        expect(b.final).toBeLessThanOrEqual(29);
        expect(b.final).toBe(b.incentiveTotal + b.modifier);
        const raw = all.reduce((sum, ds, i) => sum + scoreCell(CATEGORIES[i % 7]!, ds), 0);
        expect(b.rawTotal).toBe(raw);
      }),
      { numRuns: 500 },
    );
  });

  it('for random full cards biased towards high scores', () => {
    const good: Record<Category, fc.Arbitrary<Dice>> = {
      fours: fc.constantFrom<Dice>([4, 4, 4, 4, 4], [4, 4, 4, 4, 1], [4, 4, 4, 1, 1]),
      fives: fc.constantFrom<Dice>([5, 5, 5, 5, 5], [5, 5, 5, 5, 1], [5, 5, 5, 1, 1]),
      sixes: fc.constantFrom<Dice>([6, 6, 6, 6, 6], [6, 6, 6, 6, 1], [6, 6, 6, 1, 1]),
      straight: fc.constantFrom<Dice>([1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [1, 2, 3, 4, 6]),
      house: fc.constantFrom<Dice>([6, 6, 6, 5, 5], [1, 1, 1, 2, 2], [6, 6, 6, 6, 6]),
      choice: dice,
      olathe: fc.oneof(
        face.map((f) => [f, f, f, f, f] as unknown as Dice),
        dice,
      ),
    };
    const column = fc.record(good);
    fc.assert(
      fc.property(fc.array(column, { minLength: 4, maxLength: 4 }), (cols) => {
        const b = scoreCard(cardOf(freeColumns(4), cols));
        expect(b.final).toBeGreaterThanOrEqual(-2);
        expect(b.final).toBeLessThanOrEqual(29);
      }),
      { numRuns: 500 },
    );
  });
});

describe('property: a written cell never changes', () => {
  type Kind = 'declare' | 'hold' | 'throw' | 'write' | 'overwrite' | 'timeout' | 'leave' | 'predict';
  /**
   * An action is an intent plus raw numbers. With `aimed` set it is resolved against the state (the seat
   * to act, a legal column or cell, or — for 'overwrite' — a cell already written); otherwise the raw
   * values are used as they are, so out-of-range seats, columns and dice are tried too.
   */
  interface Action {
    kind: Kind;
    aimed: boolean;
    pick: number;
    seat: number;
    column: number;
    category: Category;
    die: number;
    dice: Dice;
    count: number;
  }

  const kind = fc.oneof(
    { weight: 3, arbitrary: fc.constant<Kind>('declare') },
    { weight: 2, arbitrary: fc.constant<Kind>('hold') },
    { weight: 4, arbitrary: fc.constant<Kind>('throw') },
    { weight: 5, arbitrary: fc.constant<Kind>('write') },
    { weight: 3, arbitrary: fc.constant<Kind>('overwrite') },
    { weight: 1, arbitrary: fc.constant<Kind>('timeout') },
    { weight: 1, arbitrary: fc.constant<Kind>('predict') },
  );
  const action: fc.Arbitrary<Action> = fc.record({
    // leaving is rare, so that games go on long enough to fill cells
    kind: fc.oneof({ weight: 250, arbitrary: kind }, { weight: 1, arbitrary: fc.constant<Kind>('leave') }),
    aimed: fc.integer({ min: 0, max: 3 }).map((n) => n > 0), // 3 in 4 aimed
    pick: fc.nat(),
    seat: fc.integer({ min: -1, max: 3 }),
    column: fc.integer({ min: -1, max: 4 }),
    category: fc.constantFrom(...CATEGORIES),
    die: fc.integer({ min: -1, max: 5 }),
    dice,
    count: fc.integer({ min: -1, max: 5 }),
  });

  function toEvent(a: Action, state: GameState): GameEvent {
    const at = <T>(items: readonly T[]): T | undefined => items[a.pick % Math.max(1, items.length)];
    const seat = a.aimed ? (at(seatsToAct(state)) ?? a.seat) : a.seat;
    const player = state.players[seat];
    switch (a.kind) {
      case 'declare': {
        const column = a.aimed ? (at(declarableColumns(state, seat)) ?? a.column) : a.column;
        return { type: 'declare', seat, column };
      }
      case 'hold':
        return { type: 'hold', seat, die: a.die };
      case 'throw': {
        // an aimed throw keeps the held dice, as throwEvent does
        const turn = player?.turn;
        const thrown =
          a.aimed && turn?.dice
            ? (a.dice.map((f, i) => (turn.held[i] ? turn.dice![i]! : f)) as unknown as Dice)
            : a.dice;
        return { type: 'throw', seat, dice: thrown };
      }
      case 'write': {
        const cell = a.aimed ? at(writableCells(state, seat)) : undefined;
        return { type: 'write', seat, column: cell?.column ?? a.column, category: cell?.category ?? a.category };
      }
      case 'overwrite': {
        const written =
          player?.card.columns.flatMap((col, column) =>
            CATEGORIES.filter((category) => col.cells[category] !== null).map((category) => ({ column, category })),
          ) ?? [];
        const cell = at(written);
        return { type: 'write', seat, column: cell?.column ?? a.column, category: cell?.category ?? a.category };
      }
      case 'timeout':
        // a timeout carries dice only when nothing was thrown (as timeoutEvent makes it)
        return { type: 'timeout', seat, dice: player?.turn.dice ? null : a.dice };
      case 'leave':
        return { type: 'leave', seat };
      case 'predict':
        return { type: 'predict', seat, count: a.count };
    }
  }

  it('under random legal and illegal actions, in both variants', () => {
    const tally = { written: 0, overwriteRefused: 0, refused: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom('olathe' as const, 'balut' as const),
        fc.integer({ min: 1, max: 3 }),
        fc.array(action, { minLength: 50, maxLength: 400, size: 'max' }),
        (variant, players, actions) => {
          const options: GameOptions = {
            variant,
            columns: variant === 'balut' ? freeColumns(4) : ['free', 'free', 'down', 'up'],
            throwsPerTurn: 3,
            predictions: true,
          };
          let state = newGame(
            options,
            Array.from({ length: players }, (_, i) => `u${i}`),
          );
          let accepted = 0;
          for (const a of actions) {
            const event = toEvent(a, state);
            let next: GameState;
            try {
              next = applyEvent(state, event);
            } catch (error) {
              expect(error).toBeInstanceOf(GameError); // every refusal is a GameError
              tally.refused++;
              if (a.kind === 'overwrite' && (error as GameError).code === 'cell-taken') tally.overwriteRefused++;
              continue;
            }
            accepted++;
            if (event.type === 'write' || event.type === 'timeout') tally.written++;
            // every cell written before is still there, with the same dice
            state.players.forEach((p, s) =>
              p.card.columns.forEach((col, c) => {
                for (const category of CATEGORIES) {
                  const old = col.cells[category];
                  if (old !== null) expect(next.players[s]!.card.columns[c]!.cells[category]).toEqual(old);
                }
              }),
            );
            state = next;
          }
          expect(state.version).toBe(accepted);
        },
      ),
      { numRuns: 100 },
    );
    // the sequences really do write many cells, and really do try to overwrite them
    expect(tally.written).toBeGreaterThan(700);
    expect(tally.overwriteRefused).toBeGreaterThan(150);
    expect(tally.refused).toBeGreaterThan(1000);
  });
});

describe('property: whole games with random legal moves', () => {
  it('P players (1–8) on C columns end after exactly 7·C turns each, finished, every card full', () => {
    fc.assert(
      fc.property(
        gameLayout,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer(),
        (layout, players, throwsPerTurn, seed) => {
          const options: GameOptions = {
            ...layout,
            throwsPerTurn: layout.variant === 'balut' ? 3 : throwsPerTurn,
            predictions: false,
          };
          const { state, writes } = playRandomGame(options, players, seed);
          const turns = 7 * layout.columns.length;
          expect(turnsPerPlayer(options)).toBe(turns);
          expect(state.status).toBe('finished');
          for (const p of state.players) {
            expect(p.turnsTaken).toBe(turns);
            expect(isCardFull(p.card)).toBe(true);
          }
          expect(writes).toEqual(Array<number>(players).fill(turns));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('replaying a game’s recorded events rebuilds a deep-equal state (with predictions, timeouts and leaves)', () => {
    const seen = { timeout: 0, leave: 0, predict: 0, removed: 0 };
    fc.assert(
      fc.property(
        gameLayout,
        fc.integer({ min: 1, max: 6 }),
        fc.integer(),
        fc.boolean(),
        (layout, players, seed, stopEarly) => {
          const options: GameOptions = { ...layout, throwsPerTurn: 3, predictions: true };
          const { events, state } = playRandomGame(options, players, seed, {
            timeouts: 0.05,
            leaves: 0.002,
            predictions: 0.5,
          });
          const ids = state.players.map((p) => p.id);
          for (const e of events)
            if (e.type === 'timeout' || e.type === 'leave' || e.type === 'predict') seen[e.type]++;
          const leaves = events.filter((e) => e.type === 'leave').length;
          seen.removed += state.players.filter((p) => p.left).length - leaves;
          expect(replay(options, ids, events)).toEqual(state);
          expect(state.version).toBe(events.length);
          // any prefix replays to the same state as applying it step by step
          const cut = stopEarly ? Math.floor(events.length / 2) : events.length;
          let stepwise = newGame(options, ids);
          for (const e of events.slice(0, cut)) stepwise = applyEvent(stepwise, e);
          expect(replay(options, ids, events.slice(0, cut))).toEqual(stepwise);
          // events survive a JSON round trip (they are stored as JSON)
          expect(replay(options, ids, JSON.parse(JSON.stringify(events)) as GameEvent[])).toEqual(state);
        },
      ),
      { numRuns: 40 },
    );
    // the recorded games did contain every kind of event
    expect(seen.timeout).toBeGreaterThan(0);
    expect(seen.leave).toBeGreaterThan(0);
    expect(seen.predict).toBeGreaterThan(0);
  });

  it('the same seed plays the same game; the engine never mutates a state it is given', () => {
    const options: GameOptions = {
      variant: 'olathe',
      columns: ['free', 'free', 'down', 'up'],
      throwsPerTurn: 3,
      predictions: true,
    };
    const a = playRandomGame(options, 3, 42);
    const b = playRandomGame(options, 3, 42);
    expect(a.events).toEqual(b.events);
    let state = newGame(options, ['u0', 'u1', 'u2']);
    for (const e of a.events) {
      const frozen = structuredClone(state);
      const next = applyEvent(state, e);
      expect(state).toEqual(frozen);
      state = next;
    }
    expect(state).toEqual(a.state);
  });
});
