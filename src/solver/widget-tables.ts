// The widget's tables (widget.ts solves a turn on them), for five six-sided dice: the 252 sorted outcomes of a
// throw, the 462 kept multisets (0–5 dice), and the probability of each outcome after re-throwing the dice a
// keep leaves free; and the conversions between dice and those indices.
//
// Everything is index-based typed arrays, built once (lazily, on first use) with the build time measured.
//
// Terms used below:
// - outcome: the five dice as a sorted multiset, an index 0–251 (11111 first, 66666 last).
// - keep:    a multiset of 0–5 dice held back, an index 0–461.

export const OUTCOME_COUNT = 252;
export const KEEP_COUNT = 462;
/** The most throws a turn can have (the game option allows 1–5). */
export const MAX_THROWS_PER_TURN = 5;

export const FACES = 6;
export const DICE = 5;
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
