import { describe, expect, it } from 'vitest';
import type { Card, Dice } from '../../../src/game/index';
import { emptyCard, legalCells, scoreCard, seededRng, withCell } from '../../../src/game/index';
import {
  BALUT_CORRECTION,
  CORRECTION_SIZE,
  emptyCorrection,
  formatCorrection,
  parseCorrection,
  rawEntry,
  rowEntry,
} from '../../../src/solver/correction';
import { trainCorrection } from '../../../src/solver/train-correction';
import {
  DEFAULT_PARAMS,
  cardModel,
  correctionEntries,
  estimateCard,
  paramsFor,
  valueOutcomes,
} from '../../../src/solver/valuation';
import { outcomeIndex } from '../../../src/solver/widget';

const BALUT = ['free', 'free', 'free', 'free'] as const;

function playedCard(seed: number, fill: number): Card {
  const rng = seededRng(seed);
  let card = emptyCard([...BALUT]);
  for (let i = 0; i < fill; i++) {
    const cells = legalCells(card, null);
    const ref = cells[(rng.face() * 7 + rng.face()) % cells.length]!;
    const dice = [rng.face(), rng.face(), rng.face(), rng.face(), rng.face()] as Dice;
    card = withCell(card, ref, dice);
  }
  return card;
}

describe('correction table entries', () => {
  it('gives every unsettled (row, stage, open cells, distance) its own entry inside the table', () => {
    const seen = new Map<number, string>();
    for (let ci = 0; ci < 7; ci++)
      for (let filled = 0; filled < 28; filled++)
        for (let open = 1; open <= 4; open++)
          for (const total of [0, 12, 40, 51, 99]) {
            const e = rowEntry(ci, filled, 28, open, total, false);
            if (e < 0) continue;
            expect(e).toBeLessThan(CORRECTION_SIZE);
            const threshold = [52, 65, 78, 0, 0, 100, 0][ci]!;
            const need = threshold ? Math.ceil((threshold - total) / (ci === 5 ? 5 : ci + 4)) : 0;
            const key = `${ci}/${Math.floor(filled / 4)}/${open}/${need}`;
            const other = seen.get(e);
            if (other !== undefined) expect(other).toBe(key);
            seen.set(e, key);
          }
    for (let filled = 0; filled < 28; filled++)
      for (const raw of [0, 99, 400, 812]) expect(rawEntry(filled, 28, raw)).toBeLessThan(CORRECTION_SIZE);
    expect(seen.size).toBeGreaterThan(300);
  });

  it('has no entry for a settled row: none open, a zero in Straight/House, a total reached, a full card', () => {
    expect(rowEntry(0, 10, 28, 0, 20, false)).toBe(-1);
    expect(rowEntry(3, 10, 28, 2, 15, true)).toBe(-1);
    expect(rowEntry(4, 10, 28, 2, 0, true)).toBe(-1);
    expect(rowEntry(0, 10, 28, 2, 52, false)).toBe(-1); // Fours ≥ 52 reached
    expect(rowEntry(5, 10, 28, 1, 100, false)).toBe(-1);
    expect(rowEntry(0, 10, 28, 2, 48, false)).toBeGreaterThanOrEqual(0);
    expect(rawEntry(28, 28, 400)).toBe(-1);
  });

  it('round-trips through its text form', () => {
    const c = emptyCorrection(28);
    c.weights[5] = 0.25;
    c.weights[CORRECTION_SIZE - 1] = -1.5;
    const back = parseCorrection(28, formatCorrection(c).join(' '));
    expect(Array.from(back.weights)).toEqual(Array.from(c.weights));
  });

  it('ships a trained table for the classic Balut card, which the expert uses and the normal player does not', () => {
    const nonZero = BALUT_CORRECTION.weights.filter((w) => w !== 0).length;
    expect(BALUT_CORRECTION.cells).toBe(28);
    expect(nonZero).toBeGreaterThan(200);
    expect(paramsFor('balut').correction).toBe(BALUT_CORRECTION);
    expect(paramsFor('olathe').correction).toBeUndefined();
  });
});

describe('the corrected estimate', () => {
  const corrected = { ...paramsFor('balut'), rawTiebreak: 0 };
  const plain = { ...DEFAULT_PARAMS, rawTiebreak: 0 };

  it('adds exactly the entries of the card to the model', () => {
    for (const fill of [0, 5, 14, 27]) {
      const card = playedCard(fill + 1, fill);
      const m = cardModel(card, 'balut', 3);
      const entries = correctionEntries(m);
      const sum = entries.reduce((s, e) => s + BALUT_CORRECTION.weights[e]!, 0);
      expect(estimateCard(m, corrected).value - estimateCard(m, plain).value).toBeCloseTo(sum, 9);
    }
  });

  it('leaves a full card at its exact final score', () => {
    const card = playedCard(3, 28);
    expect(estimateCard(cardModel(card, 'balut', 3), corrected).value).toBeCloseTo(scoreCard(card).final, 9);
  });

  it('values writing an outcome as the corrected estimate of the card it leaves', () => {
    const card = playedCard(9, 12);
    const cells = legalCells(card, null);
    const v = valueOutcomes(card, 'balut', 3, cells, corrected);
    const rng = seededRng(4);
    for (let k = 0; k < 20; k++) {
      const f = [rng.face(), rng.face(), rng.face(), rng.face(), rng.face()].sort((x, y) => x - y);
      const dice: Dice = [f[0]!, f[1]!, f[2]!, f[3]!, f[4]!];
      const i = k % cells.length;
      const after = withCell(card, cells[i]!, dice);
      const o = outcomeIndex(dice);
      expect(v.valueOfCell[i * 252 + o]).toBeCloseTo(estimateCard(cardModel(after, 'balut', 3), corrected).value, 9);
    }
  });
});

describe('training', () => {
  it('is deterministic and moves only the entries the games visited', () => {
    const options = { variant: 'balut' as const, columns: [...BALUT], stages: [{ games: 6, alpha: 0.01 }], seed: 5 };
    const a = trainCorrection(options);
    const b = trainCorrection(options);
    expect(Array.from(a.weights)).toEqual(Array.from(b.weights));
    const moved = a.weights.filter((w) => w !== 0).length;
    expect(moved).toBeGreaterThan(20);
    // Continuing from a table starts where it left off.
    const c = trainCorrection({ ...options, stages: [{ games: 1, alpha: 1e-12 }], from: a });
    expect(Math.max(...Array.from(c.weights, (w, i) => Math.abs(w - a.weights[i]!)))).toBeLessThan(1e-6);
  });
});
