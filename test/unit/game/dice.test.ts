// RULES.md "Dice and categories": every row's cell score, with its edge cases.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  DICE_COUNT,
  categoryLabel,
  faceCounts,
  isDice,
  isFace,
  isFiveOfAKind,
  scoreCell,
  sumOfPips,
} from '../../../src/game/index';
import { d } from './helpers';

const anyDice = fc.tuple(
  fc.integer({ min: 1, max: 6 }),
  fc.integer({ min: 1, max: 6 }),
  fc.integer({ min: 1, max: 6 }),
  fc.integer({ min: 1, max: 6 }),
  fc.integer({ min: 1, max: 6 }),
);

describe('the seven categories, top to bottom', () => {
  it('are Fours, Fives, Sixes, Straight, House, Choice, Olathe in that order', () => {
    expect([...CATEGORIES]).toEqual(['fours', 'fives', 'sixes', 'straight', 'house', 'choice', 'olathe']);
    expect(CATEGORIES.map((c) => CATEGORY_LABELS[c])).toEqual([
      'Fours',
      'Fives',
      'Sixes',
      'Straight',
      'House',
      'Choice',
      'Olathe',
    ]);
    expect(DICE_COUNT).toBe(5);
  });
});

describe('row 1–3: Fours, Fives, Sixes score face × count', () => {
  it.each([
    ['fours', d(4, 4, 4, 1, 2), 12],
    ['fours', d(4, 1, 2, 3, 5), 4],
    ['fours', d(4, 4, 4, 4, 4), 20],
    ['fours', d(1, 2, 3, 5, 6), 0], // scratch: no 4s
    ['fives', d(5, 5, 1, 5, 2), 15],
    ['fives', d(5, 5, 5, 5, 5), 25],
    ['fives', d(1, 2, 3, 4, 6), 0],
    ['sixes', d(6, 6, 6, 6, 1), 24],
    ['sixes', d(6, 6, 6, 6, 6), 30],
    ['sixes', d(1, 2, 3, 4, 5), 0],
  ] as const)('%s of %j → %i', (category, dice, score) => {
    expect(scoreCell(category, dice)).toBe(score);
  });

  it('count only their own face, wherever the dice lie', () => {
    fc.assert(
      fc.property(anyDice, (dice) => {
        const count = (f: number) => dice.filter((x) => x === f).length;
        expect(scoreCell('fours', dice)).toBe(4 * count(4));
        expect(scoreCell('fives', dice)).toBe(5 * count(5));
        expect(scoreCell('sixes', dice)).toBe(6 * count(6));
      }),
    );
  });
});

describe('row 4: Straight', () => {
  it('1-2-3-4-5 scores 15 in any order', () => {
    expect(scoreCell('straight', d(1, 2, 3, 4, 5))).toBe(15);
    expect(scoreCell('straight', d(5, 3, 1, 4, 2))).toBe(15);
  });
  it('2-3-4-5-6 scores 20 in any order', () => {
    expect(scoreCell('straight', d(2, 3, 4, 5, 6))).toBe(20);
    expect(scoreCell('straight', d(6, 2, 5, 3, 4))).toBe(20);
  });
  it('1-2-3-4-6 (five different faces but not a run) scores 0', () => {
    expect(scoreCell('straight', d(1, 2, 3, 4, 6))).toBe(0);
    expect(scoreCell('straight', d(1, 2, 3, 5, 6))).toBe(0);
    expect(scoreCell('straight', d(1, 3, 4, 5, 6))).toBe(0);
  });
  it('four-long runs and pairs score 0', () => {
    expect(scoreCell('straight', d(1, 2, 3, 4, 4))).toBe(0);
    expect(scoreCell('straight', d(2, 3, 4, 5, 5))).toBe(0);
    expect(scoreCell('straight', d(6, 6, 6, 6, 6))).toBe(0);
  });
  it('scores only 0, 15 or 20, and 15/20 exactly for the two runs', () => {
    fc.assert(
      fc.property(anyDice, (dice) => {
        const sorted = [...dice].sort().join('');
        const expected = sorted === '12345' ? 15 : sorted === '23456' ? 20 : 0;
        expect(scoreCell('straight', dice)).toBe(expected);
      }),
    );
  });
});

describe('row 5: House', () => {
  it('three of one face and two of another scores the sum of pips', () => {
    expect(scoreCell('house', d(2, 2, 2, 5, 5))).toBe(16);
    expect(scoreCell('house', d(6, 1, 6, 1, 6))).toBe(20);
    expect(scoreCell('house', d(1, 1, 6, 6, 6))).toBe(20);
    expect(scoreCell('house', d(6, 6, 6, 5, 5))).toBe(28);
  });
  it('five of a kind is not a house', () => {
    for (let f = 1; f <= 6; f++) expect(scoreCell('house', [f, f, f, f, f])).toBe(0);
  });
  it('four of a kind, two pairs, three of a kind and a straight are not houses', () => {
    expect(scoreCell('house', d(3, 3, 3, 3, 2))).toBe(0);
    expect(scoreCell('house', d(3, 3, 2, 2, 1))).toBe(0);
    expect(scoreCell('house', d(3, 3, 3, 2, 1))).toBe(0);
    expect(scoreCell('house', d(1, 2, 3, 4, 5))).toBe(0);
  });
  it('matches the definition on every throw', () => {
    fc.assert(
      fc.property(anyDice, (dice) => {
        const shape = faceCounts(dice)
          .filter((c) => c > 0)
          .sort((a, b) => a - b)
          .join(',');
        expect(scoreCell('house', dice)).toBe(shape === '2,3' ? sumOfPips(dice) : 0);
      }),
    );
  });
});

describe('row 6: Choice', () => {
  it('scores the sum of pips', () => {
    expect(scoreCell('choice', d(1, 1, 1, 1, 1))).toBe(5);
    expect(scoreCell('choice', d(6, 6, 6, 6, 6))).toBe(30);
    expect(scoreCell('choice', d(1, 2, 3, 4, 6))).toBe(16);
  });
  it('can never be 0', () => {
    fc.assert(
      fc.property(anyDice, (dice) => {
        const score = scoreCell('choice', dice);
        expect(score).toBe(dice.reduce((a, b) => a + b, 0));
        expect(score).toBeGreaterThanOrEqual(5);
      }),
    );
  });
});

describe('row 7: Olathe (Balut)', () => {
  it('five of a kind scores 20 + sum of pips', () => {
    expect(scoreCell('olathe', d(1, 1, 1, 1, 1))).toBe(25);
    expect(scoreCell('olathe', d(3, 3, 3, 3, 3))).toBe(35);
    expect(scoreCell('olathe', d(6, 6, 6, 6, 6))).toBe(50);
  });
  it('anything else is a scratch (0), even four of a kind', () => {
    expect(scoreCell('olathe', d(6, 6, 6, 6, 5))).toBe(0);
    expect(scoreCell('olathe', d(1, 2, 3, 4, 5))).toBe(0);
    expect(scoreCell('olathe', d(2, 2, 2, 3, 3))).toBe(0);
  });
  it('is called Balut in the Balut variant and Olathe in Olathe; other rows keep their names', () => {
    expect(categoryLabel('olathe', 'balut')).toBe('Balut');
    expect(categoryLabel('olathe', 'olathe')).toBe('Olathe');
    for (const c of CATEGORIES.filter((c) => c !== 'olathe')) {
      expect(categoryLabel(c, 'balut')).toBe(CATEGORY_LABELS[c]);
      expect(categoryLabel(c, 'olathe')).toBe(CATEGORY_LABELS[c]);
    }
  });
});

describe('any dice may go in any cell', () => {
  it('every category scores every throw as a whole number ≥ 0; only Choice is never 0', () => {
    fc.assert(
      fc.property(anyDice, (dice) => {
        for (const c of CATEGORIES) {
          const s = scoreCell(c, dice);
          expect(Number.isInteger(s)).toBe(true);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(50);
        }
      }),
    );
  });
});

describe('dice helpers', () => {
  it('isFace / isDice accept exactly five whole faces 1–6', () => {
    expect(isFace(1)).toBe(true);
    expect(isFace(6)).toBe(true);
    expect(isFace(0)).toBe(false);
    expect(isFace(7)).toBe(false);
    expect(isFace(2.5)).toBe(false);
    expect(isFace('3')).toBe(false);
    expect(isDice([1, 2, 3, 4, 5])).toBe(true);
    expect(isDice([1, 2, 3, 4])).toBe(false);
    expect(isDice([1, 2, 3, 4, 5, 6])).toBe(false);
    expect(isDice([1, 2, 3, 4, 7])).toBe(false);
    expect(isDice('12345')).toBe(false);
  });
  it('isFiveOfAKind and faceCounts', () => {
    expect(isFiveOfAKind([2, 2, 2, 2, 2])).toBe(true);
    expect(isFiveOfAKind([2, 2, 2, 2, 3])).toBe(false);
    expect(faceCounts([1, 1, 6, 3, 6])).toEqual([0, 2, 0, 1, 0, 0, 2]);
    expect(sumOfPips([1, 1, 6, 3, 6])).toBe(17);
  });
});
