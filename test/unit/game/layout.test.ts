// RULES.md "Variants" (allowed layouts, throws per turn) and "A turn" step 3 (which cells may be written).
import { describe, expect, it } from 'vitest';
import type { ColumnKind, LayoutCounts } from '../../../src/game/index';
import {
  CATEGORIES,
  DEFAULT_LAYOUT,
  DEFAULT_THROWS,
  MAX_THROWS,
  MIN_THROWS,
  columnLabel,
  emptyCard,
  fillOrder,
  filledCellCount,
  isCardFull,
  layoutColumns,
  layoutProblem,
  legalCells,
  legalCellsInColumn,
  nextOrderedCell,
  throwsProblem,
  totalCellCount,
  withCell,
} from '../../../src/game/index';
import { SCRATCH, fullCard } from './helpers';

const L = (free: number, down: number, up: number): LayoutCounts => ({ free, down, up });

describe('allowed layouts (layoutProblem)', () => {
  it('Olathe: every combination of Free 2–4, Down 0–1, Up 0–1 is allowed (2–6 columns)', () => {
    for (let free = 2; free <= 4; free++)
      for (let down = 0; down <= 1; down++)
        for (let up = 0; up <= 1; up++) {
          expect(layoutProblem('olathe', L(free, down, up)), `${free}/${down}/${up}`).toBeNull();
          const n = layoutColumns(L(free, down, up)).length;
          expect(n).toBeGreaterThanOrEqual(2);
          expect(n).toBeLessThanOrEqual(6);
        }
  });

  it.each([
    [0, 1, 1],
    [1, 1, 1],
    [1, 0, 0],
    [5, 0, 0],
    [5, 1, 1],
    [2, 2, 0],
    [2, 0, 2],
    [4, 2, 2],
    [0, 0, 0],
    [-1, 1, 1],
    [2.5, 0, 0],
    [2, 0.5, 0],
    [2, 0, Number.NaN],
  ])('Olathe refuses Free %d, Down %d, Up %d with a plain reason', (free, down, up) => {
    const problem = layoutProblem('olathe', L(free, down, up));
    expect(problem).toEqual(expect.any(String));
    expect(problem!).toMatch(/^[A-Z].*\.$/);
  });

  it('Balut is played on 4 Free columns only', () => {
    expect(layoutProblem('balut', L(4, 0, 0))).toBeNull();
    for (const counts of [L(3, 0, 0), L(5, 0, 0), L(2, 1, 1), L(4, 1, 0), L(4, 0, 1), L(3, 1, 0), L(0, 0, 0)]) {
      expect(layoutProblem('balut', counts)).toMatch(/Balut/);
    }
  });

  it('the defaults: Olathe Free, Free, Down, Up; Balut four Free', () => {
    expect(layoutColumns(DEFAULT_LAYOUT.olathe)).toEqual(['free', 'free', 'down', 'up']);
    expect(layoutColumns(DEFAULT_LAYOUT.balut)).toEqual(['free', 'free', 'free', 'free']);
    expect(layoutProblem('olathe', DEFAULT_LAYOUT.olathe)).toBeNull();
    expect(layoutProblem('balut', DEFAULT_LAYOUT.balut)).toBeNull();
  });

  it('columns run Free first, then Down, then Up', () => {
    expect(layoutColumns(L(3, 1, 0))).toEqual(['free', 'free', 'free', 'down']);
    expect(layoutColumns(L(2, 0, 1))).toEqual(['free', 'free', 'up']);
    expect(layoutColumns(L(4, 1, 1))).toEqual(['free', 'free', 'free', 'free', 'down', 'up']);
  });
});

describe('throws per turn (throwsProblem)', () => {
  it('Olathe allows 1–5, default 3', () => {
    expect([MIN_THROWS, DEFAULT_THROWS, MAX_THROWS]).toEqual([1, 3, 5]);
    for (let t = 1; t <= 5; t++) expect(throwsProblem('olathe', t)).toBeNull();
    for (const t of [0, 6, -1, 2.5, Number.NaN]) expect(throwsProblem('olathe', t)).toMatch(/1 to 5/);
  });
  it('Balut allows up to 3 throws (the option is fixed at 3)', () => {
    expect(throwsProblem('balut', 3)).toBeNull();
    for (const t of [1, 2, 4, 5]) expect(throwsProblem('balut', t)).toMatch(/3/);
  });
});

describe('fill order of Down and Up columns', () => {
  it('Down runs Fours → Olathe, Up runs Olathe → Fours, Free has none', () => {
    expect(fillOrder('down')).toEqual(['fours', 'fives', 'sixes', 'straight', 'house', 'choice', 'olathe']);
    expect(fillOrder('up')).toEqual(['olathe', 'choice', 'house', 'straight', 'sixes', 'fives', 'fours']);
    expect(fillOrder('free')).toBeNull();
  });

  it('a Down column accepts only its topmost empty cell, step by step', () => {
    let card = emptyCard(['down']);
    for (const category of CATEGORIES) {
      expect(nextOrderedCell(card.columns[0]!)).toBe(category);
      expect(legalCellsInColumn(card.columns[0]!)).toEqual([category]);
      card = withCell(card, { column: 0, category }, SCRATCH);
    }
    expect(nextOrderedCell(card.columns[0]!)).toBeNull();
    expect(legalCellsInColumn(card.columns[0]!)).toEqual([]);
  });

  it('an Up column accepts only its bottommost empty cell, step by step', () => {
    let card = emptyCard(['up']);
    for (const category of [...CATEGORIES].reverse()) {
      expect(legalCellsInColumn(card.columns[0]!)).toEqual([category]);
      card = withCell(card, { column: 0, category }, SCRATCH);
    }
    expect(legalCellsInColumn(card.columns[0]!)).toEqual([]);
  });

  it('a Free column accepts any empty cell, top to bottom', () => {
    let card = emptyCard(['free']);
    expect(legalCellsInColumn(card.columns[0]!)).toEqual([...CATEGORIES]);
    card = withCell(card, { column: 0, category: 'house' }, SCRATCH);
    card = withCell(card, { column: 0, category: 'fours' }, SCRATCH);
    expect(legalCellsInColumn(card.columns[0]!)).toEqual(['fives', 'sixes', 'straight', 'choice', 'olathe']);
    expect(nextOrderedCell(card.columns[0]!)).toBeNull();
  });

  it('legalCells: only the declared column, or the whole card with none declared', () => {
    const kinds: ColumnKind[] = ['free', 'down', 'up'];
    const card = emptyCard(kinds);
    expect(legalCells(card, 1)).toEqual([{ column: 1, category: 'fours' }]);
    expect(legalCells(card, 2)).toEqual([{ column: 2, category: 'olathe' }]);
    expect(legalCells(card, 0)).toHaveLength(7);
    expect(legalCells(card, null)).toHaveLength(9);
  });
});

describe('card helpers', () => {
  it('counts cells and knows when a card is full; withCell does not touch the original', () => {
    const kinds: ColumnKind[] = ['free', 'free'];
    const card = emptyCard(kinds);
    expect(totalCellCount(card)).toBe(14);
    expect(filledCellCount(card)).toBe(0);
    const after = withCell(card, { column: 1, category: 'sixes' }, SCRATCH);
    expect(filledCellCount(after)).toBe(1);
    expect(card.columns[1]!.cells.sixes).toBeNull();
    expect(isCardFull(card)).toBe(false);
    expect(isCardFull(fullCard(kinds))).toBe(true);
  });

  it('column labels: Free n, ↓ Down, ↑ Up', () => {
    const kinds = layoutColumns(L(3, 1, 1));
    expect(kinds.map((_, i) => columnLabel(kinds, i))).toEqual(['Free 1', 'Free 2', 'Free 3', '↓ Down', '↑ Up']);
  });
});
