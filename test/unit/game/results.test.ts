// RULES.md "Winner" (final score, then raw total, then a shared win; players who left rank after) and
// "The prediction side game" (exact predictions named).
import { describe, expect, it } from 'vitest';
import type { Card, GameState } from '../../../src/game/index';
import { compareResults, gameResults, scoreCard } from '../../../src/game/index';
import {
  SCRATCH,
  act,
  autoTurn,
  cardWithRaw,
  d,
  freeColumns,
  fullCard,
  olatheGame,
  playOlatheTurn,
  withPlayer,
} from './helpers';

const FOUR = freeColumns(4);

/** A finished 4-column game whose players hold the given cards (and optionally have left). */
function finishedGame(cards: Card[], left: boolean[] = [], predictions: (number | null)[] = []): GameState {
  let g: GameState = { ...olatheGame(cards.length, { columns: FOUR }), status: 'finished' };
  cards.forEach((card, seat) => {
    g = withPlayer(g, seat, { card, left: left[seat] ?? false, prediction: predictions[seat] ?? null });
  });
  return g;
}

// Cards with known results (checked below): final score and raw total.
const RAW_420 = cardWithRaw(FOUR, 420); // modifier +1
const RAW_440 = cardWithRaw(FOUR, 440); // modifier +1, higher raw
const RAW_300 = cardWithRaw(FOUR, 300); // modifier −1
const WORST = fullCard(FOUR); // raw 36, final −2

describe('the test cards', () => {
  it('have the finals and raws the tests rely on', () => {
    const f = (c: Card) => [scoreCard(c).final, scoreCard(c).rawTotal];
    // equal finals for 420 and 440 keep the raw-total tiebreak meaningful
    expect(f(RAW_420)[0]).toBe(f(RAW_440)[0]);
    expect(f(RAW_420)[1]).toBe(420);
    expect(f(RAW_440)[1]).toBe(440);
    expect(f(RAW_300)[0]).toBeLessThan(f(RAW_420)[0]!);
    expect(f(WORST)).toEqual([-2, 36]);
  });
});

describe('gameResults: ranking and winners', () => {
  it('highest final score wins', () => {
    const r = gameResults(finishedGame([RAW_300, RAW_420, WORST]));
    expect(r.winners).toEqual([1]);
    expect(r.standings.map((s) => [s.seat, s.place])).toEqual([
      [1, 1],
      [0, 2],
      [2, 3],
    ]);
    expect(r.standings[0]!.breakdown).toEqual(scoreCard(RAW_420));
    expect(r.standings.map((s) => s.id)).toEqual(['p1', 'p0', 'p2']);
  });

  it('equal final scores: the higher raw total wins', () => {
    const r = gameResults(finishedGame([RAW_420, RAW_440]));
    expect(r.standings[0]!.breakdown.final).toBe(r.standings[1]!.breakdown.final);
    expect(r.winners).toEqual([1]);
    expect(r.standings.map((s) => [s.seat, s.place])).toEqual([
      [1, 1],
      [0, 2],
    ]);
  });

  it('equal final and raw: a shared win, and equal results share a place', () => {
    const r = gameResults(finishedGame([RAW_300, RAW_440, RAW_300, RAW_440]));
    expect(r.winners).toEqual([1, 3]);
    expect(r.standings.map((s) => [s.seat, s.place])).toEqual([
      [1, 1],
      [3, 1],
      [0, 3],
      [2, 3],
    ]);
  });

  it('players who left rank after everyone who stayed, even with a better card, and never win', () => {
    const r = gameResults(finishedGame([RAW_440, WORST, RAW_420], [true, false, false]));
    expect(r.winners).toEqual([2]);
    expect(r.standings.map((s) => [s.seat, s.place, s.left])).toEqual([
      [2, 1, false],
      [1, 2, false],
      [0, 3, true],
    ]);
    // their card still scores
    expect(r.standings[2]!.breakdown.rawTotal).toBe(440);
  });

  it('players who left are ranked among themselves by the same rules', () => {
    const r = gameResults(finishedGame([WORST, RAW_300, RAW_440, RAW_440], [true, false, true, true]));
    expect(r.winners).toEqual([1]);
    expect(r.standings.map((s) => [s.seat, s.place])).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
      [0, 4],
    ]);
  });

  it('compareResults: final, then raw, then equal; leaving outranks both', () => {
    const a = { breakdown: scoreCard(RAW_440), left: false };
    const b = { breakdown: scoreCard(RAW_420), left: false };
    expect(compareResults(a, b)).toBeLessThan(0);
    expect(compareResults(b, a)).toBeGreaterThan(0);
    expect(compareResults(a, { ...a })).toBe(0);
    expect(compareResults({ ...a, left: true }, { breakdown: scoreCard(WORST), left: false })).toBeGreaterThan(0);
  });
});

describe('the prediction side game', () => {
  it('names everyone whose prediction equals the Olathes scored', () => {
    let g = olatheGame(3, { columns: ['free', 'free'] });
    g = act(
      g,
      { type: 'predict', seat: 0, count: 2 },
      { type: 'predict', seat: 1, count: 1 },
      { type: 'predict', seat: 2, count: 2 },
    );
    g = playOlatheTurn(g, 0, 0, d(6, 6, 6, 6, 6), 'olathe'); // scored
    g = playOlatheTurn(g, 1, 0, d(2, 2, 2, 2, 2), 'fours'); // thrown, not scored as an Olathe
    g = playOlatheTurn(g, 2, 1, d(1, 1, 1, 1, 1), 'olathe'); // scored
    while (g.status === 'playing') g = autoTurn(g, SCRATCH);
    const r = gameResults(g);
    expect(r.olathesScored).toBe(2);
    expect(r.exactPredictions).toEqual([0, 2]);
  });

  it('nobody is named when predictions are off or nobody guessed it; a player without a guess is never named', () => {
    let g = olatheGame(2, { columns: ['free', 'free'] });
    g = act(g, { type: 'predict', seat: 0, count: 1 });
    while (g.status === 'playing') g = autoTurn(g, SCRATCH);
    const r = gameResults(g);
    expect(r.olathesScored).toBe(0);
    expect(r.exactPredictions).toEqual([]);
    let off = olatheGame(1, { columns: ['free', 'free'], predictions: false });
    while (off.status === 'playing') off = autoTurn(off, SCRATCH);
    expect(gameResults(off).exactPredictions).toEqual([]);
    // a right guess is named only while predictions are on
    const guessed = finishedGame([WORST], [], [0]);
    expect(gameResults(guessed).exactPredictions).toEqual([0]);
    expect(gameResults({ ...guessed, options: { ...guessed.options, predictions: false } }).exactPredictions).toEqual(
      [],
    );
  });
});
