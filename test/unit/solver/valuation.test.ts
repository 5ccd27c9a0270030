import { describe, expect, it } from 'vitest';
import type { Card, ColumnKind, Dice } from '../../../src/game/index';
import { CATEGORIES, emptyCard, legalCells, scoreCard, seededRng, withCell } from '../../../src/game/index';
import {
  DEFAULT_PARAMS,
  cardModel,
  estimateCard,
  expectedModifier,
  valueOutcomes,
} from '../../../src/solver/valuation';
import { outcomeIndex } from '../../../src/solver/widget';

const params = { ...DEFAULT_PARAMS, rawTiebreak: 0 };

function randomCard(kinds: ColumnKind[], seed: number, fill: number): Card {
  const rng = seededRng(seed);
  let card = emptyCard(kinds);
  for (let i = 0; i < fill; i++) {
    const cells = legalCells(card, null);
    const ref = cells[Math.floor((rng.face() - 1 + 6 * (rng.face() - 1)) % cells.length)]!;
    const face = rng.face();
    // Mostly random dice, sometimes five of a kind or a straight, so every incentive turns up.
    const dice: Dice =
      i % 7 === 0
        ? [face, face, face, face, face]
        : i % 5 === 0
          ? [2, 3, 4, 5, 6]
          : [rng.face(), rng.face(), rng.face(), rng.face(), rng.face()];
    card = withCell(card, ref, dice);
  }
  return card;
}

describe('expected modifier', () => {
  it('is the modifier itself when nothing is left to play', () => {
    expect(expectedModifier(399, 0, 0, 4)).toBe(0);
    expect(expectedModifier(400, 0, 0, 4)).toBe(1);
    expect(expectedModifier(10, 0, 0, 4)).toBe(-2);
    expect(expectedModifier(812, 0, 0, 4)).toBe(6);
    // Scaled edges: on 2 columns the +1 band starts at 200; on 6 columns at 600, and 300·6/4 = 450 for −1.
    expect(expectedModifier(200, 0, 0, 2)).toBe(1);
    expect(expectedModifier(199, 0, 0, 2)).toBe(0);
    expect(expectedModifier(449, 0, 0, 6)).toBe(-2);
    expect(expectedModifier(450, 0, 0, 6)).toBe(-1);
  });

  it('rises smoothly with the raw total when there is still play to come', () => {
    let previous = -Infinity;
    for (let raw = 100; raw <= 500; raw += 10) {
      const e = expectedModifier(raw, 100, 40 * 40, 4);
      expect(e).toBeGreaterThan(previous);
      previous = e;
    }
    // Halfway between edges with a wide spread, one raw point is worth about 1/50.
    expect(expectedModifier(476, 0, 60 * 60, 4) - expectedModifier(475, 0, 60 * 60, 4)).toBeCloseTo(1 / 50, 3);
  });
});

describe('card estimate', () => {
  it('is exactly the final score of a full card', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const kinds: ColumnKind[] =
        seed % 2
          ? ['free', 'free', 'free', 'free']
          : (['free', 'free', 'down', 'up', 'free'].slice(0, 2 + (seed % 4)) as ColumnKind[]);
      const card = randomCard(kinds, seed, kinds.length * 7);
      const variant = seed % 2 ? 'balut' : 'olathe';
      const e = estimateCard(cardModel(card, variant, 3), params);
      expect(e.value).toBeCloseTo(scoreCard(card).final, 9);
    }
  });

  it('models Balut as one pool and Olathe as a pool per Free column plus ordered cells', () => {
    const balut = cardModel(emptyCard(['free', 'free', 'free', 'free']), 'balut', 3);
    expect(balut.poolOpen).toEqual([28]);
    expect(balut.poolCat).toEqual([4, 4, 4, 4, 4, 4, 4]);
    const olathe = cardModel(emptyCard(['free', 'free', 'down', 'up']), 'olathe', 3);
    expect(olathe.poolOpen).toEqual([7, 7]);
    expect(olathe.orderedCat).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(olathe.columnPool).toEqual([0, 1, -1, -1]);
  });

  it('gives an empty Balut card a sensible expected final score', () => {
    const e = estimateCard(cardModel(emptyCard(['free', 'free', 'free', 'free']), 'balut', 3));
    expect(e.value).toBeGreaterThan(3);
    expect(e.value).toBeLessThan(15);
    expect(e.futureRawMean).toBeGreaterThan(300);
    expect(e.futureRawMean).toBeLessThan(500);
  });
});

describe('outcome values', () => {
  it('offers only the legal cells, in Down/Up order', () => {
    let card = emptyCard(['free', 'free', 'down', 'up']);
    const down = valueOutcomes(card, 'olathe', 3, legalCells(card, 2));
    expect(down.cells).toEqual([{ column: 2, category: 'fours' }]);
    const up = valueOutcomes(card, 'olathe', 3, legalCells(card, 3));
    expect(up.cells).toEqual([{ column: 3, category: 'olathe' }]);
    card = withCell(card, { column: 2, category: 'fours' }, [4, 4, 4, 1, 2]);
    expect(valueOutcomes(card, 'olathe', 3, legalCells(card, 2)).cells).toEqual([{ column: 2, category: 'fives' }]);
  });

  it('values more points in a cell higher, and puts the obvious outcomes in the obvious cells', () => {
    const card = emptyCard(['free', 'free', 'free', 'free']);
    const cells = legalCells(card, 0);
    const v = valueOutcomes(card, 'balut', 3, cells);
    const best = (dice: number[]): string => v.cells[v.bestCell[outcomeIndex(dice)]!]!.category;
    expect(best([6, 6, 6, 6, 6])).toBe('olathe');
    expect(best([2, 3, 4, 5, 6])).toBe('straight');
    expect(best([5, 5, 5, 2, 2])).toBe('house');
    const fours = cells.findIndex((c) => c.category === 'fours');
    const at = (dice: number[]): number => v.valueOfCell[fours * 252 + outcomeIndex(dice)]!;
    expect(at([4, 4, 4, 4, 1])).toBeGreaterThan(at([4, 4, 4, 1, 1]));
    expect(at([4, 4, 4, 1, 1])).toBeGreaterThan(at([4, 1, 1, 2, 2]));
    for (const o of [0, 100, 251])
      expect(v.values[o]).toBe(Math.max(...CATEGORIES.map((_, i) => v.valueOfCell[i * 252 + o]!)));
  });
});
