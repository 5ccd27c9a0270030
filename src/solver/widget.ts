// The per-turn "widget" of optimal solitaire Yahtzee (J. Glenn, "An Optimal Strategy for Yahtzee", 2006),
// for five six-sided dice: the 252 sorted outcomes of a throw, the 462 kept multisets (0–5 dice), and the
// probability of each outcome after re-throwing the dice a keep leaves free. Given a value for every final
// outcome, the best hold after each throw is exact for the throws left in the turn.
//
// Everything is index-based typed arrays, built once (lazily, on first use) with the build time measured.
//
// Terms used below:
// - outcome: the five dice as a sorted multiset, an index 0–251 (11111 first, 66666 last).
// - keep:    a multiset of 0–5 dice held back, an index 0–461.
// - r:       re-throws still to come after the dice now on the table (0 = the turn's last throw is done).

export const OUTCOME_COUNT = 252;
export const KEEP_COUNT = 462;
/** The most throws a turn can have (the game option allows 1–5). */
export const MAX_THROWS_PER_TURN = 5;

const FACES = 6;
const DICE = 5;
const KEY_SPACE = 6 ** 6; // counts 0–5 of each face, base 6

export interface WidgetTables {
  /** Face counts of each outcome: outcomeCounts[o*7 + f], f = 1..6. */
  readonly outcomeCounts: Uint8Array;
  /** The five faces of each outcome, ascending: outcomeFaces[o*5 + i]. */
  readonly outcomeFaces: Uint8Array;
  /** Face counts of each keep: keepCounts[k*7 + f]. */
  readonly keepCounts: Uint8Array;
  readonly keepSize: Uint8Array;
  /** For a keep of five dice, the outcome it is; −1 otherwise. */
  readonly keepOutcome: Int16Array;
  /** For an outcome, the keep of all five of its dice. */
  readonly outcomeKeep: Uint16Array;
  /** Transitions, CSR by keep: the outcomes reachable by re-throwing the free dice, with their probabilities. */
  readonly trStart: Uint32Array;
  readonly trOutcome: Uint16Array;
  readonly trProb: Float64Array;
  /** Sub-multisets of each outcome (every distinct keep it allows), CSR by outcome. */
  readonly subStart: Uint16Array;
  readonly subKeep: Uint16Array;
  /** The keep of no dice: the first throw of a turn. */
  readonly emptyKeep: number;
  /** Milliseconds the build took. */
  readonly buildMs: number;
}

let tables: WidgetTables | null = null;
let keyToKeep: Int16Array | null = null;

function keyOf(counts: ArrayLike<number>, offset = 0): number {
  let key = 0;
  let base = 1;
  for (let f = 1; f <= FACES; f++) {
    key += (counts[offset + f] ?? 0) * base;
    base *= 6;
  }
  return key;
}

/** Every multiset of `size` dice as face counts (index 0 unused), in ascending order of sorted faces. */
function multisetsOfSize(size: number): number[][] {
  const out: number[][] = [];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  const rec = (face: number, left: number): void => {
    if (face === FACES) {
      counts[FACES] = left;
      out.push(counts.slice());
      counts[FACES] = 0;
      return;
    }
    for (let c = left; c >= 0; c--) {
      counts[face] = c;
      rec(face + 1, left - c);
    }
    counts[face] = 0;
  };
  rec(1, size);
  return out;
}

function factorial(n: number): number {
  let r = 1;
  for (let i = 2; i <= n; i++) r *= i;
  return r;
}

/** The probability that `counts.sum` fair dice show exactly these face counts. */
function multisetProbability(counts: readonly number[]): number {
  let n = 0;
  let denom = 1;
  for (let f = 1; f <= FACES; f++) {
    const c = counts[f]!;
    n += c;
    denom *= factorial(c);
  }
  return factorial(n) / denom / 6 ** n;
}

function build(): WidgetTables {
  const start = performance.now();
  const k2k = new Int16Array(KEY_SPACE).fill(-1);
  const keepCounts = new Uint8Array(KEEP_COUNT * 7);
  const keepSize = new Uint8Array(KEEP_COUNT);
  const keepOutcome = new Int16Array(KEEP_COUNT).fill(-1);
  const outcomeCounts = new Uint8Array(OUTCOME_COUNT * 7);
  const outcomeFaces = new Uint8Array(OUTCOME_COUNT * DICE);
  const outcomeKeep = new Uint16Array(OUTCOME_COUNT);
  const bySize: number[][][] = [];
  const probBySize: number[][] = [];

  // Keeps: sizes 0..5. Outcomes are the keeps of size 5, indexed in ascending sorted-face order.
  let k = 0;
  for (let size = 0; size <= DICE; size++) {
    const sets = multisetsOfSize(size);
    // multisetsOfSize lists higher counts of low faces first: 11111 before 11112, which is ascending order.
    bySize.push(sets);
    probBySize.push(sets.map(multisetProbability));
    for (const counts of sets) {
      k2k[keyOf(counts)] = k;
      for (let f = 1; f <= FACES; f++) keepCounts[k * 7 + f] = counts[f]!;
      keepSize[k] = size;
      k++;
    }
  }
  const outcomeSets = bySize[DICE]!;
  outcomeSets.forEach((counts, o) => {
    const keep = k2k[keyOf(counts)]!;
    keepOutcome[keep] = o;
    outcomeKeep[o] = keep;
    let i = 0;
    for (let f = 1; f <= FACES; f++) {
      outcomeCounts[o * 7 + f] = counts[f]!;
      for (let c = 0; c < counts[f]!; c++) outcomeFaces[o * DICE + i++] = f;
    }
  });

  // Transitions: keep + a throw of the free dice.
  const trStart = new Uint32Array(KEEP_COUNT + 1);
  const trOutcomeList: number[] = [];
  const trProbList: number[] = [];
  const sum = [0, 0, 0, 0, 0, 0, 0];
  for (let keep = 0; keep < KEEP_COUNT; keep++) {
    trStart[keep] = trOutcomeList.length;
    const free = DICE - keepSize[keep]!;
    const rolls = bySize[free]!;
    const probs = probBySize[free]!;
    rolls.forEach((roll, i) => {
      for (let f = 1; f <= FACES; f++) sum[f] = keepCounts[keep * 7 + f]! + roll[f]!;
      trOutcomeList.push(keepOutcome[k2k[keyOf(sum)]!]!);
      trProbList.push(probs[i]!);
    });
  }
  trStart[KEEP_COUNT] = trOutcomeList.length;

  // Sub-multisets of each outcome.
  const subStart = new Uint16Array(OUTCOME_COUNT + 1);
  const subList: number[] = [];
  const sub = [0, 0, 0, 0, 0, 0, 0];
  for (let o = 0; o < OUTCOME_COUNT; o++) {
    subStart[o] = subList.length;
    const c = (f: number): number => outcomeCounts[o * 7 + f]!;
    for (let a = 0; a <= c(1); a++)
      for (let b = 0; b <= c(2); b++)
        for (let d = 0; d <= c(3); d++)
          for (let e = 0; e <= c(4); e++)
            for (let g = 0; g <= c(5); g++)
              for (let h = 0; h <= c(6); h++) {
                sub[1] = a;
                sub[2] = b;
                sub[3] = d;
                sub[4] = e;
                sub[5] = g;
                sub[6] = h;
                subList.push(k2k[keyOf(sub)]!);
              }
  }
  subStart[OUTCOME_COUNT] = subList.length;

  keyToKeep = k2k;
  return {
    outcomeCounts,
    outcomeFaces,
    keepCounts,
    keepSize,
    keepOutcome,
    outcomeKeep,
    trStart,
    trOutcome: Uint16Array.from(trOutcomeList),
    trProb: Float64Array.from(trProbList),
    subStart,
    subKeep: Uint16Array.from(subList),
    emptyKeep: 0,
    buildMs: performance.now() - start,
  };
}

/** The tables, built on first use. */
export function widgetTables(): WidgetTables {
  if (!tables) tables = build();
  return tables;
}

/** How long building the tables took, in ms (builds them if needed). */
export function widgetBuildMs(): number {
  return widgetTables().buildMs;
}

/** The outcome index of five dice in any order. */
export function outcomeIndex(dice: readonly number[]): number {
  const t = widgetTables();
  let key = 0;
  for (const d of dice) key += 6 ** (d - 1);
  const keep = keyToKeep![key]!;
  const o = keep >= 0 ? t.keepOutcome[keep]! : -1;
  if (o < 0 || dice.length !== DICE) throw new Error(`not five dice: ${dice.join(',')}`);
  return o;
}

/** The five faces of an outcome, ascending. */
export function outcomeDice(outcome: number): number[] {
  const t = widgetTables();
  return Array.from(t.outcomeFaces.subarray(outcome * DICE, outcome * DICE + DICE));
}

/** The faces of a keep, ascending. */
export function keepDice(keep: number): number[] {
  const t = widgetTables();
  const faces: number[] = [];
  for (let f = 1; f <= FACES; f++) for (let c = 0; c < t.keepCounts[keep * 7 + f]!; c++) faces.push(f);
  return faces;
}

/** The keep index of a multiset of 0–5 dice in any order. */
export function keepIndex(dice: readonly number[]): number {
  widgetTables();
  let key = 0;
  for (const d of dice) key += 6 ** (d - 1);
  const keep = dice.length <= DICE ? keyToKeep![key] : -1;
  if (keep === undefined || keep < 0) throw new Error(`not a keep: ${dice.join(',')}`);
  return keep;
}

// ---------- solving a turn ----------

/** Values of the outcomes: a function of the outcome index, or the 252 values themselves. */
export type OutcomeValues = ((outcome: number) => number) | ArrayLike<number>;

function toArray(values: OutcomeValues): Float64Array {
  if (typeof values === 'function') {
    const a = new Float64Array(OUTCOME_COUNT);
    for (let o = 0; o < OUTCOME_COUNT; o++) a[o] = values(o);
    return a;
  }
  if (values instanceof Float64Array && values.length === OUTCOME_COUNT) return values;
  if (values.length !== OUTCOME_COUNT) throw new Error(`expected ${OUTCOME_COUNT} outcome values`);
  return Float64Array.from(values);
}

/**
 * The value of each outcome with `rerolls` re-throws still to come, playing optimally:
 * levels[0] = the values themselves, levels[r][o] = max(stop now, best keep then r throws).
 * Reuses buffers; the result is valid until the next call.
 */
const levelBuffers: Float64Array[] = [];
const keepBuffer = new Float64Array(KEEP_COUNT);

function solveLevels(values: Float64Array, rerolls: number): Float64Array[] {
  const t = widgetTables();
  const levels: Float64Array[] = [values];
  for (let r = 1; r <= rerolls; r++) {
    const prev = levels[r - 1]!;
    let cur = levelBuffers[r];
    if (!cur) cur = levelBuffers[r] = new Float64Array(OUTCOME_COUNT);
    keepValues(t, prev, keepBuffer);
    const { subStart, subKeep } = t;
    // Keeps are ordered by size, so the keeps of five dice (= stopping, valued `values[o]`) come last and
    // each outcome's sub-multisets list ends with the outcome itself: skip that last one.
    for (let o = 0; o < OUTCOME_COUNT; o++) {
      let best = values[o]!; // stop and write
      const end = subStart[o + 1]! - 1;
      for (let i = subStart[o]!; i < end; i++) {
        const v = keepBuffer[subKeep[i]!]!;
        if (v > best) best = v;
      }
      cur[o] = best;
    }
    levels.push(cur);
  }
  return levels;
}

/** The keeps of fewer than five dice: indices 0 … PARTIAL_KEEPS − 1 (keeps are ordered by size). */
const PARTIAL_KEEPS = KEEP_COUNT - OUTCOME_COUNT;

/** out[k] = expected value of `next` after keeping k and throwing the other dice, for every partial keep. */
function keepValues(t: WidgetTables, next: Float64Array, out: Float64Array): void {
  const { trStart, trOutcome, trProb } = t;
  let i = 0;
  for (let k = 0; k < PARTIAL_KEEPS; k++) {
    let s = 0;
    const end = trStart[k + 1]!;
    for (; i < end; i++) s += trProb[i]! * next[trOutcome[i]!]!;
    out[k] = s;
  }
}

/** The value of each outcome with `rerolls` re-throws to come (a fresh array). */
export function outcomeValuesWithRerolls(values: OutcomeValues, rerolls: number): Float64Array {
  return Float64Array.from(solveLevels(toArray(values), rerolls)[rerolls]!);
}

/** One hold choice: the dice to keep, and the expected value of keeping them (a keep of all five = stop now). */
export interface HoldChoice {
  /** Index into the keep table. */
  keep: number;
  /** The kept faces, ascending. */
  keptDice: number[];
  /** Which of the dice on the table to hold (true = hold). All five held means: stop and write now. */
  held: boolean[];
  /** True when this choice is to stop throwing and write the dice now. */
  stop: boolean;
  expectedValue: number;
}

export interface HoldResult extends HoldChoice {
  /** The choices ranked best first (ties: fewer dice re-thrown first), at most `top` of them. */
  ranking: HoldChoice[];
}

/** Which dice on the table to hold for a kept multiset: dice already held first, then left to right. */
export function holdMask(dice: readonly number[], keep: number, currentlyHeld?: readonly boolean[]): boolean[] {
  const t = widgetTables();
  const need = [0, 0, 0, 0, 0, 0, 0];
  for (let f = 1; f <= FACES; f++) need[f] = t.keepCounts[keep * 7 + f]!;
  const held = [false, false, false, false, false];
  if (currentlyHeld) {
    dice.forEach((d, i) => {
      if (currentlyHeld[i] && need[d]! > 0) {
        held[i] = true;
        need[d]!--;
      }
    });
  }
  dice.forEach((d, i) => {
    if (!held[i] && need[d]! > 0) {
      held[i] = true;
      need[d]!--;
    }
  });
  return held;
}

/**
 * The best dice to hold now. `throwsLeft` is how many throws the turn still allows after the one on the
 * table (0 = none: the answer is to stop). The expected value is exact for the given outcome values.
 * `top` sets how many ranked choices to return (default 3).
 */
export function bestHold(
  dice: readonly number[],
  throwsLeft: number,
  outcomeValue: OutcomeValues,
  options: { top?: number; currentlyHeld?: readonly boolean[] } = {},
): HoldResult {
  const t = widgetTables();
  const values = toArray(outcomeValue);
  const o = outcomeIndex(dice);
  const top = options.top ?? 3;
  const stopKeep = t.outcomeKeep[o]!;
  const choices: { keep: number; value: number; size: number }[] = [];
  if (throwsLeft <= 0) {
    choices.push({ keep: stopKeep, value: values[o]!, size: DICE });
  } else {
    const levels = solveLevels(values, Math.min(throwsLeft, MAX_THROWS_PER_TURN) - 1);
    const prev = levels[levels.length - 1]!;
    const { trStart, trOutcome, trProb, keepSize, subStart, subKeep } = t;
    for (let i = subStart[o]!; i < subStart[o + 1]!; i++) {
      const k = subKeep[i]!;
      let value: number;
      if (keepSize[k] === DICE) value = values[o]!;
      else {
        value = 0;
        for (let j = trStart[k]!; j < trStart[k + 1]!; j++) value += trProb[j]! * prev[trOutcome[j]!]!;
      }
      choices.push({ keep: k, value, size: keepSize[k]! });
    }
  }
  // Best first; on (near) ties prefer stopping / holding more dice, then the lower keep index: deterministic.
  choices.sort((a, b) => b.value - a.value || b.size - a.size || a.keep - b.keep);
  const ranking: HoldChoice[] = choices.slice(0, Math.max(1, top)).map((c) => ({
    keep: c.keep,
    keptDice: keepDice(c.keep),
    held: holdMask(dice, c.keep, options.currentlyHeld),
    stop: c.size === DICE,
    expectedValue: c.value,
  }));
  return { ...ranking[0]!, ranking };
}

/** The expected value of a whole turn of `throws` throws (1–5) before its first throw, playing optimally. */
export function expectedValueBeforeFirstThrow(throws: number, outcomeValue: OutcomeValues): number {
  const t = widgetTables();
  const values = toArray(outcomeValue);
  const levels = solveLevels(values, Math.max(0, Math.min(throws, MAX_THROWS_PER_TURN) - 1));
  const last = levels[levels.length - 1]!;
  let s = 0;
  for (let j = t.trStart[t.emptyKeep]!; j < t.trStart[t.emptyKeep + 1]!; j++)
    s += t.trProb[j]! * last[t.trOutcome[j]!]!;
  return s;
}

/** The value of keeping `keep` with `throwsLeft` throws to come (1 or more), for given outcome values. */
export function keepValue(keep: number, throwsLeft: number, outcomeValue: OutcomeValues): number {
  const t = widgetTables();
  const values = toArray(outcomeValue);
  if (t.keepSize[keep] === DICE) return values[t.keepOutcome[keep]!]!;
  const levels = solveLevels(values, Math.max(0, throwsLeft - 1));
  const last = levels[levels.length - 1]!;
  let s = 0;
  for (let j = t.trStart[keep]!; j < t.trStart[keep + 1]!; j++) s += t.trProb[j]! * last[t.trOutcome[j]!]!;
  return s;
}

/**
 * The probability of ending the turn on each outcome when playing optimally for `outcomeValue` with
 * `throws` throws (1–5), from before the first throw. Ties between holds go the same way as `bestHold`.
 */
export function finalOutcomeDistribution(throws: number, outcomeValue: OutcomeValues): Float64Array {
  const t = widgetTables();
  const values = Float64Array.from(toArray(outcomeValue));
  const n = Math.max(1, Math.min(throws, MAX_THROWS_PER_TURN));
  // Copy every level: solveLevels reuses its buffers.
  const levels = solveLevels(values, n - 1).map((l) => Float64Array.from(l));
  let mass = new Float64Array(OUTCOME_COUNT);
  for (let j = t.trStart[t.emptyKeep]!; j < t.trStart[t.emptyKeep + 1]!; j++) mass[t.trOutcome[j]!]! += t.trProb[j]!;
  const final = new Float64Array(OUTCOME_COUNT);
  const kv = new Float64Array(KEEP_COUNT);
  for (let r = n - 1; r >= 1; r--) {
    keepValues(t, levels[r - 1]!, kv);
    const next = new Float64Array(OUTCOME_COUNT);
    for (let o = 0; o < OUTCOME_COUNT; o++) {
      const m = mass[o]!;
      if (m === 0) continue;
      // The same choice as bestHold: the best value; on a tie, stopping or holding more dice.
      let bestK = -1;
      let best = values[o]!;
      let bestSize = DICE;
      const end = t.subStart[o + 1]! - 1; // the last sub-multiset is the outcome itself (stop)
      for (let i = t.subStart[o]!; i < end; i++) {
        const k = t.subKeep[i]!;
        const v = kv[k]!;
        const size = t.keepSize[k]!;
        if (v > best + 1e-12 || (Math.abs(v - best) <= 1e-12 && size > bestSize)) {
          best = v;
          bestK = k;
          bestSize = size;
        }
      }
      if (bestK < 0) final[o]! += m;
      else for (let j = t.trStart[bestK]!; j < t.trStart[bestK + 1]!; j++) next[t.trOutcome[j]!]! += m * t.trProb[j]!;
    }
    mass = next;
  }
  for (let o = 0; o < OUTCOME_COUNT; o++) final[o]! += mass[o]!;
  return final;
}
