// What a final outcome of a turn is worth: for every legal cell, the cell's points and what writing them there
// does to the end-of-game incentives and modifier (RULES.md "End of game"), as an estimate of the expected
// final score of the whole card. The widget then plays the turn for the best of these values.
//
// The estimate Φ(card) is a sum of per-category parts (row-parts.ts) plus the expected modifier
// (expected-modifier.ts), the future raw total taken as normal with the mean and variance of the open cells.
// All thresholds and edges are scaled by N/4 for a card of N columns, and the Down/Up order is respected
// because only the legal cells are offered. What Φ reads is built beside it: the card as the valuation sees
// it (card-model.ts), what a turn aimed at each row yields (turn-stats.ts), the points of each outcome
// (score-table.ts) and the tuned parameters (valuation-params.ts); this module passes their exports on.
import type { Card, Category, GameState, Variant } from '../game';
import { CATEGORIES, legalCells } from '../game';
import type { CellRef } from '../game';
import { widgetTables } from './widget';
import type { CardModel } from './card-model';
import { cardModel, filledCells } from './card-model';
import { expectedModifier } from './expected-modifier';
import { categoryPart, rawCorrection } from './row-parts';
import { CAT_COUNT, OLATHE } from './rows';
import { scoreTableFor, scoresOf } from './score-table';
import type { TurnStats } from './turn-stats';
import { turnStats } from './turn-stats';
import type { ValuationParams } from './valuation-params';
import { DEFAULT_PARAMS, paramsFor } from './valuation-params';

export type { CardModel } from './card-model';
export { cardModel, filledCells } from './card-model';
export { expectedModifier } from './expected-modifier';
export { correctionEntries } from './row-parts';
export { scoreTableFor } from './score-table';
export { turnStats } from './turn-stats';
export type { ValuationParams } from './valuation-params';
export { BALUT_PARAMS, DEFAULT_PARAMS, OLATHE_PARAMS, paramsFor } from './valuation-params';

/** The 252 outcomes (a local copy: imported bindings are slow in hot loops under some loaders). */
const OUTCOME_COUNT = 252;

/**
 * Builds every table the solver needs for games of `throws` throws a turn (the widget, the score table, the
 * per-turn statistics) — once; the bot calls it at start-up. Returns the ms it took (0 when already built).
 */
export function buildSolverTables(throws: number): number {
  const started = performance.now();
  widgetTables();
  scoreTableFor();
  turnStats(throws);
  return performance.now() - started;
}

// ---------- Φ of a whole card ----------

export interface Estimate {
  /** Estimated expected final score (incentives + modifier). */
  value: number;
  incentives: number;
  modifier: number;
  futureRawMean: number;
}

/** The estimated expected final score of a card with every open cell still to be played. */
export function estimateCard(m: CardModel, params: ValuationParams = DEFAULT_PARAMS): Estimate {
  const stats = turnStats(m.throws);
  const filled = filledCells(m);
  let inc = 0,
    mean = 0,
    variance = 0;
  for (let ci = 0; ci < CAT_COUNT; ci++) {
    const part = categoryPart(
      filled,
      m,
      ci,
      stats,
      params,
      m.poolOpen,
      m.poolCat,
      m.orderedCat[ci]!,
      m.totals[ci]!,
      m.zero[ci]!,
      m.olathesMade,
    );
    inc += part.inc;
    mean += part.mean;
    variance += part.variance;
  }
  const mod = expectedModifier(m.raw, mean * params.rawMeanScale, variance * params.rawSdScale ** 2, m.columnCount);
  const value = inc + mod + params.rawTiebreak * (m.raw + mean) + rawCorrection(params, m, filled, m.raw);
  return { value, incentives: inc, modifier: mod, futureRawMean: mean };
}

// ---------- the values of a turn's outcomes ----------

/** The values of the 252 final outcomes for the legal cells, and which cell each is best written in. */
export interface OutcomeValuation {
  values: Float64Array;
  /** For each outcome, the index into `cells` of its best cell. */
  bestCell: Uint8Array;
  cells: CellRef[];
  /** valueOfCell[i * 252 + o]: the value of writing outcome o into cells[i]. */
  valueOfCell: Float64Array;
}

/**
 * The value of writing each outcome into each of `cells` (all in one pool or one ordered column), as the
 * estimated expected final score of the card afterwards.
 */
export function valueOutcomes(
  card: Card,
  variant: Variant,
  throws: number,
  cells: readonly CellRef[],
  params: ValuationParams = DEFAULT_PARAMS,
): OutcomeValuation {
  const table = scoreTableFor();
  const m = cardModel(card, variant, throws);
  const stats = turnStats(throws);
  const values = new Float64Array(OUTCOME_COUNT).fill(-Infinity);
  const bestCell = new Uint8Array(OUTCOME_COUNT);
  const valueOfCell = new Float64Array(cells.length * OUTCOME_COUNT);
  // The parts of every category once the turn's cell is used (the pool has one open cell fewer).
  const memo = new Map<string, Float64Array>();
  cells.forEach((ref, i) => {
    const ci = CATEGORIES.indexOf(ref.category);
    const pool = m.columnPool[ref.column]!;
    const key = `${pool}/${ci}`;
    let byOutcome = memo.get(key);
    if (!byOutcome) {
      byOutcome = valueCell(m, stats, params, pool, ci, table);
      memo.set(key, byOutcome);
    }
    for (let o = 0; o < OUTCOME_COUNT; o++) {
      const v = byOutcome[o]!;
      valueOfCell[i * OUTCOME_COUNT + o] = v;
      if (v > values[o]!) {
        values[o] = v;
        bestCell[o] = i;
      }
    }
  });
  return { values, bestCell, cells: cells.slice(), valueOfCell };
}

function valueCell(
  m: CardModel,
  stats: TurnStats,
  params: ValuationParams,
  pool: number,
  ci: number,
  table: Int16Array,
): Float64Array {
  const poolOpen = m.poolOpen.slice();
  const poolCat = m.poolCat.slice();
  if (pool >= 0) {
    poolOpen[pool]!--;
    poolCat[pool * CAT_COUNT + ci]!--;
  }
  // Parts of the other categories, with the pool one cell smaller.
  const filled = filledCells(m) + 1;
  let inc = 0,
    mean = 0,
    variance = 0;
  for (let c = 0; c < CAT_COUNT; c++) {
    if (c === ci) continue;
    const part = categoryPart(
      filled,
      m,
      c,
      stats,
      params,
      poolOpen,
      poolCat,
      m.orderedCat[c]!,
      m.totals[c]!,
      m.zero[c]!,
      m.olathesMade,
    );
    inc += part.inc;
    mean += part.mean;
    variance += part.variance;
  }
  const no = m.orderedCat[ci]! - (pool < 0 ? 1 : 0);
  const byScore = scoreBuffer;
  for (const s of scoresOf(ci)) {
    const part = categoryPart(
      filled,
      m,
      ci,
      stats,
      params,
      poolOpen,
      poolCat,
      no,
      m.totals[ci]! + s,
      m.zero[ci]! || s === 0,
      m.olathesMade + (ci === OLATHE && s > 0 ? 1 : 0),
    );
    const futureMean = mean + part.mean;
    const raw = m.raw + s;
    const mod = expectedModifier(
      raw,
      futureMean * params.rawMeanScale,
      (variance + part.variance) * params.rawSdScale ** 2,
      m.columnCount,
    );
    byScore[s] = inc + part.inc + mod + params.rawTiebreak * (raw + futureMean) + rawCorrection(params, m, filled, raw);
  }
  const out = new Float64Array(OUTCOME_COUNT);
  const base = ci * OUTCOME_COUNT;
  for (let o = 0; o < OUTCOME_COUNT; o++) out[o] = byScore[table[base + o]!]!;
  return out;
}

/** Values by cell score (scores are 0–50). */
const scoreBuffer = new Float64Array(64);

/** Values for a player's turn in a game state: the legal cells of the declared column (or `column`). */
export function valueTurn(
  state: GameState,
  seat: number,
  column?: number | null,
  params?: ValuationParams,
): OutcomeValuation {
  const player = state.players[seat]!;
  const col = column !== undefined ? column : player.turn.column;
  const cells = legalCells(player.card, state.options.variant === 'olathe' ? col : null);
  const { variant, throwsPerTurn } = state.options;
  return valueOutcomes(player.card, variant, throwsPerTurn, dedupeCells(variant, cells), params ?? paramsFor(variant));
}

/**
 * In Balut the Free columns are interchangeable (totals are per category), so one cell per category is
 * enough: the leftmost. In Olathe the cells offered are those of one column, all different.
 */
export function dedupeCells(variant: Variant, cells: readonly CellRef[]): CellRef[] {
  const seen = new Set<string>();
  const out: CellRef[] = [];
  for (const ref of cells) {
    const key = variant === 'balut' ? ref.category : `${ref.column}/${ref.category}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(ref);
  }
  return out;
}

export type { Category };
