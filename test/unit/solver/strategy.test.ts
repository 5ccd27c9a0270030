import { describe, expect, it } from 'vitest';
import type { ColumnKind, GameEvent, GameOptions, GameState, Variant } from '../../../src/game/index';
import {
  applyEvent,
  legalCells,
  newGame,
  scoreCard,
  seededRng,
  seatsToAct,
  timeoutEvent,
  writableCells,
  declarableColumns,
} from '../../../src/game/index';
import { headToHead } from '../../../src/cli/simulate';
import type { Difficulty } from '../../../src/solver/strategy';
import { DIFFICULTIES, chooseDecision, decisionEvents, playBotTurn } from '../../../src/solver/strategy';
import { ACCURACY_TOLERANCE, analyseGame, hint } from '../../../src/solver/advice';

const OLATHE_CARD: ColumnKind[] = ['free', 'free', 'down', 'up'];
const BALUT_CARD: ColumnKind[] = ['free', 'free', 'free', 'free'];

function options(variant: Variant, columns: readonly ColumnKind[], throwsPerTurn = 3): GameOptions {
  return { variant, columns, throwsPerTurn, predictions: false };
}

/** Plays a whole game with bots, checking every decision against what the engine allows at that moment. */
function playChecked(
  opts: GameOptions,
  difficulties: Difficulty[],
  seed: string,
): { state: GameState; events: GameEvent[] } {
  const rng = seededRng(seed);
  let state = newGame(
    opts,
    difficulties.map((d, i) => `${d}${i}`),
  );
  const events: GameEvent[] = [];
  let steps = 0;
  while (state.status === 'playing') {
    const seat = seatsToAct(state)[0]!;
    const player = state.players[seat]!;
    const d = chooseDecision(state, seat, difficulties[seat]!);
    switch (d.kind) {
      case 'declare':
        expect(opts.variant).toBe('olathe');
        expect(player.turn.column).toBeNull();
        expect(declarableColumns(state, seat)).toContain(d.column);
        break;
      case 'throw':
        expect(player.turn.throwsUsed).toBeLessThan(opts.throwsPerTurn);
        break;
      case 'hold':
        expect(player.turn.dice).not.toBeNull();
        expect(d.held.filter(Boolean).length).toBeLessThan(5);
        expect(player.turn.throwsUsed).toBeLessThan(opts.throwsPerTurn);
        break;
      case 'write':
        expect(writableCells(state, seat)).toContainEqual({ column: d.column, category: d.category });
        break;
    }
    for (const e of decisionEvents(state, seat, d, rng)) {
      state = applyEvent(state, e); // throws a GameError on any illegal move
      events.push(e);
    }
    if (++steps > 5000) throw new Error('the bot does not finish the game');
  }
  return { state, events };
}

describe('computer players', () => {
  for (const difficulty of DIFFICULTIES) {
    it(`plays a whole legal Balut game (${difficulty})`, () => {
      const { state } = playChecked(options('balut', BALUT_CARD), [difficulty], `balut-${difficulty}`);
      expect(state.status).toBe('finished');
      const card = state.players[0]!.card;
      expect(legalCells(card, null)).toHaveLength(0);
    });

    it(`plays a whole legal Olathe game (${difficulty})`, () => {
      const { state } = playChecked(options('olathe', OLATHE_CARD), [difficulty], `olathe-${difficulty}`);
      expect(state.status).toBe('finished');
      // The Down column went top to bottom and the Up column bottom to top: the engine enforced it.
    });
  }

  it('plays two-player Olathe games on other layouts and throw counts', () => {
    playChecked(options('olathe', ['free', 'free', 'free', 'down'], 1), ['expert', 'easy'], 'one-throw');
    playChecked(
      options('olathe', ['free', 'free', 'free', 'free', 'down', 'up'], 5),
      ['normal', 'expert'],
      'five-throws',
    );
    playChecked(options('olathe', ['free', 'free'], 2), ['expert', 'expert'], 'two-columns');
  });

  it('plays a two-player Balut game in any interleaving', () => {
    playChecked(options('balut', BALUT_CARD), ['expert', 'easy'], 'balut-two');
  });

  it('always writes five of a kind into an open Olathe cell', () => {
    let state = newGame(options('balut', BALUT_CARD), ['bot']);
    state = applyEvent(state, { type: 'throw', seat: 0, dice: [6, 6, 6, 6, 6] });
    expect(chooseDecision(state, 0, 'expert')).toEqual({ kind: 'write', column: 0, category: 'olathe' });
    expect(chooseDecision(state, 0, 'easy')).toEqual({ kind: 'write', column: 0, category: 'olathe' });
  });

  it('plays a turn with playBotTurn and is deterministic for a seed', () => {
    const a = playBotTurn(newGame(options('olathe', OLATHE_CARD), ['x']), 0, 'expert', seededRng(5));
    const b = playBotTurn(newGame(options('olathe', OLATHE_CARD), ['x']), 0, 'expert', seededRng(5));
    expect(a.events).toEqual(b.events);
    expect(a.events[0]!.type).toBe('declare');
    expect(a.events.at(-1)!.type).toBe('write');
    expect(a.state.players[0]!.turnsTaken).toBe(1);
  });

  it('scores better with expert than with easy over a few games', () => {
    let easy = 0;
    let expert = 0;
    for (let g = 0; g < 6; g++) {
      easy += scoreCard(playChecked(options('balut', BALUT_CARD), ['easy'], `cmp${g}`).state.players[0]!.card).final;
      expert += scoreCard(
        playChecked(options('balut', BALUT_CARD), ['expert'], `cmp${g}`).state.players[0]!.card,
      ).final;
    }
    expect(expert).toBeGreaterThan(easy);
  });
});

describe('head to head', () => {
  it('has expert beat easy in most two-player Balut games', () => {
    const h = headToHead('balut', BALUT_CARD, 'expert', 'easy', 24, 11);
    expect(h.games).toBe(24);
    expect(h.wins + h.losses + h.ties).toBe(24);
    expect(h.winRate).toBeGreaterThanOrEqual(0.6); // the bench measures ≥ 75 % over 2,000 games
  });
});

describe('hint', () => {
  it('ranks the columns before an Olathe declaration', () => {
    const state = newGame(options('olathe', OLATHE_CARD), ['a']);
    const h = hint(state, 0)!;
    expect(h.situation).toBe('declare');
    expect(h.choices.length).toBe(3);
    expect(h.choices[0]!.behindBest).toBe(0);
    for (const c of h.choices) expect(c.kind).toBe('declare');
    expect(h.choices[0]!.expectedFinal).toBeGreaterThanOrEqual(h.choices[1]!.expectedFinal);
    expect(h.throwsLeft).toBe(3);
  });

  it('says to throw before the first throw', () => {
    const state = newGame(options('balut', BALUT_CARD), ['a']);
    const h = hint(state, 0)!;
    expect(h.situation).toBe('throw');
    expect(h.choices).toHaveLength(1);
  });

  it('ranks holds after a throw and cells after the last throw', () => {
    let state = newGame(options('balut', BALUT_CARD), ['a']);
    state = applyEvent(state, { type: 'throw', seat: 0, dice: [2, 3, 4, 5, 1] });
    const h = hint(state, 0)!;
    expect(h.situation).toBe('hold');
    expect(h.choices.length).toBe(3);
    expect(h.choices[0]).toMatchObject({ kind: 'write', category: 'straight' }); // stop and write the straight
    expect(h.throwsLeft).toBe(2);
    for (let i = 1; i < 3; i++) expect(h.choices[i]!.behindBest).toBeGreaterThanOrEqual(0);
    state = applyEvent(state, { type: 'hold', seat: 0, die: 0 });
    state = applyEvent(state, { type: 'throw', seat: 0, dice: [2, 6, 6, 6, 2] });
    state = applyEvent(state, { type: 'throw', seat: 0, dice: [2, 6, 6, 6, 2] });
    const w = hint(state, 0)!;
    expect(w.situation).toBe('write');
    expect(w.choices[0]).toMatchObject({ kind: 'write', category: 'house', behindBest: 0 });
    expect(w.throwsLeft).toBe(0);
    expect(w.choices.every((c) => c.kind === 'write')).toBe(true);
    expect(w.choices[1]!.behindBest).toBeCloseTo(w.choices[0]!.expectedFinal - w.choices[1]!.expectedFinal, 10);
  });

  it('has nothing to say when the seat cannot act', () => {
    const state = newGame(options('olathe', OLATHE_CARD), ['a', 'b']);
    expect(hint(state, 1)).toBeNull();
    expect(() => chooseDecision(state, 1, 'expert')).toThrow(/cannot act/);
  });
});

describe('post-game analysis', () => {
  it('finds no loss in the solver’s own play', () => {
    const opts = options('olathe', OLATHE_CARD);
    const { events } = playChecked(opts, ['expert'], 'analyse-expert');
    const a = analyseGame(opts, ['expert0'], events, 0);
    expect(a.decisions.length).toBeGreaterThan(28 * 2);
    expect(a.decisions.filter((d) => d.kind === 'declare')).toHaveLength(28);
    expect(a.totalLoss).toBeLessThan(1e-6);
    expect(a.accuracy).toBe(100);
  });

  it('skips timed-out turns', () => {
    const opts = options('olathe', OLATHE_CARD);
    const rng = seededRng('timeouts');
    let state = newGame(opts, ['a']);
    const events: GameEvent[] = [];
    const apply = (e: GameEvent): void => {
      state = applyEvent(state, e);
      events.push(e);
    };
    apply(timeoutEvent(state, 0, rng)); // turn 1 times out before anything happens
    for (const e of decisionEvents(state, 0, chooseDecision(state, 0, 'expert'), rng)) apply(e); // turn 2: declare
    for (const e of decisionEvents(state, 0, chooseDecision(state, 0, 'expert'), rng)) apply(e); // throw
    apply(timeoutEvent(state, 0, rng)); // … and times out after the throw
    const a = analyseGame(opts, ['a'], events, 0);
    expect(a.decisions).toHaveLength(1); // only the declaration of turn 2 was the player's
    expect(a.decisions[0]!.kind).toBe('declare');
    expect(a.decisions[0]!.turn).toBe(2);
  });

  it('measures the losses of easy play and names the three costliest', () => {
    const opts = options('balut', BALUT_CARD);
    const { events } = playChecked(opts, ['expert', 'easy'], 'analyse-easy');
    const a = analyseGame(opts, ['expert0', 'easy1'], events, 1);
    expect(a.seat).toBe(1);
    expect(a.decisions.filter((d) => d.kind === 'write')).toHaveLength(28);
    expect(a.totalLoss).toBeGreaterThan(0.5);
    expect(a.costliest).toHaveLength(3);
    expect(a.costliest[0]!.loss).toBeGreaterThanOrEqual(a.costliest[1]!.loss);
    expect(a.costliest[1]!.loss).toBeGreaterThanOrEqual(a.costliest[2]!.loss);
    for (const d of a.decisions) {
      expect(d.loss).toBeGreaterThanOrEqual(0);
      expect(d.bestValue).toBeGreaterThanOrEqual(d.playedValue - 1e-9);
    }
    const accurate = a.decisions.filter((d) => d.loss < ACCURACY_TOLERANCE).length;
    expect(a.accuracy).toBeCloseTo((100 * accurate) / a.decisions.length, 10);
    expect(a.accuracy).toBeLessThan(100);
  });
});
