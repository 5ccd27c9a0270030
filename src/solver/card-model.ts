// A card reduced to what the valuation needs: the raw points and row totals so far, and the open cells by
// pool (where a turn's dice can go) and by ordered (Down/Up) column.
import type { Card, Variant } from '../game';
import { CATEGORIES, scoreCell } from '../game';
import { CAT_COUNT, OLATHE } from './rows';

/** A card reduced to what the valuation needs; pools are where a turn's dice can go. */
export interface CardModel {
  columnCount: number;
  throws: number;
  raw: number;
  totals: number[];
  /** A zero already written in Straight / House. */
  zero: boolean[];
  olathesMade: number;
  /** Open cells per pool, and open cells of each category per pool: poolOpen[p], poolCat[p*7+c]. */
  poolOpen: number[];
  poolCat: number[];
  /** Open ordered (Down/Up) cells of each category. */
  orderedCat: number[];
  /** The pool of each column, −1 for an ordered column. */
  columnPool: number[];
}

export function cardModel(card: Card, variant: Variant, throws: number): CardModel {
  const n = card.columns.length;
  const totals = [0, 0, 0, 0, 0, 0, 0];
  const zero = [false, false, false, false, false, false, false];
  let raw = 0,
    olathesMade = 0;
  const columnPool: number[] = [];
  const poolOpen: number[] = [];
  const poolCat: number[] = [];
  const orderedCat = [0, 0, 0, 0, 0, 0, 0];
  card.columns.forEach((col) => {
    let pool = -1;
    if (col.kind === 'free') {
      if (variant === 'balut' && poolOpen.length > 0) pool = 0;
      else {
        pool = poolOpen.length;
        poolOpen.push(0);
        for (let c = 0; c < CAT_COUNT; c++) poolCat.push(0);
      }
    }
    columnPool.push(pool);
    CATEGORIES.forEach((cat, ci) => {
      const dice = col.cells[cat];
      if (dice === null) {
        if (pool >= 0) {
          poolOpen[pool]!++;
          poolCat[pool * CAT_COUNT + ci]!++;
        } else orderedCat[ci]!++;
      } else {
        const s = scoreCell(cat, dice);
        totals[ci]! += s;
        raw += s;
        if (s === 0) zero[ci] = true;
        if (ci === OLATHE && s > 0) olathesMade++;
      }
    });
  });
  return { columnCount: n, throws, raw, totals, zero, olathesMade, poolOpen, poolCat, orderedCat, columnPool };
}

/** Cells already written on the card. */
export function filledCells(m: CardModel): number {
  let open = 0;
  for (const n of m.poolOpen) open += n;
  for (const n of m.orderedCat) open += n;
  return m.columnCount * CAT_COUNT - open;
}
