// A learned correction to the valuation's estimate Φ (valuation.ts), trained in self-play by
// temporal-difference learning (`fit-correction.ts`). Φ models each row on its own; the correction learns
// what that misses about rows sharing the card's turns — on the classic Balut card it lifts the expert from
// 9.84 to 10.16 points a game (10,000 games, seed 2024).
//
// The correction is a sum of table entries, one per unsettled row plus one for the raw total. A row's entry
// is picked by the stage of the game (cells written, in 7 steps), the row's open cells (1–4) and, for the
// Fours/Fives/Sixes/Choice totals, how far the total still is from its threshold (in dice of the face, or
// 5-pip steps for Choice). A settled row (no open cell, a zero in Straight/House, a total reached) has no
// entry: its part of Φ is exact, and so is Φ of a full card. The raw total's entry is by stage and tens of points.
import { BALUT_CORRECTION_ENTRIES } from './correction-balut';

export interface Correction {
  /** The cell count of the card it was trained on (a correction is used only on such a card). */
  cells: number;
  weights: Float64Array;
}

/** Entries per (row, stage, open cells). */
const SUB = 96;
const STAGES = 7;
const ROWS = 8; // the seven categories, then the raw total
const RAW_ROW = 7;
export const CORRECTION_SIZE = ROWS * STAGES * 5 * SUB;

const SIXES = 2,
  STRAIGHT = 3,
  HOUSE = 4,
  CHOICE = 5,
  OLATHE = 6;
/** The totals' thresholds on a 4-column card (RULES.md), scaled by the card's columns below. */
const THRESHOLDS = [52, 65, 78, 0, 0, 100];

function stageOf(filled: number, cells: number): number {
  return Math.min(STAGES - 1, Math.floor((filled * STAGES) / cells));
}

/**
 * The entry of row `ci` (−1: none), with `filled` cells written on a card of `cells` cells, `open` cells of
 * the row still open, the row's `total` so far and `zero` for a zero written in Straight/House.
 */
export function rowEntry(
  ci: number,
  filled: number,
  cells: number,
  open: number,
  total: number,
  zero: boolean,
): number {
  if (open <= 0 || open > 4) return -1;
  let sub = 0;
  if (ci <= SIXES || ci === CHOICE) {
    const need = (THRESHOLDS[ci]! * cells) / 28 - total;
    if (need <= 0) return -1;
    sub = Math.min(SUB - 1, Math.ceil(need / (ci === CHOICE ? 5 : ci + 4)));
  } else if (ci === STRAIGHT || ci === HOUSE) {
    if (zero) return -1;
  } else if (ci !== OLATHE) return -1;
  return ((ci * STAGES + stageOf(filled, cells)) * 5 + open) * SUB + sub;
}

/** The raw total's entry (−1 once the card is full). */
export function rawEntry(filled: number, cells: number, raw: number): number {
  if (filled >= cells) return -1;
  return (RAW_ROW * STAGES + stageOf(filled, cells)) * 5 * SUB + Math.min(SUB - 1, Math.floor(raw / 10));
}

export function emptyCorrection(cells: number): Correction {
  return { cells, weights: new Float64Array(CORRECTION_SIZE) };
}

/** A correction from its non-zero entries, written `index:weight` separated by spaces. */
export function parseCorrection(cells: number, entries: string): Correction {
  const c = emptyCorrection(cells);
  for (const pair of entries.split(/\s+/)) {
    if (!pair) continue;
    const [index, weight] = pair.split(':');
    c.weights[Number(index)] = Number(weight);
  }
  return c;
}

/** The non-zero entries of a correction, `index:weight`, in lines of 10. */
export function formatCorrection(c: Correction): string[] {
  const pairs: string[] = [];
  c.weights.forEach((w, i) => {
    const rounded = Math.round(w * 1e5) / 1e5;
    if (rounded !== 0) pairs.push(`${i}:${rounded}`);
  });
  const lines: string[] = [];
  for (let i = 0; i < pairs.length; i += 10) lines.push(pairs.slice(i, i + 10).join(' '));
  return lines;
}

/** The correction for the classic Balut card (4 Free columns, 3 throws). */
export const BALUT_CORRECTION: Correction = parseCorrection(28, BALUT_CORRECTION_ENTRIES.join(' '));
