// The per-turn "widget" of optimal solitaire Yahtzee (J. Glenn, "An Optimal Strategy for Yahtzee", 2006),
// for five six-sided dice: given a value for every final outcome, the best hold after each throw is exact
// for the throws left in the turn. The outcome and keep tables it works on are built in widget-tables.ts,
// whose exports this module passes on (the solver's one entry to the widget).
//
// Terms used below:
// - outcome: the five dice as a sorted multiset, an index 0–251 (11111 first, 66666 last).
// - keep:    a multiset of 0–5 dice held back, an index 0–461.
// - r:       re-throws still to come after the dice now on the table (0 = the turn's last throw is done).
import type { WidgetTables } from './widget-tables';
import {
  DICE,
  FACES,
  KEEP_COUNT,
  MAX_THROWS_PER_TURN,
  OUTCOME_COUNT,
  keepDice,
  outcomeIndex,
  widgetTables,
} from './widget-tables';

export type { WidgetTables } from './widget-tables';
export {
  KEEP_COUNT,
  MAX_THROWS_PER_TURN,
  OUTCOME_COUNT,
  keepDice,
  keepIndex,
  outcomeDice,
  outcomeIndex,
  widgetBuildMs,
  widgetTables,
} from './widget-tables';

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
