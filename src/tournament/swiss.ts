// Swiss seating for rounds 2 and later: tables of N people, not pairs.
//
// The people come ranked by the standings (best first), with their tournament points and how often each two of
// them have shared a table. Like the Dutch (FIDE) system and Lichess's Swiss, not meeting again comes first and
// meeting equal scores second; unlike them, a table is a group of any size, so the groups are searched for:
//
// 1. The cost of a seating, compared in this order: the repeats (for every two people at one table, how many
//    times they shared a table before), then the score spread (for every two at one table, the square of the
//    difference of their points), then the rank spread (the same of their places in the standings). Lower is
//    better; the squares make two small gaps cheaper than one large one.
// 2. Greedy start: the ranking cut into consecutive groups of the tables' sizes, so equal scores sit together.
// 3. Repair: of all swaps of two people at different tables, the one that lowers the cost most is made, until no
//    swap lowers it (ties go to the swap of the highest-ranked people, so the result is deterministic).
// 4. Search: a depth-first search over every way to seat the ranking (each person, best first, at each table
//    with room; tables of equal size still empty are tried once), cut off as soon as a partial seating costs as
//    much as the best found. It starts from the repaired seating and stops after SEARCH_BUDGET steps: fields of
//    up to 12 people got the least-cost seating there is in every trial against an unbounded search, larger
//    ones get the repaired seating or better.
//
// Repeats come first, so two people meet again only when every seating of these table sizes has a repeat.

/** Steps of the search (3.) before it settles for the best seating found so far. */
export const SEARCH_BUDGET = 20_000;

type Cost = [repeats: number, scoreSpread: number, rankSpread: number];

export interface SwissInput {
  /** Tournament points of each person, in ranking order (best first). */
  readonly points: readonly number[];
  /** People at each table. */
  readonly sizes: readonly number[];
  /** How many times people i and j (ranking indices) have shared a table. */
  readonly met: (i: number, j: number) => number;
  readonly budget?: number;
}

/** Ranking indices by table, each table in ranking order, the tables by their best-ranked person. */
export function swissTables(input: SwissInput): number[][] {
  const { points, sizes } = input;
  const n = points.length;
  if (sizes.reduce((a, b) => a + b, 0) !== n) throw new Error(`${n} people for tables of ${sizes.join(', ')}`);
  const costs = pairCosts(input);
  const tableOf = repaired(greedy(sizes), sizes.length, costs);
  const searched = search(costs, sizes, tableOf, input.budget ?? SEARCH_BUDGET);
  const tables: number[][] = sizes.map(() => []);
  searched.forEach((t, i) => tables[t]!.push(i));
  return tables.sort((a, b) => a[0]! - b[0]!);
}

/** The cost of two people at one table, by ranking index. */
function pairCosts({ points, met }: SwissInput): Cost[][] {
  return points.map((p, i) =>
    points.map((q, j): Cost => (i === j ? [0, 0, 0] : [met(i, j), (p - q) ** 2, (i - j) ** 2])),
  );
}

/** Table of each ranking index: the ranking cut into consecutive groups. */
function greedy(sizes: readonly number[]): number[] {
  return sizes.flatMap((size, t) => Array<number>(size).fill(t));
}

function repaired(tableOf: number[], tableCount: number, costs: Cost[][]): number[] {
  const n = tableOf.length;
  const members = () => {
    const tables: number[][] = Array.from({ length: tableCount }, () => []);
    tableOf.forEach((t, i) => tables[t]!.push(i));
    return tables;
  };
  // Each swap lowers the cost, so this ends; the cap only bounds a pathological run.
  for (let pass = 0; pass < 4 * n + 4; pass++) {
    const tables = members();
    let best: Cost = [0, 0, 0];
    let swap: [number, number] | null = null;
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        const ta = tableOf[a]!;
        const tb = tableOf[b]!;
        if (ta === tb) continue;
        const delta = add(moveCost(costs, tables[ta]!, a, b), moveCost(costs, tables[tb]!, b, a));
        if (compare(delta, best) < 0) {
          best = delta;
          swap = [a, b];
        }
      }
    }
    if (!swap) break;
    const [a, b] = swap;
    [tableOf[a], tableOf[b]] = [tableOf[b]!, tableOf[a]!];
  }
  return tableOf;
}

/** What replacing `out` by `into` at a table changes of its cost. */
function moveCost(costs: Cost[][], table: readonly number[], out: number, into: number): Cost {
  const delta: Cost = [0, 0, 0];
  for (const other of table) {
    if (other === out) continue;
    const gained = costs[into]![other]!;
    const lost = costs[out]![other]!;
    for (let k = 0; k < 3; k++) delta[k]! += gained[k]! - lost[k]!;
  }
  return delta;
}

function seatingCost(costs: Cost[][], tableOf: readonly number[]): Cost {
  let cost: Cost = [0, 0, 0];
  for (let i = 0; i < tableOf.length; i++) {
    for (let j = i + 1; j < tableOf.length; j++) if (tableOf[i] === tableOf[j]) cost = add(cost, costs[i]![j]!);
  }
  return cost;
}

/** The least-cost seating found within `budget` steps, starting from `start`'s cost. */
function search(costs: Cost[][], sizes: readonly number[], start: number[], budget: number): number[] {
  const n = start.length;
  let best = start;
  let bestCost = seatingCost(costs, start);
  let steps = 0;
  const tableOf: number[] = Array<number>(n).fill(-1);
  const members: number[][] = sizes.map(() => []);

  const place = (i: number, cost: Cost): void => {
    if (i === n) {
      best = [...tableOf];
      bestCost = cost;
      return;
    }
    for (let t = 0; t < sizes.length; t++) {
      if (steps >= budget) return;
      const table = members[t]!;
      if (table.length >= sizes[t]!) continue;
      // Empty tables of one size are alike: only the first of them is tried.
      if (table.length === 0 && sizes.some((s, u) => u < t && s === sizes[t] && members[u]!.length === 0)) continue;
      steps++;
      let next = cost;
      for (const other of table) next = add(next, costs[i]![other]!);
      if (compare(next, bestCost) >= 0) continue;
      table.push(i);
      tableOf[i] = t;
      place(i + 1, next);
      table.pop();
      tableOf[i] = -1;
    }
  };
  place(0, [0, 0, 0]);
  return best;
}

function add(a: Cost, b: Cost): Cost {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

function compare(a: Cost, b: Cost): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
