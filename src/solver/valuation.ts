// What a final outcome of a turn is worth: for every legal cell, the cell's points and what writing them there
// does to the end-of-game incentives and modifier (RULES.md "End of game"), as an estimate of the expected
// final score of the whole card. The widget then plays the turn for the best of these values.
//
// The estimate Φ(card) is a sum of per-category parts plus the expected modifier:
// - Fours, Fives, Sixes, Choice: 2 × P(the category total reaches its scaled threshold), the open cells each
//   filled by one turn spent on that category (a Free cell a little better than an ordered one: its turn's
//   dice could have gone elsewhere).
// - Straight, House: points × P(every cell of the row ends non-zero). An ordered (Down/Up) cell gets exactly
//   one try; the Free cells of a "pool" (the whole card in Balut, one Free column in Olathe, where the
//   declared column is the only place a turn's dice can go) get their own turns plus a share of the pool's
//   other turns as extra tries.
// - Olathe: 2 × (Olathe cells made + the expected number still to be made), on the same pool model.
// - Modifier: E[modifier(raw now + future raw)], the future raw total taken as normal with the mean and
//   variance of the open cells, against the scaled band edges.
// All thresholds and edges are scaled by N/4 for a card of N columns, and the Down/Up order is respected
// because only the legal cells are offered.
import type { Card, Category, GameState, Variant } from '../game';
import * as game from '../game';
import { CATEGORIES, legalCells, scoreCell } from '../game';
import type { CellRef } from '../game';
import { finalOutcomeDistribution, outcomeDice, widgetTables } from './widget';
import type { Correction } from './correction';
import { BALUT_CORRECTION, rawEntry, rowEntry } from './correction';

/** The 252 outcomes (a local copy: imported bindings are slow in hot loops under some loaders). */
const OUTCOME_COUNT = 252;

export interface ValuationParams {
  /** Share of a pool's other open cells that count as extra tries for its Straight cells. */
  straightSpare: number;
  /** The same for House cells. */
  houseSpare: number;
  /** The same for Olathe cells (five of a kind comes mostly while aiming at something else). */
  olatheSpare: number;
  /** Free cells of Fours/Fives/Sixes are filled as if their turn had this many extra throws. */
  faceExtraThrows: number;
  /** The same for Free Choice cells. */
  choiceExtraThrows: number;
  /**
   * 0: those extra throws always; 1: scaled by the share of the pool's open cells that are not of the
   * category (the cells a failed try could go to instead), so they dwindle as the card fills.
   */
  extraBySpare: number;
  /** Scale on the expected future raw points. */
  rawMeanScale: number;
  /** Scale on the standard deviation of the future raw points. */
  rawSdScale: number;
  /** Weight of raw points on their own (the tie-break on final score). */
  rawTiebreak: number;
  /**
   * Multipliers on each category's incentive part (Fours … Olathe) when choosing. 1 = the incentive's own
   * points (expert); the normal bot uses 0 for the Fours/Fives/Sixes/Choice totals.
   */
  incentiveWeights: readonly number[];
  /**
   * A learned correction of the estimate (`correction.ts`), applied only on a card of the cell count it was
   * trained on; `paramsFor` gives the classic Balut card's one to Balut only.
   */
  correction?: Correction;
}

/** The parameters tuned with the simulator on the classic Balut card (one pool of 28 cells). */
export const DEFAULT_PARAMS: ValuationParams = {
  straightSpare: 0.35,
  houseSpare: 0.35,
  olatheSpare: 0.5,
  // 0.85 → 1.5: over a 28-turn Balut card the bot picks which turns go to Fours/Fives/Sixes, so a cell gets
  // more of its face than one aimed turn (2,000-game runs, 8 seeds: 9.74 → 9.82).
  faceExtraThrows: 1.5,
  choiceExtraThrows: 0.75,
  extraBySpare: 1,
  rawMeanScale: 1,
  rawSdScale: 1,
  rawTiebreak: 1e-4,
  incentiveWeights: [1, 1, 1, 1, 1, 1, 1],
};

/** Balut's parameters with the correction learned in self-play on the classic card (9.84 → 10.16). */
export const BALUT_PARAMS: ValuationParams = { ...DEFAULT_PARAMS, correction: BALUT_CORRECTION };

/**
 * The parameters tuned on the default Olathe card: a Free column is a pool of only 7 cells, and a try at a
 * Straight, House or Olathe there is cheap for the column's other cells, so spare tries count for more.
 */
export const OLATHE_PARAMS: ValuationParams = {
  ...DEFAULT_PARAMS,
  straightSpare: 0.8,
  houseSpare: 0.8,
  olatheSpare: 1.3,
  faceExtraThrows: 0.85,
};

/** The tuned parameters for a variant. */
export function paramsFor(variant: Variant): ValuationParams {
  return variant === 'olathe' ? OLATHE_PARAMS : BALUT_PARAMS;
}

// Local copies of the engine's constants: imported bindings cost a getter call each in hot loops under
// some loaders (tsx), and these are read thousands of times per decision.
const MODIFIER_EDGES: readonly number[] = [...game.MODIFIER_EDGES];
const LOWEST_MODIFIER = game.LOWEST_MODIFIER;
const TOTAL_THRESHOLDS = { ...game.TOTAL_THRESHOLDS };
const THRESHOLD_POINTS = game.THRESHOLD_POINTS;
const STRAIGHT_POINTS = game.STRAIGHT_POINTS;
const HOUSE_POINTS = game.HOUSE_POINTS;
const OLATHE_POINTS = game.OLATHE_POINTS;
const CAT_COUNT = CATEGORIES.length;
const FOURS = 0,
  FIVES = 1,
  SIXES = 2,
  STRAIGHT = 3,
  HOUSE = 4,
  CHOICE = 5,
  OLATHE = 6;
/** The most columns a game's card can have (Free 4 + Down + Up); the tables reach no further. */
const MAX_COLUMNS = 6;
/** Free cells of one category a card can have (Olathe: 2–4 Free columns; Balut: 4). */
const MAX_FREE_CELLS = 6;
const MAX_CELLS = MAX_COLUMNS * CAT_COUNT;

// ---------- score tables ----------

let scoreTable: Int16Array | null = null;
let distinctScores: number[][] | null = null;

/** scoreTable[c * 252 + o]: the points of outcome o in category c. */
export function scoreTableFor(): Int16Array {
  if (!scoreTable) {
    scoreTable = new Int16Array(CAT_COUNT * OUTCOME_COUNT);
    const sets = CATEGORIES.map(() => new Set<number>());
    for (let o = 0; o < OUTCOME_COUNT; o++) {
      const dice = outcomeDice(o);
      CATEGORIES.forEach((c, ci) => {
        const s = scoreCell(c, dice);
        scoreTable![ci * OUTCOME_COUNT + o] = s;
        sets[ci]!.add(s);
      });
    }
    distinctScores = sets.map((s) => [...s].sort((a, b) => a - b));
  }
  return scoreTable;
}

function scoresOf(ci: number): number[] {
  scoreTableFor();
  return distinctScores![ci]!;
}

// ---------- per-turn statistics for a number of throws ----------

interface HitStats {
  /** P(made in one turn aimed at it). */
  p: number;
  /** Mean points when made. */
  avg: number;
  /** pAtLeast[T][k] = P(Binomial(T, p) ≥ k); eMin[T][n] = E[min(n, Binomial(T, p))]. */
  pAtLeast: Float64Array[];
  eMin: Float64Array[];
}

/** Free threshold cells are modelled with extra throws on a grid 0, 0.25, …, 2.5 (interpolated between). */
const DELTA_STEP = 0.25;
const DELTA_GRID = 11;

interface Tails {
  mean: number;
  variance: number;
  /** tail[nf][no][x] = P(sum of nf free + no ordered cells ≥ x units). */
  tail: Float64Array[][];
}

interface ThresholdStats {
  ci: number;
  throws: number;
  unit: number;
  /** The score distribution of an ordered cell (one aimed turn). */
  ordered: Float64Array;
  meanOrdered: number;
  varOrdered: number;
  /** By extra throws for the Free cells: grid[i] for i × DELTA_STEP extra throws (see `tailsAt`). */
  grid: (Tails | undefined)[];
}

interface TurnStats {
  threshold: ThresholdStats[]; // indexed by category (only 0,1,2,5 set)
  straight: HitStats;
  house: HitStats;
  olathe: HitStats;
}

const statsCache = new Map<number, TurnStats>();

function binomialPmf(n: number, p: number): Float64Array {
  const out = new Float64Array(n + 1);
  for (let k = 0; k <= n; k++) {
    let c = 1;
    for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
    out[k] = c * p ** k * (1 - p) ** (n - k);
  }
  return out;
}

function convolve(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]!;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j]! += ai * b[j]!;
  }
  return out;
}

function meanVar(d: Float64Array, unit: number): [number, number] {
  let m = 0,
    m2 = 0;
  d.forEach((p, x) => {
    m += p * x * unit;
    m2 += p * x * x * unit * unit;
  });
  return [m, m2 - m * m];
}

function hitStats(throws: number, ci: number, weight: (score: number) => number): HitStats {
  const table = scoreTableFor();
  const base = ci * OUTCOME_COUNT;
  const dist = finalOutcomeDistribution(throws, (o) => (table[base + o]! > 0 ? 1 + weight(table[base + o]!) : 0));
  let made = 0,
    pts = 0;
  dist.forEach((m, o) => {
    const s = table[base + o]!;
    if (s > 0) {
      made += m;
      pts += m * s;
    }
  });
  const pMade = made;
  const pAtLeast: Float64Array[] = [];
  const eMin: Float64Array[] = [];
  for (let T = 0; T <= MAX_CELLS + 1; T++) {
    const pmf = binomialPmf(T, pMade);
    const at = new Float64Array(MAX_COLUMNS + 2);
    const em = new Float64Array(MAX_COLUMNS + 2);
    for (let k = 0; k < at.length; k++) {
      let s = 0,
        e = 0;
      for (let x = 0; x <= T; x++) {
        if (x >= k) s += pmf[x]!;
        e += pmf[x]! * Math.min(k, x);
      }
      at[k] = s;
      em[k] = e;
    }
    pAtLeast.push(at);
    eMin.push(em);
  }
  return { p: pMade, avg: made > 0 ? pts / made : 0, pAtLeast, eMin };
}

/** Distribution of the pips of a turn aimed at the most pips, for 1–5 throws (built once each). */
const sumDistCache: Float64Array[] = [];
function sumDistribution(throws: number): Float64Array {
  let out = sumDistCache[throws];
  if (!out) {
    const d = finalOutcomeDistribution(throws, (o) => outcomeDice(o).reduce((a, b) => a + b, 0));
    out = new Float64Array(31);
    d.forEach((m, o) => {
      out![outcomeDice(o).reduce((a, b) => a + b, 0)]! += m;
    });
    sumDistCache[throws] = out;
  }
  return out;
}

/** The cell's score distribution (in units) after `throws` throws aimed at the category; fractional throws mix. */
function cellDistribution(ci: number, throws: number): Float64Array {
  if (ci !== CHOICE) {
    // Keeping every die of the face: each die is one with probability 1 − (5/6)^throws, independently.
    return binomialPmf(5, 1 - (5 / 6) ** throws);
  }
  const lo = Math.max(1, Math.min(5, Math.floor(throws)));
  const hi = Math.max(1, Math.min(5, Math.ceil(throws)));
  const w = Math.min(1, Math.max(0, throws - lo));
  const a = sumDistribution(lo);
  if (hi === lo || w === 0) return a;
  const b = sumDistribution(hi);
  return a.map((x, i) => (1 - w) * x + w * b[i]!);
}

function thresholdStats(throws: number, ci: number): ThresholdStats {
  const unit = ci === CHOICE ? 1 : ci + 4; // fours 4, fives 5, sixes 6
  const ordered = cellDistribution(ci, throws);
  const [meanOrdered, varOrdered] = meanVar(ordered, unit);
  return { ci, throws, unit, ordered, meanOrdered, varOrdered, grid: [] };
}

/** The grid point for g × DELTA_STEP extra throws, built on first use (most play uses only a few). */
function tailsAt(st: ThresholdStats, g: number): Tails {
  let tails = st.grid[g];
  if (tails) return tails;
  const free = cellDistribution(st.ci, st.throws + g * DELTA_STEP);
  const [mean, variance] = meanVar(free, st.unit);
  const tail: Float64Array[][] = [];
  let freeSum: Float64Array = Float64Array.of(1); // the sum of nf Free cells
  for (let nf = 0; nf <= MAX_FREE_CELLS; nf++) {
    if (nf > 0) freeSum = convolve(freeSum, free);
    const row: Float64Array[] = [];
    let d = freeSum;
    for (let no = 0; no <= 2; no++) {
      const t = new Float64Array(d.length + 1);
      for (let x = d.length - 1; x >= 0; x--) t[x] = t[x + 1]! + d[x]!;
      row.push(t);
      d = convolve(d, st.ordered);
    }
    tail.push(row);
  }
  tails = { mean, variance, tail };
  st.grid[g] = tails;
  return tails;
}

/** Per-turn statistics for a number of throws (1–5), built lazily once each. */
export function turnStats(throws: number): TurnStats {
  let s = statsCache.get(throws);
  if (!s) {
    const threshold: ThresholdStats[] = [];
    for (const ci of [FOURS, FIVES, SIXES, CHOICE]) threshold[ci] = thresholdStats(throws, ci);
    s = {
      threshold,
      straight: hitStats(throws, STRAIGHT, (x) => (x === 20 ? 0.01 : 0)),
      house: hitStats(throws, HOUSE, (x) => x * 0.001),
      olathe: hitStats(throws, OLATHE, () => 0),
    };
    statsCache.set(throws, s);
  }
  return s;
}

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

// ---------- the card, as the valuation sees it ----------

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

// ---------- Φ: the parts ----------

interface Part {
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
function categoryPart(filled: number, ...args: Parameters<typeof rawCategoryPart>): Part {
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
function rawCorrection(params: ValuationParams, m: CardModel, filled: number, raw: number): number {
  const correction = params.correction;
  if (!correction || correction.cells !== m.columnCount * CAT_COUNT) return 0;
  const entry = rawEntry(filled, correction.cells, raw);
  return entry >= 0 ? correction.weights[entry]! : 0;
}

/** Cells already written on the card. */
export function filledCells(m: CardModel): number {
  let open = 0;
  for (const n of m.poolOpen) open += n;
  for (const n of m.orderedCat) open += n;
  return m.columnCount * CAT_COUNT - open;
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

// ---------- the modifier ----------

/** Φ(x) of the standard normal (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** E[modifier] for raw points now `raw` and future raw points ~ Normal(mean, variance), on N columns. */
export function expectedModifier(raw: number, mean: number, variance: number, columnCount: number): number {
  const targets = bandTargets(columnCount);
  let e = LOWEST_MODIFIER;
  const sd = Math.sqrt(Math.max(0, variance));
  const x = raw + mean;
  if (sd < 1e-6) {
    for (let i = 0; i < targets.length; i++) if (x >= targets[i]! - 1e-9) e++;
    return e;
  }
  const inv = 1 / sd;
  for (let i = 0; i < targets.length; i++) {
    const z = (x - (targets[i]! - 0.5)) * inv;
    if (z > 8) e++;
    else if (z > -8) e += normalCdf(z);
  }
  return e;
}

/** The integer raw totals that reach each band edge on N columns (edge·N/4, rounded up). */
const targetCache: Float64Array[] = [];
function bandTargets(columnCount: number): Float64Array {
  let t = targetCache[columnCount];
  if (!t) {
    t = Float64Array.from(MODIFIER_EDGES, (edge) => Math.ceil((edge * columnCount) / 4 - 1e-9));
    targetCache[columnCount] = t;
  }
  return t;
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
