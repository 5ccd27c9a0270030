// The per-row parts of the estimate Φ (valuation.ts): for each category, its incentive's expected points and
// the mean and variance of the raw points its open cells will add, plus the learned correction's entries.
// - Fours, Fives, Sixes, Choice: 2 × P(the total reaches its scaled threshold), each open cell filled by one
//   turn spent on the row, a Free cell with extra throws (its turn's dice could have gone elsewhere).
// - Straight, House: points × P(every cell of the row ends non-zero); an ordered cell gets one try, the Free
//   cells of a pool their own turns plus a share of the pool's other open cells as extra tries.
// - Olathe: 2 × (Olathe cells made + the expected number still to be made), on the same pool model.
import { HOUSE_POINTS, OLATHE_POINTS, STRAIGHT_POINTS, THRESHOLD_POINTS, TOTAL_THRESHOLDS } from '../game';
import { rawEntry, rowEntry } from './correction';
import type { CardModel } from './card-model';
import { filledCells } from './card-model';
import type { HitStats, Tails, TurnStats } from './turn-stats';
import { DELTA_GRID, DELTA_STEP, tailsAt } from './turn-stats';
import type { ValuationParams } from './valuation-params';
import { CAT_COUNT, CHOICE, FIVES, FOURS, HOUSE, MAX_FREE_CELLS, OLATHE, SIXES, STRAIGHT } from './rows';

export interface Part {
  inc: number;
  mean: number;
  variance: number;
}

const THRESHOLD_OF: Record<number, number> = {
  [FOURS]: TOTAL_THRESHOLDS.fours,
  [FIVES]: TOTAL_THRESHOLDS.fives,
  [SIXES]: TOTAL_THRESHOLDS.sixes,
  [CHOICE]: TOTAL_THRESHOLDS.choice,
};

function tailAt(tails: Tails, nf: number, no: number, needUnits: number): number {
  const tail = tails.tail[Math.min(nf, MAX_FREE_CELLS)]![Math.min(no, 2)]!;
  return needUnits < tail.length ? tail[needUnits]! : 0;
}

function thresholdPart(
  m: CardModel,
  ci: number,
  stats: TurnStats,
  total: number,
  nf: number,
  no: number,
  delta: number,
): Part {
  const st = stats.threshold[ci]!;
  const x = Math.min(DELTA_GRID - 1, Math.max(0, delta / DELTA_STEP));
  const lo = Math.floor(x);
  const hi = Math.min(DELTA_GRID - 1, lo + 1);
  const w = x - lo;
  const a = tailsAt(st, lo);
  const b = tailsAt(st, hi);
  const target = (THRESHOLD_OF[ci]! * m.columnCount) / 4;
  const needPoints = target - total;
  let p: number;
  if (needPoints <= 0) p = 1;
  else {
    const needUnits = Math.ceil(needPoints / st.unit - 1e-9);
    p = tailAt(a, nf, no, needUnits);
    if (w > 0) p += w * (tailAt(b, nf, no, needUnits) - p);
  }
  return {
    inc: THRESHOLD_POINTS * p,
    mean: nf * (a.mean + w * (b.mean - a.mean)) + no * st.meanOrdered,
    variance: nf * (a.variance + w * (b.variance - a.variance)) + no * st.varOrdered,
  };
}

function effectiveTries(n: number, open: number, spare: number): number {
  return n + spare * Math.max(0, open - n);
}

function interp(table: Float64Array[], tries: number, k: number): number {
  const lo = Math.floor(tries);
  const w = tries - lo;
  const a = table[Math.min(lo, table.length - 1)]![k]!;
  if (w === 0) return a;
  const b = table[Math.min(lo + 1, table.length - 1)]![k]!;
  return a + w * (b - a);
}

/**
 * Straight / House: points × P(every cell non-zero). `poolCat[p*7 + ci]` open cells of the row in pool p,
 * `poolOpen[p]` open cells of the pool, `no` open ordered cells.
 */
function hitPart(
  hs: HitStats,
  points: number,
  spare: number,
  zero: boolean,
  ci: number,
  poolCat: readonly number[],
  poolOpen: readonly number[],
  no: number,
): Part {
  let pAll = zero ? 0 : hs.p ** no;
  let made = no * hs.p;
  let variance = no * hs.p * (1 - hs.p);
  for (let p = 0; p < poolOpen.length; p++) {
    const n = poolCat[p * CAT_COUNT + ci]!;
    if (n === 0) continue;
    const tries = effectiveTries(n, poolOpen[p]!, spare);
    if (pAll > 0) pAll *= interp(hs.pAtLeast, tries, n);
    const e = interp(hs.eMin, tries, n);
    made += e;
    const q = e / n;
    variance += n * q * (1 - q);
  }
  return { inc: points * pAll, mean: made * hs.avg, variance: variance * hs.avg * hs.avg };
}

function olathePart(
  hs: HitStats,
  spare: number,
  made: number,
  poolCat: readonly number[],
  poolOpen: readonly number[],
  no: number,
): Part {
  let expected = no * hs.p;
  let variance = no * hs.p * (1 - hs.p);
  for (let p = 0; p < poolOpen.length; p++) {
    const n = poolCat[p * CAT_COUNT + OLATHE]!;
    if (n === 0) continue;
    const e = interp(hs.eMin, effectiveTries(n, poolOpen[p]!, spare), n);
    expected += e;
    const q = e / n;
    variance += n * q * (1 - q);
  }
  // Five of a kind scores 20 + 5 × face: 37.5 on average, sd about 8.5.
  return {
    inc: OLATHE_POINTS * (made + expected),
    mean: expected * 37.5,
    variance: variance * 37.5 * 37.5 + expected * 73,
  };
}

/**
 * A row's part of the estimate: the model's, its incentive scaled by the row's weight, plus the learned
 * correction's entry for the row (`filled`: the cells written once the turn being valued is written).
 */
export function categoryPart(filled: number, ...args: Parameters<typeof rawCategoryPart>): Part {
  const part = rawCategoryPart(...args);
  const [m, ci, , params, poolOpen, poolCat, no, total, zero] = args;
  const w = params.incentiveWeights[ci] ?? 1;
  if (w !== 1) part.inc *= w;
  const correction = params.correction;
  if (correction && correction.cells === m.columnCount * CAT_COUNT) {
    const entry = rowEntry(ci, filled, correction.cells, rowOpen(ci, poolOpen.length, poolCat, no), total, zero);
    if (entry >= 0) part.inc += correction.weights[entry]!;
  }
  return part;
}

/** A row's open cells: its `no` ordered ones and those of each of the `pools` pools. */
function rowOpen(ci: number, pools: number, poolCat: readonly number[], no: number): number {
  let open = no;
  for (let p = 0; p < pools; p++) open += poolCat[p * CAT_COUNT + ci]!;
  return open;
}

/** The correction entries that apply to a card (its unsettled rows, and the raw total): what training moves. */
export function correctionEntries(m: CardModel): number[] {
  const cells = m.columnCount * CAT_COUNT;
  const filled = filledCells(m);
  const out: number[] = [];
  for (let ci = 0; ci < CAT_COUNT; ci++) {
    const e = rowEntry(
      ci,
      filled,
      cells,
      rowOpen(ci, m.poolOpen.length, m.poolCat, m.orderedCat[ci]!),
      m.totals[ci]!,
      m.zero[ci]!,
    );
    if (e >= 0) out.push(e);
  }
  const r = rawEntry(filled, cells, m.raw);
  if (r >= 0) out.push(r);
  return out;
}

/** The learned correction's entry for the raw total (0 without one). */
export function rawCorrection(params: ValuationParams, m: CardModel, filled: number, raw: number): number {
  const correction = params.correction;
  if (!correction || correction.cells !== m.columnCount * CAT_COUNT) return 0;
  const entry = rawEntry(filled, correction.cells, raw);
  return entry >= 0 ? correction.weights[entry]! : 0;
}

function rawCategoryPart(
  m: CardModel,
  ci: number,
  stats: TurnStats,
  params: ValuationParams,
  poolOpen: readonly number[],
  poolCat: readonly number[],
  no: number,
  total: number,
  zero: boolean,
  made: number,
): Part {
  switch (ci) {
    case STRAIGHT:
      return hitPart(stats.straight, STRAIGHT_POINTS, params.straightSpare, zero, ci, poolCat, poolOpen, no);
    case HOUSE:
      return hitPart(stats.house, HOUSE_POINTS, params.houseSpare, zero, ci, poolCat, poolOpen, no);
    case OLATHE:
      return olathePart(stats.olathe, params.olatheSpare, made, poolCat, poolOpen, no);
    default: {
      // Extra throws for the Free cells: the most early on, none once every open cell of the pool is one of
      // these (no other cell to take a failed try), by `extraBySpare`.
      let nf = 0;
      let share = 0;
      for (let p = 0; p < poolOpen.length; p++) {
        const n = poolCat[p * CAT_COUNT + ci]!;
        if (n === 0) continue;
        nf += n;
        share += (n * Math.max(0, poolOpen[p]! - n)) / Math.max(1, poolOpen[p]!);
      }
      if (nf > 0) share /= nf;
      const most = ci === CHOICE ? params.choiceExtraThrows : params.faceExtraThrows;
      const delta = most * (1 - params.extraBySpare + params.extraBySpare * share);
      return thresholdPart(m, ci, stats, total, nf, no, delta);
    }
  }
}
