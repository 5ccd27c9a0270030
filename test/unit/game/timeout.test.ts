// RULES.md "Turn timeout": declare the emptiest column (leftmost on a tie), throw once only if nothing was
// thrown, write the legal cell where the dice score least (topmost on a tie); 3 in a row removes the player.
import { describe, expect, it } from 'vitest';
import type { Card, Category, Dice, GameState } from '../../../src/game/index';
import {
  TIMEOUTS_BEFORE_REMOVAL,
  applyEvent,
  emptyCard,
  filledCellCount,
  lowestScoringCell,
  scoreCard,
  scriptedRng,
  seatsToAct,
  timeoutEvent,
  withCell,
} from '../../../src/game/index';
import { SCRATCH, act, autoTurn, balutGame, d, expectGameError, olatheGame, withPlayer } from './helpers';

/** Times out `seat` with a throw of exactly `dice` (scriptedRng fails if more faces are drawn). */
function timeOut(state: GameState, seat: number, dice: Dice = SCRATCH): GameState {
  return applyEvent(state, timeoutEvent(state, seat, scriptedRng(dice)));
}

/** The card with the listed cells written (SCRATCH). */
function cardWith(card: Card, cells: [number, Category][]): Card {
  return cells.reduce((c, [column, category]) => withCell(c, { column, category }, SCRATCH), card);
}

/** Where a timeout wrote: the one cell that changed. */
function writtenCell(
  before: GameState,
  after: GameState,
  seat: number,
): { column: number; category: string; dice: Dice } {
  const changed: { column: number; category: string; dice: Dice }[] = [];
  after.players[seat]!.card.columns.forEach((col, column) => {
    for (const [category, dice] of Object.entries(col.cells)) {
      const old = before.players[seat]!.card.columns[column]!.cells[category as Category];
      if (dice && !old) changed.push({ column, category, dice });
    }
  });
  expect(changed).toHaveLength(1);
  return changed[0]!;
}

describe('the timeout event', () => {
  it('carries a throw of five fresh dice only when nothing was thrown yet', () => {
    const g = olatheGame();
    expect(timeoutEvent(g, 0, scriptedRng([1, 2, 3, 4, 5]))).toEqual({
      type: 'timeout',
      seat: 0,
      dice: [1, 2, 3, 4, 5],
    });
    const thrown = act(g, { type: 'declare', seat: 0, column: 1 }, { type: 'throw', seat: 0, dice: SCRATCH });
    // an empty script proves no face is drawn
    expect(timeoutEvent(thrown, 0, scriptedRng([]))).toEqual({ type: 'timeout', seat: 0, dice: null });
  });

  it('refuses a timeout without its throw, or with a second throw → bad-dice', () => {
    const g = olatheGame();
    expectGameError(() => applyEvent(g, { type: 'timeout', seat: 0, dice: null }), 'bad-dice');
    const thrown = act(g, { type: 'declare', seat: 0, column: 0 }, { type: 'throw', seat: 0, dice: SCRATCH });
    expectGameError(() => applyEvent(thrown, { type: 'timeout', seat: 0, dice: SCRATCH }), 'bad-dice');
  });
});

describe('Olathe: the column a timeout declares', () => {
  it('on a fresh card: the leftmost column (all equally empty)', () => {
    const g = olatheGame();
    const after = timeOut(g, 0, d(1, 2, 3, 4, 5));
    expect(writtenCell(g, after, 0).column).toBe(0);
  });

  it('the column with the most empty cells', () => {
    let g = olatheGame();
    const card = cardWith(emptyCard(g.options.columns), [
      [0, 'fours'],
      [0, 'fives'],
      [1, 'choice'],
      [2, 'fours'],
    ]); // empty: 5, 6, 6, 7
    g = withPlayer(g, 0, { card });
    const after = timeOut(g, 0);
    expect(writtenCell(g, after, 0)).toMatchObject({ column: 3, category: 'olathe' }); // Up: bottom first
  });

  it('leftmost on a tie', () => {
    let g = olatheGame();
    const card = cardWith(emptyCard(g.options.columns), [
      [0, 'fours'],
      [0, 'fives'],
      [1, 'choice'],
      [2, 'fours'],
      [3, 'olathe'],
    ]); // empty: 5, 6, 6, 6
    g = withPlayer(g, 0, { card });
    const after = timeOut(g, 0, d(6, 6, 6, 6, 6));
    expect(writtenCell(g, after, 0)).toMatchObject({ column: 1, category: 'fours' });
  });

  it('keeps a column the player already declared', () => {
    const g = act(olatheGame(), { type: 'declare', seat: 0, column: 2 });
    const after = timeOut(g, 0, d(4, 4, 4, 4, 4));
    // the Down column takes Fours next, even though 20 is not the least these dice could score elsewhere
    expect(writtenCell(g, after, 0)).toEqual({ column: 2, category: 'fours', dice: [4, 4, 4, 4, 4] });
  });

  it('writes the dice already on the table without throwing again', () => {
    const g = act(
      olatheGame(),
      { type: 'declare', seat: 0, column: 1 },
      { type: 'throw', seat: 0, dice: d(2, 3, 4, 5, 6) },
    );
    const after = applyEvent(g, timeoutEvent(g, 0, scriptedRng([])));
    // Fours 4, Fives 5, Sixes 6, Straight 20, House 0 → House
    expect(writtenCell(g, after, 0)).toEqual({ column: 1, category: 'house', dice: [2, 3, 4, 5, 6] });
  });
});

describe('the cell a timeout writes: the legal cell where the dice score least, topmost on a tie', () => {
  const cases: [string, Dice, [number, Category][], Category][] = [
    ['five sixes: Fours and Fives score 0 → Fours', d(6, 6, 6, 6, 6), [], 'fours'],
    ['five fours: Fives is the topmost 0', d(4, 4, 4, 4, 4), [], 'fives'],
    ['1-2-3-4-5: Sixes is the topmost 0', d(1, 2, 3, 4, 5), [], 'sixes'],
    ['4,5,6,1,1: Straight is the topmost 0', d(4, 5, 6, 1, 1), [], 'straight'],
    [
      'with only Fours, Fives, Choice empty, 4,5,5,5,5 → Fours (4)',
      d(4, 5, 5, 5, 5),
      [
        [0, 'sixes'],
        [0, 'straight'],
        [0, 'house'],
        [0, 'olathe'],
      ],
      'fours',
    ],
    [
      'with only Fours, Fives, Choice empty, 4,4,4,4,5 → Fives (5)',
      d(4, 4, 4, 4, 5),
      [
        [0, 'sixes'],
        [0, 'straight'],
        [0, 'house'],
        [0, 'olathe'],
      ],
      'fives',
    ],
    [
      'with only House and Choice empty, a house → House (sum) on a tie with Choice',
      d(2, 2, 5, 5, 5),
      [
        [0, 'fours'],
        [0, 'fives'],
        [0, 'sixes'],
        [0, 'straight'],
        [0, 'olathe'],
      ],
      'house',
    ],
    [
      'only Choice left → Choice',
      d(6, 6, 6, 6, 6),
      [
        [0, 'fours'],
        [0, 'fives'],
        [0, 'sixes'],
        [0, 'straight'],
        [0, 'house'],
        [0, 'olathe'],
      ],
      'choice',
    ],
  ];

  it.each(cases)('%s', (_, dice, filled, expected) => {
    let g = act(olatheGame(), { type: 'declare', seat: 0, column: 0 });
    g = withPlayer(g, 0, { card: cardWith(g.players[0]!.card, filled) });
    expect(writtenCell(g, timeOut(g, 0, dice), 0)).toMatchObject({ column: 0, category: expected });
    const thrown = act(g, { type: 'throw', seat: 0, dice });
    expect(lowestScoringCell(thrown, 0)).toEqual({ column: 0, category: expected });
  });

  it('Balut: topmost across the card first, then leftmost', () => {
    let g = balutGame(1);
    expect(writtenCell(g, timeOut(g, 0, d(6, 6, 6, 6, 6)), 0)).toMatchObject({ column: 0, category: 'fours' });
    g = withPlayer(g, 0, { card: cardWith(g.players[0]!.card, [[0, 'fours']]) });
    // Fives of Free 1 also scores 0, but Fours of Free 2 is higher on the card
    expect(writtenCell(g, timeOut(g, 0, d(6, 6, 6, 6, 6)), 0)).toMatchObject({ column: 1, category: 'fours' });
    g = withPlayer(g, 0, {
      card: cardWith(g.players[0]!.card, [
        [1, 'fours'],
        [2, 'fours'],
        [3, 'fours'],
      ]),
    });
    expect(writtenCell(g, timeOut(g, 0, d(6, 6, 6, 6, 6)), 0)).toMatchObject({ column: 0, category: 'fives' });
  });
});

describe('timeouts in a row', () => {
  it(`${TIMEOUTS_BEFORE_REMOVAL} timeouts in a row remove the player; their turns still count and their card still scores`, () => {
    expect(TIMEOUTS_BEFORE_REMOVAL).toBe(3);
    let g = olatheGame(2);
    for (let i = 1; i <= 3; i++) {
      expect(g.current).toBe(0);
      g = timeOut(g, 0, d(5, 5, 5, 5, 5));
      expect(g.players[0]!.consecutiveTimeouts).toBe(i);
      expect(g.players[0]!.turnsTaken).toBe(i);
      expect(g.players[0]!.left).toBe(i === 3);
      g = autoTurn(g);
    }
    expect(g.current).toBe(1);
    expect(seatsToAct(g)).toEqual([1]);
    expectGameError(() => applyEvent(g, { type: 'declare', seat: 0, column: 0 }), 'player-left');
    // the removed player's three cells stay on the card (Fours of Free 1, Free 2, Down: the least each time)
    expect(filledCellCount(g.players[0]!.card)).toBe(3);
    expect(scoreCard(g.players[0]!.card).columns.map((c) => c.cells.fours)).toEqual([0, 0, 0, null]);
    // seat 1 plays on alone to the end
    while (g.status === 'playing') {
      expect(g.current).toBe(1);
      g = autoTurn(g);
    }
    expect(g.status).toBe('finished');
    expect(g.players[1]!.turnsTaken).toBe(28);
    expect(g.players[0]!.turnsTaken).toBe(3);
  });

  it('a normal write resets the count', () => {
    let g = olatheGame(2);
    g = autoTurn(timeOut(g, 0));
    g = autoTurn(timeOut(g, 0));
    expect(g.players[0]!.consecutiveTimeouts).toBe(2);
    g = autoTurn(autoTurn(g)); // seat 0 writes normally
    expect(g.players[0]!.consecutiveTimeouts).toBe(0);
    g = autoTurn(timeOut(g, 0));
    g = autoTurn(timeOut(g, 0));
    expect(g.players[0]!.consecutiveTimeouts).toBe(2);
    expect(g.players[0]!.left).toBe(false);
    expect(g.current).toBe(0);
    g = timeOut(g, 0);
    expect(g.players[0]!.left).toBe(true);
  });

  it('Balut: three timeouts remove a player while the others play on', () => {
    let g = balutGame(2);
    g = autoTurn(g, SCRATCH, 1);
    g = timeOut(g, 0);
    g = timeOut(g, 0);
    expect(seatsToAct(g)).toEqual([0, 1]);
    g = timeOut(g, 0);
    expect(g.players[0]!.left).toBe(true);
    expect(seatsToAct(g)).toEqual([1]);
    expect(g.status).toBe('playing');
  });

  it('a timeout after the player threw keeps their held dice and their throw', () => {
    let g = act(
      olatheGame(),
      { type: 'declare', seat: 0, column: 0 },
      { type: 'throw', seat: 0, dice: d(3, 3, 3, 1, 1) },
      { type: 'hold', seat: 0, die: 0 },
    );
    const after = timeOut(g, 0, [] as unknown as Dice);
    expect(writtenCell(g, after, 0)).toEqual({ column: 0, category: 'fours', dice: [3, 3, 3, 1, 1] });
    g = after;
    expect(g.players[0]!.turn.dice).toBeNull();
    expect(g.current).toBe(1);
  });
});
