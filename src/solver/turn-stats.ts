// What one turn aimed at a row yields, for a number of throws a turn (1–5): the chance of making a Straight,
// House or Olathe and the binomial tables of several tries, and the score distributions of the
// Fours/Fives/Sixes/Choice cells with the tails of their sums. The parts of the estimate (row-parts.ts) read
// them; each throws count's tables are built once, lazily.
import { OUTCOME_COUNT, finalOutcomeDistribution, outcomeDice } from './widget';
import { scoreTableFor } from './score-table';
import { CHOICE, FIVES, FOURS, HOUSE, MAX_CELLS, MAX_COLUMNS, MAX_FREE_CELLS, OLATHE, SIXES, STRAIGHT } from './rows';

export interface HitStats {
  /** P(made in one turn aimed at it). */
  p: number;
  /** Mean points when made. */
  avg: number;
  /** pAtLeast[T][k] = P(Binomial(T, p) ≥ k); eMin[T][n] = E[min(n, Binomial(T, p))]. */
  pAtLeast: Float64Array[];
  eMin: Float64Array[];
}

/** Free threshold cells are modelled with extra throws on a grid 0, 0.25, …, 2.5 (interpolated between). */
export const DELTA_STEP = 0.25;
export const DELTA_GRID = 11;

export interface Tails {
  mean: number;
  variance: number;
  /** tail[nf][no][x] = P(sum of nf free + no ordered cells ≥ x units). */
  tail: Float64Array[][];
}

export interface ThresholdStats {
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

export interface TurnStats {
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
export function tailsAt(st: ThresholdStats, g: number): Tails {
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
