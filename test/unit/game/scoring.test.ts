// RULES.md "End of game": raw total, incentives, modifier bands, final score, and the N/4 scaling.
import { describe, expect, it } from 'vitest';
import type { Category, ColumnKind, Dice } from '../../../src/game/index';
import {
  MODIFIER_EDGES,
  TOTAL_THRESHOLDS,
  modifierFor,
  reachesScaled,
  scaledThreshold,
  scoreCard,
} from '../../../src/game/index';
import { SCRATCH, cardOf, cardWithRaw, choiceSplit, d, freeColumns, fullCard, nOf } from './helpers';

const FOUR = freeColumns(4);

/** A full scratch card (SCRATCH everywhere) with some rows replaced, column by column. */
function cardWithRows(kinds: readonly ColumnKind[], rows: Partial<Record<Category, readonly Dice[]>>) {
  return fullCard(kinds, (column, category) => rows[category]?.[column] ?? SCRATCH);
}

describe('a scratch card', () => {
  it('scores 0 everywhere but Choice (9 a cell), no incentives, modifier −2', () => {
    const b = scoreCard(fullCard(FOUR));
    expect(b.categoryTotals).toEqual({ fours: 0, fives: 0, sixes: 0, straight: 0, house: 0, choice: 36, olathe: 0 });
    expect(b.incentiveTotal).toBe(0);
    expect(b.rawTotal).toBe(36);
    expect(b.modifier).toBe(-2);
    expect(b.final).toBe(-2);
  });
});

describe('incentives on a 4-column card, exactly at and one below each edge', () => {
  it('Fours total ≥ 52 → 2 (52 yes, 48 no; 51 no by the rule)', () => {
    expect(
      scoreCard(cardWithRows(FOUR, { fours: [nOf(4, 4), nOf(4, 3), nOf(4, 3), nOf(4, 3)] })).incentives.fours,
    ).toBe(2);
    const below = scoreCard(cardWithRows(FOUR, { fours: [nOf(4, 3), nOf(4, 3), nOf(4, 3), nOf(4, 3)] }));
    expect(below.categoryTotals.fours).toBe(48);
    expect(below.incentives.fours).toBe(0);
    expect(reachesScaled(52, TOTAL_THRESHOLDS.fours, 4)).toBe(true);
    expect(reachesScaled(51, TOTAL_THRESHOLDS.fours, 4)).toBe(false);
  });

  it('Fives total ≥ 65 → 2 (65 yes, 60 no; 64 no by the rule)', () => {
    const at = scoreCard(cardWithRows(FOUR, { fives: [nOf(5, 4), nOf(5, 3), nOf(5, 3), nOf(5, 3)] }));
    expect(at.categoryTotals.fives).toBe(65);
    expect(at.incentives.fives).toBe(2);
    const below = scoreCard(cardWithRows(FOUR, { fives: [nOf(5, 3), nOf(5, 3), nOf(5, 3), nOf(5, 3)] }));
    expect(below.categoryTotals.fives).toBe(60);
    expect(below.incentives.fives).toBe(0);
    expect(reachesScaled(65, 65, 4)).toBe(true);
    expect(reachesScaled(64, 65, 4)).toBe(false);
  });

  it('Sixes total ≥ 78 → 2 (78 yes, 72 no; 77 no by the rule)', () => {
    const at = scoreCard(cardWithRows(FOUR, { sixes: [nOf(6, 4), nOf(6, 3), nOf(6, 3), nOf(6, 3)] }));
    expect(at.categoryTotals.sixes).toBe(78);
    expect(at.incentives.sixes).toBe(2);
    const below = scoreCard(cardWithRows(FOUR, { sixes: [nOf(6, 3), nOf(6, 3), nOf(6, 3), nOf(6, 3)] }));
    expect(below.categoryTotals.sixes).toBe(72);
    expect(below.incentives.sixes).toBe(0);
    expect(reachesScaled(77, 78, 4)).toBe(false);
  });

  it('Choice total ≥ 100 → 2 (100 yes, 99 no)', () => {
    const at = scoreCard(cardWithRows(FOUR, { choice: choiceSplit(100, 4) }));
    expect(at.categoryTotals.choice).toBe(100);
    expect(at.incentives.choice).toBe(2);
    const below = scoreCard(cardWithRows(FOUR, { choice: choiceSplit(99, 4) }));
    expect(below.categoryTotals.choice).toBe(99);
    expect(below.incentives.choice).toBe(0);
  });

  it('every Straight cell non-zero → 4; one zero or one empty → 0', () => {
    const small = d(1, 2, 3, 4, 5);
    const large = d(2, 3, 4, 5, 6);
    expect(scoreCard(cardWithRows(FOUR, { straight: [small, large, small, small] })).incentives.straight).toBe(4);
    expect(
      scoreCard(cardWithRows(FOUR, { straight: [small, large, d(1, 2, 3, 4, 6), small] })).incentives.straight,
    ).toBe(0);
    const missing = cardOf(FOUR, [{ straight: small }, { straight: small }, { straight: small }, {}]);
    expect(scoreCard(missing).incentives.straight).toBe(0);
  });

  it('every House cell non-zero → 3; one zero (even five of a kind) → 0', () => {
    const h = d(2, 2, 3, 3, 3);
    expect(scoreCard(cardWithRows(FOUR, { house: [h, h, h, h] })).incentives.house).toBe(3);
    expect(scoreCard(cardWithRows(FOUR, { house: [h, h, h, d(3, 3, 3, 3, 3)] })).incentives.house).toBe(0);
    expect(scoreCard(cardOf(FOUR, [{ house: h }, { house: h }, { house: h }, {}])).incentives.house).toBe(0);
  });

  it('each non-zero Olathe cell → 2 points', () => {
    const five = d(2, 2, 2, 2, 2);
    for (let k = 0; k <= 4; k++) {
      const olathe = [0, 1, 2, 3].map((i) => (i < k ? five : d(2, 2, 2, 2, 1)));
      const b = scoreCard(cardWithRows(FOUR, { olathe }));
      expect(b.incentives.olathe).toBe(2 * k);
      expect(b.categoryTotals.olathe).toBe(30 * k);
    }
  });

  it('incentive total is the sum of the seven incentives and final = incentives + modifier', () => {
    const b = scoreCard(
      cardWithRows(FOUR, {
        fours: [nOf(4, 5), nOf(4, 5), nOf(4, 3), nOf(4, 1)], // 20+20+12+4 = 56
        olathe: [d(6, 6, 6, 6, 6), SCRATCH, SCRATCH, SCRATCH],
      }),
    );
    expect(b.incentives).toEqual({ fours: 2, fives: 0, sixes: 0, straight: 0, house: 0, choice: 0, olathe: 2 });
    expect(b.incentiveTotal).toBe(4);
    expect(b.final).toBe(b.incentiveTotal + b.modifier);
  });
});

describe('modifier bands on a 4-column card', () => {
  const EXPECTED_EDGES = [300, 350, 400, 450, 500, 550, 600, 650];

  it('the band edges are 300, 350, … 650', () => {
    expect([...MODIFIER_EDGES]).toEqual(EXPECTED_EDGES);
  });

  it('modifierFor: one below each edge vs exactly at it', () => {
    EXPECTED_EDGES.forEach((edge, i) => {
      expect(modifierFor(edge - 1, 4), `${edge - 1}`).toBe(-2 + i);
      expect(modifierFor(edge, 4), `${edge}`).toBe(-1 + i);
    });
    expect(modifierFor(0, 4)).toBe(-2);
    expect(modifierFor(5000, 4)).toBe(6);
  });

  it('whole cards: raw total one below and exactly at each edge', () => {
    EXPECTED_EDGES.forEach((edge, i) => {
      for (const [raw, modifier] of [
        [edge - 1, -2 + i],
        [edge, -1 + i],
      ] as const) {
        const b = scoreCard(cardWithRaw(FOUR, raw));
        expect(b.rawTotal).toBe(raw);
        expect(b.modifier, `raw ${raw}`).toBe(modifier);
        expect(b.final).toBe(b.incentiveTotal + modifier);
      }
    });
  });
});

describe('the extremes of a 4-column card: −2 and 29', () => {
  it('the best card scores 29 (all incentives, +6)', () => {
    const best = fullCard(
      FOUR,
      (_, category) =>
        ({
          fours: d(4, 4, 4, 4, 4),
          fives: d(5, 5, 5, 5, 5),
          sixes: d(6, 6, 6, 6, 6),
          straight: d(2, 3, 4, 5, 6),
          house: d(6, 6, 6, 5, 5),
          choice: d(6, 6, 6, 6, 6),
          olathe: d(6, 6, 6, 6, 6),
        })[category],
    );
    const b = scoreCard(best);
    expect(b.incentives).toEqual({ fours: 2, fives: 2, sixes: 2, straight: 4, house: 3, choice: 2, olathe: 8 });
    expect(b.incentiveTotal).toBe(23);
    expect(b.rawTotal).toBe(80 + 100 + 120 + 80 + 112 + 120 + 200);
    expect(b.modifier).toBe(6);
    expect(b.final).toBe(29);
  });

  it('the worst card scores −2', () => {
    const b = scoreCard(fullCard(FOUR, (_, c) => (c === 'choice' ? d(1, 1, 1, 1, 1) : SCRATCH)));
    expect(b.rawTotal).toBe(20);
    expect(b.final).toBe(-2);
  });
});

describe('cards of N ≠ 4 columns: thresholds and edges × N/4, compared unrounded', () => {
  it('reachesScaled / scaledThreshold', () => {
    expect(scaledThreshold(52, 3)).toBe(39);
    expect(scaledThreshold(65, 1)).toBe(16.25);
    expect(scaledThreshold(300, 1)).toBe(75);
    expect(scaledThreshold(350, 1)).toBe(87.5);
    expect(reachesScaled(39, 52, 3)).toBe(true);
    expect(reachesScaled(38, 52, 3)).toBe(false);
    expect(reachesScaled(13, 52, 1)).toBe(true);
    expect(reachesScaled(12, 52, 1)).toBe(false);
    expect(reachesScaled(150, 100, 6)).toBe(true);
    expect(reachesScaled(149, 100, 6)).toBe(false);
  });

  it('every threshold and edge, for N = 1…6: the first whole total at or above T·N/4 reaches it, the one below does not', () => {
    for (let n = 1; n <= 6; n++) {
      for (const t of [52, 65, 78, 100, ...MODIFIER_EDGES]) {
        const first = Math.ceil((t * n) / 4);
        expect(reachesScaled(first, t, n), `${t}×${n}/4 at ${first}`).toBe(true);
        expect(reachesScaled(first - 1, t, n), `${t}×${n}/4 at ${first - 1}`).toBe(false);
      }
      MODIFIER_EDGES.forEach((edge, i) => {
        const first = Math.ceil((edge * n) / 4);
        expect(modifierFor(first, n)).toBe(-1 + i);
        expect(modifierFor(first - 1, n)).toBe(-2 + i);
      });
    }
  });

  it('1 column (the worked example): Fours needs 13, 12 falls short; Fives 16.25 → 20 yes, 15 no', () => {
    const one: ColumnKind[] = ['free'];
    // 12 fours cannot be 13 on dice, but the rule compares the real total with 13
    expect(scoreCard(cardOf(one, [{ fours: nOf(4, 3) }])).incentives.fours).toBe(0);
    expect(scoreCard(cardOf(one, [{ fours: nOf(4, 4) }])).incentives.fours).toBe(2);
    expect(scoreCard(cardOf(one, [{ fives: nOf(5, 3) }])).incentives.fives).toBe(0);
    expect(scoreCard(cardOf(one, [{ fives: nOf(5, 4) }])).incentives.fives).toBe(2);
    // sixes 19.5: 18 no, 24 yes; choice 25: 24 no, 25 yes
    expect(scoreCard(cardOf(one, [{ sixes: nOf(6, 3) }])).incentives.sixes).toBe(0);
    expect(scoreCard(cardOf(one, [{ sixes: nOf(6, 4) }])).incentives.sixes).toBe(2);
    expect(scoreCard(cardOf(one, [{ choice: d(5, 5, 5, 5, 4) }])).incentives.choice).toBe(0);
    expect(scoreCard(cardOf(one, [{ choice: d(5, 5, 5, 5, 5) }])).incentives.choice).toBe(2);
  });

  it('1 column: the −1 band is 75 ≤ raw < 87.5', () => {
    expect(modifierFor(74, 1)).toBe(-2);
    expect(modifierFor(75, 1)).toBe(-1);
    expect(modifierFor(87, 1)).toBe(-1);
    expect(modifierFor(88, 1)).toBe(0);
  });

  it('2 columns: Fours ≥ 26, Fives ≥ 32.5, Sixes ≥ 39, Choice ≥ 50; edges 150 … 325', () => {
    const two = freeColumns(2);
    const rows = (rows: Partial<Record<Category, readonly Dice[]>>) => scoreCard(cardWithRows(two, rows)).incentives;
    expect(rows({ fours: [nOf(4, 3), nOf(4, 3)] }).fours).toBe(0); // 24
    expect(rows({ fours: [nOf(4, 4), nOf(4, 3)] }).fours).toBe(2); // 28
    expect(rows({ fives: [nOf(5, 3), nOf(5, 3)] }).fives).toBe(0); // 30
    expect(rows({ fives: [nOf(5, 4), nOf(5, 3)] }).fives).toBe(2); // 35
    expect(rows({ sixes: [nOf(6, 3), nOf(6, 3)] }).sixes).toBe(0); // 36
    expect(rows({ sixes: [nOf(6, 4), nOf(6, 3)] }).sixes).toBe(2); // 42
    expect(rows({ choice: choiceSplit(49, 2) }).choice).toBe(0);
    expect(rows({ choice: choiceSplit(50, 2) }).choice).toBe(2);
    expect(scoreCard(cardWithRaw(two, 149)).modifier).toBe(-2);
    expect(scoreCard(cardWithRaw(two, 150)).modifier).toBe(-1);
    expect(scoreCard(cardWithRaw(two, 324)).modifier).toBe(5);
    expect(scoreCard(cardWithRaw(two, 325)).modifier).toBe(6);
  });

  it('3 columns: Fours needs ≥ 39 (36 no, 40 yes); Fives 48.75 (45 no, 50 yes); edge 225', () => {
    const three = freeColumns(3);
    const fours = (counts: number[]) => scoreCard(cardWithRows(three, { fours: counts.map((k) => nOf(4, k)) }));
    expect(fours([3, 3, 3]).categoryTotals.fours).toBe(36);
    expect(fours([3, 3, 3]).incentives.fours).toBe(0);
    expect(fours([4, 3, 3]).categoryTotals.fours).toBe(40);
    expect(fours([4, 3, 3]).incentives.fours).toBe(2);
    expect(scoreCard(cardWithRows(three, { fives: [nOf(5, 3), nOf(5, 3), nOf(5, 3)] })).incentives.fives).toBe(0);
    expect(scoreCard(cardWithRows(three, { fives: [nOf(5, 4), nOf(5, 3), nOf(5, 3)] })).incentives.fives).toBe(2);
    expect(scoreCard(cardWithRaw(three, 224)).modifier).toBe(-2);
    expect(scoreCard(cardWithRaw(three, 225)).modifier).toBe(-1);
  });

  it('5 columns: the first modifier edge is 375; the top one 812.5', () => {
    const five = freeColumns(5);
    expect(modifierFor(374, 5)).toBe(-2);
    expect(modifierFor(375, 5)).toBe(-1);
    expect(modifierFor(812, 5)).toBe(5);
    expect(modifierFor(813, 5)).toBe(6);
    const below = scoreCard(cardWithRaw(five, 374));
    const at = scoreCard(cardWithRaw(five, 375));
    expect([below.rawTotal, below.modifier]).toEqual([374, -2]);
    expect([at.rawTotal, at.modifier]).toEqual([375, -1]);
    expect(scoreCard(cardWithRaw(five, 812)).modifier).toBe(5);
    expect(scoreCard(cardWithRaw(five, 813)).modifier).toBe(6);
  });

  it('6 columns: Choice needs ≥ 150 (149 no, 150 yes); edge 450', () => {
    const six = freeColumns(6);
    expect(scoreCard(cardWithRows(six, { choice: choiceSplit(149, 6) })).incentives.choice).toBe(0);
    expect(scoreCard(cardWithRows(six, { choice: choiceSplit(150, 6) })).incentives.choice).toBe(2);
    expect(scoreCard(cardWithRaw(six, 449)).modifier).toBe(-2);
    expect(scoreCard(cardWithRaw(six, 450)).modifier).toBe(-1);
  });

  it('straight, house and Olathe incentives count the card’s own cells', () => {
    const two = freeColumns(2);
    const six: ColumnKind[] = ['free', 'free', 'free', 'free', 'down', 'up'];
    const s = d(1, 2, 3, 4, 5);
    const h = d(1, 1, 1, 2, 2);
    const o = d(1, 1, 1, 1, 1);
    expect(scoreCard(cardWithRows(two, { straight: [s, s], house: [h, h], olathe: [o, o] })).incentives).toMatchObject({
      straight: 4,
      house: 3,
      olathe: 4,
    });
    const sixAll = scoreCard(
      fullCard(six, (_, c) => (c === 'straight' ? s : c === 'house' ? h : c === 'olathe' ? o : SCRATCH)),
    );
    expect(sixAll.incentives).toMatchObject({ straight: 4, house: 3, olathe: 12 });
    const sixOneShort = scoreCard(
      fullCard(six, (col, c) => (c === 'straight' && col !== 5 ? s : c === 'house' && col !== 0 ? h : SCRATCH)),
    );
    expect(sixOneShort.incentives).toMatchObject({ straight: 0, house: 0, olathe: 0 });
  });
});

describe('RULES.md "Scoring calculator format" worked example', () => {
  it('reproduces the breakdown exactly', () => {
    const card = cardOf(['free'], [{ fours: d(4, 4, 4, 1, 2), straight: d(1, 2, 3, 4, 5), olathe: d(6, 6, 6, 6, 6) }]);
    expect(scoreCard(card)).toEqual({
      columns: [
        {
          kind: 'free',
          cells: { fours: 12, fives: null, sixes: null, straight: 15, house: null, choice: null, olathe: 50 },
        },
      ],
      categoryTotals: { fours: 12, fives: 0, sixes: 0, straight: 15, house: 0, choice: 0, olathe: 50 },
      incentives: { fours: 0, fives: 0, sixes: 0, straight: 4, house: 0, choice: 0, olathe: 2 },
      incentiveTotal: 6,
      rawTotal: 77,
      modifier: -1,
      final: 5,
    });
  });

  it('every number in a breakdown is an integer; empty cells are null and count 0', () => {
    const card = cardOf(freeColumns(3), [{ choice: d(6, 6, 1, 2, 3) }, {}, { house: d(2, 2, 5, 5, 5) }]);
    const b = scoreCard(card);
    expect(b.columns[1]!.cells.fours).toBeNull();
    expect(b.categoryTotals.choice).toBe(18);
    expect(b.rawTotal).toBe(18 + 19);
    const numbers = [
      ...Object.values(b.categoryTotals),
      ...Object.values(b.incentives),
      b.incentiveTotal,
      b.rawTotal,
      b.modifier,
      b.final,
    ];
    for (const x of numbers) expect(Number.isInteger(x)).toBe(true);
  });

  it('the columns keep their kinds in the breakdown', () => {
    const b = scoreCard(cardOf(['free', 'down', 'up'], [{}, {}, {}]));
    expect(b.columns.map((c) => c.kind)).toEqual(['free', 'down', 'up']);
  });
});
