// RULES.md "A turn" and "Variants": the game's flow, and every illegal move refused with a GameError.
import { describe, expect, it } from 'vitest';
import type { GameEvent, GameState } from '../../../src/game/index';
import {
  CATEGORIES,
  applyEvent,
  declarableColumns,
  emptyCard,
  isGameError,
  newGame,
  olathesScored,
  scriptedRng,
  seatsToAct,
  seededRng,
  throwEvent,
  thrownDice,
  throwsLeft,
  timeoutEvent,
  turnsPerPlayer,
  withCell,
  writableCells,
} from '../../../src/game/index';
import {
  SCRATCH,
  act,
  autoTurn,
  balutGame,
  balutOptions,
  d,
  expectGameError,
  fullCard,
  olatheGame,
  playBalutTurn,
  playOlatheTurn,
  withPlayer,
} from './helpers';

/** Expects the event to be refused with `code`, and the state to be left exactly as it was. */
function refused(state: GameState, event: GameEvent, code: Parameters<typeof expectGameError>[1]) {
  const before = structuredClone(state);
  const error = expectGameError(() => applyEvent(state, event), code);
  expect(state).toEqual(before);
  return error;
}

describe('a new game', () => {
  it('starts with empty cards, seat 0 to play, version 0', () => {
    const g = olatheGame(3);
    expect(g.status).toBe('playing');
    expect(g.current).toBe(0);
    expect(g.version).toBe(0);
    expect(g.players.map((p) => p.id)).toEqual(['p0', 'p1', 'p2']);
    for (const p of g.players) {
      expect(p.card).toEqual(emptyCard(['free', 'free', 'down', 'up']));
      expect(p.turn).toEqual({ column: null, dice: null, held: [false, false, false, false, false], throwsUsed: 0 });
      expect(p.turnsTaken).toBe(0);
      expect(p.left).toBe(false);
    }
    expect(turnsPerPlayer(g.options)).toBe(28);
    expect(() => newGame(g.options, [])).toThrow();
  });

  it('each applied event bumps the version; a refused one does not', () => {
    let g = olatheGame();
    g = act(g, { type: 'declare', seat: 0, column: 0 });
    expect(g.version).toBe(1);
    g = act(g, { type: 'throw', seat: 0, dice: SCRATCH });
    expect(g.version).toBe(2);
    expect(() => applyEvent(g, { type: 'declare', seat: 0, column: 1 })).toThrow();
    expect(g.version).toBe(2);
  });
});

describe('illegal moves are GameErrors with the right code and a plain message', () => {
  it('writing a cell that is already written → cell-taken', () => {
    let g = playOlatheTurn(olatheGame(), 0, 0, d(4, 4, 1, 2, 3), 'fours');
    g = autoTurn(g);
    g = act(g, { type: 'declare', seat: 0, column: 0 }, { type: 'throw', seat: 0, dice: d(4, 4, 4, 4, 4) });
    const e = refused(g, { type: 'write', seat: 0, column: 0, category: 'fours' }, 'cell-taken');
    expect(e.message).toContain('Fours (Free 1)');
    // the original dice stay
    expect(g.players[0]!.card.columns[0]!.cells.fours).toEqual([4, 4, 1, 2, 3]);
  });

  it('Balut: writing a taken cell → cell-taken, naming the Balut row "Balut"', () => {
    let g = playBalutTurn(balutGame(1), 0, 2, d(3, 3, 3, 3, 3), 'olathe');
    g = act(g, { type: 'throw', seat: 0, dice: SCRATCH });
    const e = refused(g, { type: 'write', seat: 0, column: 2, category: 'olathe' }, 'cell-taken');
    expect(e.message).toContain('Balut (Free 3)');
  });

  it('a Down cell out of order → cell-out-of-order; Down runs Fours first', () => {
    const g = act(olatheGame(), { type: 'declare', seat: 0, column: 2 }, { type: 'throw', seat: 0, dice: SCRATCH });
    for (const category of CATEGORIES.filter((c) => c !== 'fours')) {
      const e = refused(g, { type: 'write', seat: 0, column: 2, category }, 'cell-out-of-order');
      expect(e.message).toContain('next is Fours');
    }
    const ok = act(g, { type: 'write', seat: 0, column: 2, category: 'fours' });
    expect(ok.players[0]!.card.columns[2]!.cells.fours).toEqual(SCRATCH);
  });

  it('an Up cell out of order → cell-out-of-order; Up runs Olathe first', () => {
    const g = act(olatheGame(), { type: 'declare', seat: 0, column: 3 }, { type: 'throw', seat: 0, dice: SCRATCH });
    for (const category of CATEGORIES.filter((c) => c !== 'olathe')) {
      const e = refused(g, { type: 'write', seat: 0, column: 3, category }, 'cell-out-of-order');
      expect(e.message).toContain('next is Olathe');
    }
    // a scratch is fine: any dice may go in any legal cell
    const ok = act(g, { type: 'write', seat: 0, column: 3, category: 'olathe' });
    expect(ok.players[0]!.card.columns[3]!.cells.olathe).toEqual(SCRATCH);
  });

  it('Down and Up columns are filled in order over a whole game', () => {
    let g = olatheGame(1);
    for (const category of CATEGORIES) {
      g = playOlatheTurn(g, 0, 2, SCRATCH, category);
      g = playOlatheTurn(g, 0, 3, SCRATCH, CATEGORIES[CATEGORIES.length - 1 - CATEGORIES.indexOf(category)]!);
    }
    expect(g.players[0]!.card.columns[2]!.cells).toEqual(fullCard(['down']).columns[0]!.cells);
    expect(g.players[0]!.card.columns[3]!.cells).toEqual(fullCard(['up']).columns[0]!.cells);
  });

  it('a Free column takes any empty cell in any order', () => {
    let g = olatheGame(1);
    for (const category of ['olathe', 'fours', 'house', 'fives', 'choice', 'straight', 'sixes'] as const) {
      g = playOlatheTurn(g, 0, 1, SCRATCH, category);
    }
    expect(g.players[0]!.card.columns[1]!.cells).toEqual(fullCard(['free']).columns[0]!.cells);
  });

  it('Balut: any empty cell of the card, any column, any order, no declaration', () => {
    let g = balutGame(1);
    g = act(g, { type: 'throw', seat: 0, dice: SCRATCH });
    expect(writableCells(g, 0)).toHaveLength(28);
    g = act(g, { type: 'write', seat: 0, column: 3, category: 'olathe' });
    g = playBalutTurn(g, 0, 0, SCRATCH, 'house');
    g = playBalutTurn(g, 0, 2, SCRATCH, 'fives');
    expect(g.players[0]!.turnsTaken).toBe(3);
    expect(writableCells(act(g, { type: 'throw', seat: 0, dice: SCRATCH }), 0)).toHaveLength(25);
  });

  it('a fourth throw (of 3) → no-throws-left, also when making the throw', () => {
    const g = act(
      olatheGame(),
      { type: 'declare', seat: 0, column: 0 },
      { type: 'throw', seat: 0, dice: SCRATCH },
      { type: 'throw', seat: 0, dice: SCRATCH },
      { type: 'throw', seat: 0, dice: SCRATCH },
    );
    expect(throwsLeft(g, 0)).toBe(0);
    refused(g, { type: 'throw', seat: 0, dice: SCRATCH }, 'no-throws-left');
    expectGameError(() => throwEvent(g, 0, scriptedRng([1, 2, 3, 4, 5])), 'no-throws-left');
    // holding is pointless with no throw left
    refused(g, { type: 'hold', seat: 0, die: 0 }, 'no-throws-left');
  });

  it('throwing before declaring in Olathe → not-declared', () => {
    const g = olatheGame();
    refused(g, { type: 'throw', seat: 0, dice: SCRATCH }, 'not-declared');
    expectGameError(() => throwEvent(g, 0, scriptedRng([1, 2, 3, 4, 5])), 'not-declared');
  });

  it('acting out of turn in Olathe → not-your-turn, for every kind of turn action', () => {
    const g = act(olatheGame(3), { type: 'declare', seat: 0, column: 0 }, { type: 'throw', seat: 0, dice: SCRATCH });
    for (const seat of [1, 2]) {
      refused(g, { type: 'declare', seat, column: 0 }, 'not-your-turn');
      refused(g, { type: 'throw', seat, dice: SCRATCH }, 'not-your-turn');
      refused(g, { type: 'hold', seat, die: 0 }, 'not-your-turn');
      refused(g, { type: 'write', seat, column: 0, category: 'fours' }, 'not-your-turn');
      refused(g, { type: 'timeout', seat, dice: SCRATCH }, 'not-your-turn');
      expectGameError(() => throwEvent(g, seat, scriptedRng([1, 1, 1, 1, 1])), 'not-your-turn');
      expectGameError(() => timeoutEvent(g, seat, scriptedRng([1, 1, 1, 1, 1])), 'not-your-turn');
    }
    expect(seatsToAct(g)).toEqual([0]);
  });

  it('holding when nothing is thrown → nothing-thrown', () => {
    refused(
      act(olatheGame(), { type: 'declare', seat: 0, column: 0 }),
      { type: 'hold', seat: 0, die: 2 },
      'nothing-thrown',
    );
    refused(balutGame(), { type: 'hold', seat: 1, die: 0 }, 'nothing-thrown');
  });

  it('writing before throwing → nothing-thrown', () => {
    refused(
      act(olatheGame(), { type: 'declare', seat: 0, column: 0 }),
      { type: 'write', seat: 0, column: 0, category: 'choice' },
      'nothing-thrown',
    );
    refused(olatheGame(), { type: 'write', seat: 0, column: 0, category: 'choice' }, 'nothing-thrown');
    refused(balutGame(), { type: 'write', seat: 0, column: 0, category: 'choice' }, 'nothing-thrown');
  });

  it('declaring in Balut → declare-not-in-balut', () => {
    const e = refused(balutGame(), { type: 'declare', seat: 0, column: 0 }, 'declare-not-in-balut');
    expect(e.message).toMatch(/Balut/);
  });

  it('declaring a full column → column-full; declarableColumns leaves it out', () => {
    let g = olatheGame();
    const card = withCell(
      withCell(emptyCard(g.options.columns), { column: 1, category: 'fours' }, SCRATCH),
      { column: 1, category: 'fives' },
      SCRATCH,
    );
    const full = fullCard(['free']).columns[0]!;
    g = withPlayer(g, 0, { card: { columns: [full, ...card.columns.slice(1)] } });
    const e = refused(g, { type: 'declare', seat: 0, column: 0 }, 'column-full');
    expect(e.message).toContain('Free 1 is full');
    expect(declarableColumns(g, 0)).toEqual([1, 2, 3]);
  });

  it('declaring a column that does not exist → no-such-column', () => {
    for (const column of [-1, 4, 1.5, Number.NaN])
      refused(olatheGame(), { type: 'declare', seat: 0, column }, 'no-such-column');
  });

  it('changing the declaration → already-declared; declaring after the throw → already-thrown', () => {
    const declared = act(olatheGame(), { type: 'declare', seat: 0, column: 0 });
    const e = refused(declared, { type: 'declare', seat: 0, column: 1 }, 'already-declared');
    expect(e.message).toContain('Free 1');
    refused(declared, { type: 'declare', seat: 0, column: 0 }, 'already-declared');
    const thrown = act(declared, { type: 'throw', seat: 0, dice: SCRATCH });
    refused(thrown, { type: 'declare', seat: 0, column: 1 }, 'already-thrown');
    expect(thrown.players[0]!.turn.column).toBe(0);
  });

  it('writing outside the declared column → wrong-column', () => {
    const g = act(olatheGame(), { type: 'declare', seat: 0, column: 1 }, { type: 'throw', seat: 0, dice: SCRATCH });
    for (const column of [0, 2, 3]) {
      const e = refused(
        g,
        { type: 'write', seat: 0, column, category: column === 3 ? 'olathe' : 'fours' },
        'wrong-column',
      );
      expect(e.message).toContain('Free 2');
    }
    expect(writableCells(g, 0).every((ref) => ref.column === 1)).toBe(true);
  });

  it('writing a cell that does not exist → no-such-cell', () => {
    const g = act(balutGame(), { type: 'throw', seat: 0, dice: SCRATCH });
    refused(g, { type: 'write', seat: 0, column: 4, category: 'fours' }, 'no-such-cell');
    refused(g, { type: 'write', seat: 0, column: 0, category: 'yahtzee' as never }, 'no-such-cell');
  });

  it('throwing with all five dice held → all-held', () => {
    let g = act(olatheGame(), { type: 'declare', seat: 0, column: 0 }, { type: 'throw', seat: 0, dice: SCRATCH });
    for (let die = 0; die < 5; die++) g = act(g, { type: 'hold', seat: 0, die });
    refused(g, { type: 'throw', seat: 0, dice: SCRATCH }, 'all-held');
    expectGameError(() => throwEvent(g, 0, scriptedRng([])), 'all-held');
    // releasing one makes a throw possible again
    g = act(g, { type: 'hold', seat: 0, die: 4 });
    expect(applyEvent(g, throwEvent(g, 0, scriptedRng([6]))).players[0]!.turn.dice).toEqual([1, 1, 2, 2, 6]);
  });

  it('holding a die that does not exist → no-such-die', () => {
    const g = act(balutGame(), { type: 'throw', seat: 0, dice: SCRATCH });
    for (const die of [-1, 5, 0.5]) refused(g, { type: 'hold', seat: 0, die }, 'no-such-die');
  });

  it('a throw must be five dice 1–6, and held dice cannot change → bad-dice', () => {
    const g = act(olatheGame(), { type: 'declare', seat: 0, column: 0 });
    refused(g, { type: 'throw', seat: 0, dice: [1, 2, 3, 4, 7] as never }, 'bad-dice');
    refused(g, { type: 'throw', seat: 0, dice: [1, 2, 3, 4] as never }, 'bad-dice');
    const held = act(g, { type: 'throw', seat: 0, dice: d(1, 2, 3, 4, 5) }, { type: 'hold', seat: 0, die: 1 });
    refused(held, { type: 'throw', seat: 0, dice: d(1, 3, 3, 4, 5) }, 'bad-dice');
    expect(act(held, { type: 'throw', seat: 0, dice: d(6, 2, 6, 6, 6) }).players[0]!.turn.dice).toEqual([
      6, 2, 6, 6, 6,
    ]);
  });

  it('a seat that is not in the game → not-a-player; a player who left → player-left', () => {
    const g = olatheGame(2);
    refused(g, { type: 'declare', seat: 5, column: 0 }, 'not-a-player');
    refused(g, { type: 'predict', seat: -1, count: 1 }, 'not-a-player');
    const left = act(g, { type: 'leave', seat: 1 });
    refused(left, { type: 'predict', seat: 1, count: 1 }, 'player-left');
    refused(left, { type: 'leave', seat: 1 }, 'player-left');
    const b = act(balutGame(2), { type: 'leave', seat: 1 });
    refused(b, { type: 'throw', seat: 1, dice: SCRATCH }, 'player-left');
  });

  it('predictions: after the first throw → prediction-closed; when off → predictions-off; bad counts → bad-prediction', () => {
    let g = olatheGame(2);
    g = act(g, { type: 'predict', seat: 0, count: 2 }, { type: 'predict', seat: 0, count: 3 }); // may change before throwing
    expect(g.players[0]!.prediction).toBe(3);
    g = act(g, { type: 'declare', seat: 0, column: 0 });
    g = act(g, { type: 'predict', seat: 0, count: 4 }); // still before the first throw
    g = act(g, { type: 'throw', seat: 0, dice: SCRATCH });
    refused(g, { type: 'predict', seat: 0, count: 1 }, 'prediction-closed');
    // seat 1 has not thrown yet: may predict during seat 0's turn
    g = act(g, { type: 'predict', seat: 1, count: 0 });
    expect(g.players.map((p) => p.prediction)).toEqual([4, 0]);
    g = act(g, { type: 'write', seat: 0, column: 0, category: 'fours' });
    refused(g, { type: 'predict', seat: 0, count: 1 }, 'prediction-closed'); // after the first turn too
    for (const count of [-1, 1.5, 100, Number.NaN]) refused(g, { type: 'predict', seat: 1, count }, 'bad-prediction');
    refused(olatheGame(2, { predictions: false }), { type: 'predict', seat: 0, count: 1 }, 'predictions-off');
  });

  it('actions after the game ended (stopped or finished) → game-over', () => {
    const ended = act(olatheGame(2), { type: 'end' });
    expect(ended.status).toBe('ended');
    let finished = olatheGame(1, { columns: ['free', 'free'] });
    for (let i = 0; i < 14; i++) finished = autoTurn(finished);
    expect(finished.status).toBe('finished');
    for (const g of [ended, finished]) {
      expect(seatsToAct(g)).toEqual([]);
      const events: GameEvent[] = [
        { type: 'predict', seat: 0, count: 1 },
        { type: 'declare', seat: 0, column: 0 },
        { type: 'hold', seat: 0, die: 0 },
        { type: 'throw', seat: 0, dice: SCRATCH },
        { type: 'write', seat: 0, column: 0, category: 'fours' },
        { type: 'timeout', seat: 0, dice: SCRATCH },
        { type: 'leave', seat: 0 },
        { type: 'end' },
      ];
      for (const event of events) refused(g, event, 'game-over');
      expectGameError(() => throwEvent(g, 0, scriptedRng([1, 1, 1, 1, 1])), 'game-over');
      expectGameError(() => timeoutEvent(g, 0, scriptedRng([1, 1, 1, 1, 1])), 'game-over');
    }
  });

  it('Balut: a player whose card is full may not throw or write while others play on', () => {
    let g = balutGame(2);
    for (let i = 0; i < 28; i++) g = autoTurn(g, SCRATCH, 0);
    expect(g.status).toBe('playing');
    expect(seatsToAct(g)).toEqual([1]);
    refused(g, { type: 'throw', seat: 0, dice: SCRATCH }, 'game-over');
    expectGameError(() => throwEvent(g, 0, scriptedRng([1, 1, 1, 1, 1])), 'game-over');
    expectGameError(() => timeoutEvent(g, 0, scriptedRng([1, 1, 1, 1, 1])), 'game-over');
  });

  it('GameErrors are recognised by isGameError; plain errors are not', () => {
    let caught: unknown;
    try {
      applyEvent(balutGame(), { type: 'declare', seat: 0, column: 0 });
    } catch (e) {
      caught = e;
    }
    expect(isGameError(caught)).toBe(true);
    expect(isGameError(new Error('x'))).toBe(false);
  });
});

describe('throws and held dice', () => {
  it('held dice keep their values across throws; only the others are thrown (scriptedRng)', () => {
    let g = act(olatheGame(), { type: 'declare', seat: 0, column: 0 });
    g = applyEvent(g, throwEvent(g, 0, scriptedRng([1, 2, 3, 4, 5])));
    expect(g.players[0]!.turn.dice).toEqual([1, 2, 3, 4, 5]);
    g = act(g, { type: 'hold', seat: 0, die: 0 }, { type: 'hold', seat: 0, die: 2 });
    expect(g.players[0]!.turn.held).toEqual([true, false, true, false, false]);
    // exactly three faces are drawn: scriptedRng would fail on a fourth
    g = applyEvent(g, throwEvent(g, 0, scriptedRng([6, 6, 6])));
    expect(g.players[0]!.turn.dice).toEqual([1, 6, 3, 6, 6]);
    // toggling releases a die; holds carry over to the next throw
    g = act(g, { type: 'hold', seat: 0, die: 0 }, { type: 'hold', seat: 0, die: 4 });
    expect(g.players[0]!.turn.held).toEqual([false, false, true, false, true]);
    g = applyEvent(g, throwEvent(g, 0, scriptedRng([2, 2, 2])));
    expect(g.players[0]!.turn.dice).toEqual([2, 2, 3, 2, 6]);
    expect(g.players[0]!.turn.throwsUsed).toBe(3);
    // the next turn starts with nothing held
    g = act(g, { type: 'write', seat: 0, column: 0, category: 'choice' });
    expect(g.players[0]!.card.columns[0]!.cells.choice).toEqual([2, 2, 3, 2, 6]);
    expect(g.players[0]!.turn).toEqual({
      column: null,
      dice: null,
      held: [false, false, false, false, false],
      throwsUsed: 0,
    });
  });

  it('held dice keep their values under seededRng, over many throws', () => {
    const rng = seededRng('holds');
    for (let trial = 0; trial < 200; trial++) {
      let g = act(olatheGame(1, { throwsPerTurn: 5 }), { type: 'declare', seat: 0, column: 0 });
      g = applyEvent(g, throwEvent(g, 0, rng));
      for (let t = 1; t < 5; t++) {
        const before = g.players[0]!.turn.dice!;
        // a random hold pattern (never all five), reached by toggling
        const target = [0, 1, 2, 3, 4].map(() => rng.face() <= 3);
        if (target.every(Boolean)) target[t] = false;
        target.forEach((want, die) => {
          if (g.players[0]!.turn.held[die] !== want) g = act(g, { type: 'hold', seat: 0, die });
        });
        const held = g.players[0]!.turn.held;
        expect(held).toEqual(target);
        g = applyEvent(g, throwEvent(g, 0, rng));
        const after = g.players[0]!.turn.dice!;
        held.forEach((h, i) => {
          if (h) expect(after[i]).toBe(before[i]);
        });
      }
    }
  });

  it('throws per turn option 1–5: exactly that many throws, then no-throws-left', () => {
    for (let t = 1; t <= 5; t++) {
      let g = act(olatheGame(2, { throwsPerTurn: t }), { type: 'declare', seat: 0, column: 0 });
      for (let i = 0; i < t; i++) {
        expect(throwsLeft(g, 0)).toBe(t - i);
        g = act(g, { type: 'throw', seat: 0, dice: SCRATCH });
      }
      expect(throwsLeft(g, 0)).toBe(0);
      refused(g, { type: 'throw', seat: 0, dice: SCRATCH }, 'no-throws-left');
      g = act(g, { type: 'write', seat: 0, column: 0, category: 'fours' });
      expect(g.current).toBe(1);
      expect(throwsLeft(g, 1)).toBe(t);
    }
  });

  it('the player may stop after any throw, even the first', () => {
    const g = act(
      olatheGame(),
      { type: 'declare', seat: 0, column: 0 },
      { type: 'throw', seat: 0, dice: d(5, 5, 5, 5, 5) },
    );
    const after = act(g, { type: 'write', seat: 0, column: 0, category: 'olathe' });
    expect(after.players[0]!.card.columns[0]!.cells.olathe).toEqual([5, 5, 5, 5, 5]);
    expect(after.players[0]!.turnsTaken).toBe(1);
  });
});

describe('turn order', () => {
  it('Olathe: turns pass in seat order, one each per round', () => {
    let g = olatheGame(3);
    const order: number[] = [];
    for (let i = 0; i < 9; i++) {
      order.push(g.current);
      expect(seatsToAct(g)).toEqual([g.current]);
      g = autoTurn(g);
    }
    expect(order).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2]);
    expect(g.players.map((p) => p.turnsTaken)).toEqual([3, 3, 3]);
  });

  it('Olathe: players who left are skipped', () => {
    let g = olatheGame(4);
    g = act(g, { type: 'leave', seat: 2 }); // not their turn: the turn stays with seat 0
    expect(g.current).toBe(0);
    const order: number[] = [];
    for (let i = 0; i < 6; i++) {
      order.push(g.current);
      g = autoTurn(g);
    }
    expect(order).toEqual([0, 1, 3, 0, 1, 3]);
  });

  it('Olathe: the current player leaving passes the turn to the next seat that plays', () => {
    let g = olatheGame(3);
    g = autoTurn(g); // seat 0
    g = act(g, { type: 'declare', seat: 1, column: 0 }, { type: 'throw', seat: 1, dice: SCRATCH });
    g = act(g, { type: 'leave', seat: 1 });
    expect(g.current).toBe(2);
    expect(g.players[1]!.left).toBe(true);
    expect(g.players[1]!.turn.dice).toBeNull();
    expect(g.players[1]!.turnsTaken).toBe(0);
    g = autoTurn(g);
    expect(g.current).toBe(0);
  });

  it('Balut: simultaneous play — any seat may act in any order, each with its own turn', () => {
    let g = balutGame(3);
    expect(seatsToAct(g)).toEqual([0, 1, 2]);
    g = act(
      g,
      { type: 'throw', seat: 2, dice: d(6, 6, 6, 6, 6) },
      { type: 'throw', seat: 0, dice: d(1, 2, 3, 4, 5) },
      { type: 'hold', seat: 2, die: 0 },
      { type: 'throw', seat: 1, dice: d(2, 2, 3, 3, 3) },
      { type: 'write', seat: 0, column: 1, category: 'straight' },
      { type: 'throw', seat: 0, dice: d(4, 4, 4, 4, 1) },
      { type: 'write', seat: 1, column: 3, category: 'house' },
      { type: 'write', seat: 2, column: 0, category: 'olathe' },
      { type: 'write', seat: 0, column: 0, category: 'fours' },
    );
    expect(g.players.map((p) => p.turnsTaken)).toEqual([2, 1, 1]);
    expect(g.players[0]!.card.columns[1]!.cells.straight).toEqual([1, 2, 3, 4, 5]);
    expect(g.players[0]!.card.columns[0]!.cells.fours).toEqual([4, 4, 4, 4, 1]);
    expect(g.players[1]!.card.columns[3]!.cells.house).toEqual([2, 2, 3, 3, 3]);
    expect(g.players[2]!.card.columns[0]!.cells.olathe).toEqual([6, 6, 6, 6, 6]);
    expect(seatsToAct(g)).toEqual([0, 1, 2]);
  });

  it('Balut: players go at their own pace; the game finishes when every card is full', () => {
    let g = balutGame(2);
    for (let i = 0; i < 28; i++) g = autoTurn(g, SCRATCH, 1);
    expect(g.players.map((p) => p.turnsTaken)).toEqual([0, 28]);
    expect(g.status).toBe('playing');
    expect(seatsToAct(g)).toEqual([0]);
    for (let i = 0; i < 28; i++) g = autoTurn(g, SCRATCH, 0);
    expect(g.status).toBe('finished');
  });

  it('Olathe: a game ends when every card is full, after 7 turns per column each', () => {
    let g = olatheGame(2);
    let turns = 0;
    while (g.status === 'playing') {
      g = autoTurn(g);
      turns++;
    }
    expect(turns).toBe(2 * 28);
    expect(g.status).toBe('finished');
  });
});

describe('leaving and ending', () => {
  it('a player who leaves keeps their card; the others play on and the game finishes', () => {
    let g = olatheGame(2, { columns: ['free', 'free'] });
    g = autoTurn(g, d(6, 6, 6, 6, 6)); // seat 0 writes into Free 1 Fours
    g = act(g, { type: 'leave', seat: 0 });
    expect(g.players[0]!.left).toBe(true);
    expect(g.players[0]!.card.columns[0]!.cells.fours).toEqual([6, 6, 6, 6, 6]);
    expect(g.current).toBe(1);
    let turns = 0;
    while (g.status === 'playing') {
      expect(g.current).toBe(1);
      g = autoTurn(g);
      turns++;
    }
    expect(turns).toBe(14);
    expect(g.status).toBe('finished');
  });

  it('when everyone has left the game is ended, not finished', () => {
    let g = olatheGame(2);
    g = act(g, { type: 'leave', seat: 1 });
    expect(g.status).toBe('playing');
    g = act(g, { type: 'leave', seat: 0 });
    expect(g.status).toBe('ended');
    let b = balutGame(2);
    b = act(b, { type: 'leave', seat: 0 }, { type: 'leave', seat: 1 });
    expect(b.status).toBe('ended');
  });

  it('Balut: when the last unfinished player leaves, the game is finished', () => {
    let g = balutGame(2);
    for (let i = 0; i < 28; i++) g = autoTurn(g, SCRATCH, 0);
    g = act(g, { type: 'leave', seat: 1 });
    expect(g.status).toBe('finished');
  });

  it('end stops a game at once', () => {
    const g = act(olatheGame(3), { type: 'declare', seat: 0, column: 0 }, { type: 'end' });
    expect(g.status).toBe('ended');
  });
});

describe('olathesScored: five of a kind scored in an Olathe/Balut cell', () => {
  it('counts non-zero Olathe cells on every card, not five of a kind written elsewhere', () => {
    let g = olatheGame(2);
    expect(olathesScored(g)).toBe(0);
    g = playOlatheTurn(g, 0, 0, d(2, 2, 2, 2, 2), 'olathe'); // scored
    g = playOlatheTurn(g, 1, 0, d(3, 3, 3, 3, 3), 'fours'); // thrown but not scored as an Olathe
    expect(olathesScored(g)).toBe(1);
    g = playOlatheTurn(g, 0, 3, d(1, 2, 3, 4, 6), 'olathe'); // a scratch in the Up column's Olathe
    g = playOlatheTurn(g, 1, 3, d(6, 6, 6, 6, 6), 'olathe');
    expect(olathesScored(g)).toBe(2);
  });
});

describe('seatsToAct and writableCells', () => {
  it('writableCells is empty before the throw and lists the legal cells after', () => {
    let g = act(olatheGame(), { type: 'declare', seat: 0, column: 2 });
    expect(writableCells(g, 0)).toEqual([]);
    g = act(g, { type: 'throw', seat: 0, dice: SCRATCH });
    expect(writableCells(g, 0)).toEqual([{ column: 2, category: 'fours' }]);
    expect(writableCells(g, 9)).toEqual([]);
  });

  it('throwEvent with a fresh turn draws five faces', () => {
    const g = balutGame(1);
    const event = throwEvent(g, 0, scriptedRng([6, 5, 4, 3, 2]));
    expect(event).toEqual({ type: 'throw', seat: 0, dice: [6, 5, 4, 3, 2] });
    expect(newGame(balutOptions(), ['x']).players[0]!.turn.dice).toBeNull();
  });
});

describe('thrownDice: what the bot checks for the five-of-a-kind shout', () => {
  it('gives the dice of a throw, or of a timeout that had to throw; nothing for other events', () => {
    expect(thrownDice({ type: 'throw', seat: 0, dice: d(6, 6, 6, 6, 6) })).toEqual([6, 6, 6, 6, 6]);
    expect(thrownDice({ type: 'timeout', seat: 0, dice: d(2, 2, 2, 2, 2) })).toEqual([2, 2, 2, 2, 2]);
    expect(thrownDice({ type: 'timeout', seat: 0, dice: null })).toBeNull();
    expect(thrownDice({ type: 'write', seat: 0, column: 0, category: 'olathe' })).toBeNull();
    expect(thrownDice({ type: 'declare', seat: 0, column: 0 })).toBeNull();
    expect(thrownDice({ type: 'end' })).toBeNull();
  });
});
