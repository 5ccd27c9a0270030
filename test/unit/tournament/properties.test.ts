// Property tests: whole tournaments of random sizes, table sizes, policies, results and drops, checked after
// every round against the rules and against an independent recount; small Swiss cases against a brute force.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OddPolicy, Table, TournamentState } from '../../../src/tournament';
import { byePoints, currentRound, planTables, standings, swissTables } from '../../../src/tournament';
import { apply, ids, repeatsOf, resultsOf, started } from './helpers';

interface Night {
  people: number;
  tableSize: number;
  rounds: number;
  policy: OddPolicy;
  seed: number;
  /** Each round, maybe one person leaves (an index into the active people), or nobody. */
  drops: (number | null)[];
}

const night: fc.Arbitrary<Night> = fc.record({
  people: fc.integer({ min: 2, max: 64 }),
  tableSize: fc.integer({ min: 2, max: 8 }),
  rounds: fc.integer({ min: 1, max: 7 }),
  policy: fc.constantFrom<OddPolicy>('computer', 'bye'),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  drops: fc.array(fc.option(fc.nat(63), { freq: 3 }), { minLength: 7, maxLength: 7 }),
});

/** A table's final points from the seed: a small range, so equal results (shared places) happen. */
function finalsOf(seed: number, round: number, table: Table): { finals: number[]; left: boolean[] } {
  let x = (seed ^ Math.imul(round, 0x9e3779b1) ^ Math.imul(table.number, 0x85ebca6b)) >>> 0;
  const next = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0);
  const finals = table.seats.map(() => (next() % 12) * 10);
  const left = table.seats.map(() => next() % 13 === 0);
  return { finals, left };
}

const personIds = (table: Table) => table.seats.flatMap((s) => (s.kind === 'person' ? [s.userId] : []));

/** Times two people shared a table in `state`'s rounds before round `before`, counted here from the seats. */
function metBefore(state: TournamentState, before: number): (a: string, b: string) => number {
  const counts = new Map<string, number>();
  for (const round of state.rounds.slice(0, before - 1)) {
    for (const table of round.tables) {
      const people = personIds(table);
      for (const a of people)
        for (const b of people) if (a < b) counts.set(`${a}|${b}`, (counts.get(`${a}|${b}`) ?? 0) + 1);
    }
  }
  return (a, b) => counts.get(a < b ? `${a}|${b}` : `${b}|${a}`) ?? 0;
}

/** The least repeats of any seating of `people` at tables of `sizes`, by trying every one. */
function bruteForceRepeats(people: readonly string[], sizes: readonly number[], met: (a: string, b: string) => number) {
  const tables: string[][] = sizes.map(() => []);
  let best = Infinity;
  const place = (i: number, repeats: number) => {
    if (repeats >= best) return;
    if (i === people.length) {
      best = repeats;
      return;
    }
    for (let t = 0; t < sizes.length; t++) {
      if (tables[t]!.length >= sizes[t]!) continue;
      const added = tables[t]!.reduce((sum, other) => sum + met(people[i]!, other), 0);
      tables[t]!.push(people[i]!);
      place(i + 1, repeats + added);
      tables[t]!.pop();
    }
  };
  place(0, 0);
  return best;
}

/** Checks a freshly seated round against the rules. */
function checkSeating(state: TournamentState, n: Night): void {
  const round = currentRound(state)!;
  const active = state.people.filter((p) => p.dropped === null).map((p) => p.userId);
  const seated = round.tables.flatMap(personIds);
  // Everyone still in is seated exactly once, or sits out; nobody who left is.
  expect([...seated, ...round.byes].sort()).toEqual([...active].sort());
  expect(new Set(seated).size).toBe(seated.length);
  for (const table of round.tables) expect(table.seats.length).toBeGreaterThanOrEqual(2);
  // The table counts of the rules, worked out here from the count alone.
  const p = active.length;
  const t = n.tableSize;
  const sizes = round.tables.map((table) => table.seats.length);
  if (n.policy === 'computer') {
    expect(sizes).toEqual(Array(Math.ceil(p / t)).fill(t));
    expect(round.byes).toEqual([]);
  } else if (p < t) {
    expect(sizes).toEqual([p]);
  } else {
    expect(sizes).toEqual(Array(Math.floor(p / t)).fill(t));
    expect(round.byes).toHaveLength(p % t);
  }
  const counts = round.tables.map((table) => personIds(table).length);
  expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  // A bye goes to someone who has had no more byes than anyone seated.
  const byesBefore = new Map(standings({ ...state, rounds: state.rounds.slice(0, -1) }).map((r) => [r.userId, r.byes]));
  const fewestSeated = Math.min(...seated.map((u) => byesBefore.get(u)!));
  for (const userId of round.byes) expect(byesBefore.get(userId)!).toBeLessThanOrEqual(fewestSeated);
  // Repeats as few as can be, where trying every seating is cheap.
  if (round.number > 1 && seated.length <= 8) {
    const met = metBefore(state, round.number);
    const actual = round.tables.reduce((sum, table) => {
      const people = personIds(table);
      return sum + people.reduce((s, a, i) => s + people.slice(i + 1).reduce((q, b) => q + met(a, b), 0), 0);
    }, 0);
    expect(actual).toBe(bruteForceRepeats(seated, counts, met));
  }
}

/** Plays the round's tables, each result sent twice: the second changes nothing. */
function playRound(state: TournamentState, seed: number): TournamentState {
  const round = currentRound(state)!;
  for (const table of round.tables) {
    state = apply(state, {
      type: 'table-started',
      round: round.number,
      table: table.number,
      gameId: `${round.number}.${table.number}`,
    });
    const { finals, left } = finalsOf(seed, round.number, table);
    const event = {
      type: 'table-finished',
      round: round.number,
      table: table.number,
      results: resultsOf(table, finals, left),
    } as const;
    state = apply(state, event);
    expect(apply(state, event)).toBe(state);
  }
  return state;
}

/** The standings counted again from the tables' results, without the module's code. */
function checkStandings(state: TournamentState): void {
  const rows = standings(state);
  const recount = new Map(state.people.map((p) => [p.userId, { points: 0, finals: 0, tables: 0, byes: 0 }]));
  let placePoints = 0;
  let personPoints = 0;
  for (const round of state.rounds) {
    for (const userId of round.byes) {
      recount.get(userId)!.points += byePoints(state.options.tableSize);
      recount.get(userId)!.byes++;
      placePoints += byePoints(state.options.tableSize);
    }
    for (const table of round.tables) {
      if (!table.results) continue;
      const s = table.results.length;
      placePoints += (s * (s - 1)) / 2;
      for (const r of table.results) {
        // One point for each seat placed below, half a point for each other seat placed equal.
        const below = table.results.filter((o) => o.place > r.place).length;
        const equal = table.results.filter((o) => o !== r && o.place === r.place).length;
        const points = below + equal / 2;
        if (table.seats[r.seat]!.kind === 'computer') continue;
        personPoints += points;
        const tally = recount.get(r.userId)!;
        tally.points += points;
        tally.finals += r.finalPoints;
        tally.tables++;
      }
    }
  }
  const computerPoints = state.rounds.flatMap((round) =>
    round.tables.flatMap((table) => {
      if (!table.results) return [];
      return table.results
        .filter((r) => table.seats[r.seat]!.kind === 'computer')
        .map((r) => {
          const below = table.results!.filter((o) => o.place > r.place).length;
          return below + table.results!.filter((o) => o !== r && o.place === r.place).length / 2;
        });
    }),
  );
  const sum = rows.reduce((total, r) => total + r.points, 0);
  expect(sum).toBe(
    personPoints + state.rounds.reduce((b, r) => b + r.byes.length, 0) * byePoints(state.options.tableSize),
  );
  expect(sum + computerPoints.reduce((a, b) => a + b, 0)).toBe(placePoints);
  expect(rows).toHaveLength(state.people.length);
  for (const row of rows) {
    const tally = recount.get(row.userId)!;
    expect([row.points, row.finalPoints, row.tables, row.byes]).toEqual([
      tally.points,
      tally.finals,
      tally.tables,
      tally.byes,
    ]);
  }
  // Ordered by points, then final points; ranks shared only by equals.
  rows.forEach((row, i) => {
    const prev = rows[i - 1];
    if (!prev) return expect(row.rank).toBe(1);
    expect(prev.points > row.points || (prev.points === row.points && prev.finalPoints >= row.finalPoints)).toBe(true);
    const tied =
      prev.points === row.points &&
      prev.finalPoints === row.finalPoints &&
      prev.opponentsAverage === row.opponentsAverage;
    expect(row.rank).toBe(tied ? prev.rank : i + 1);
  });
}

function playNight(n: Night): TournamentState {
  const people = ids(n.people);
  let state = started(
    people,
    { tableSize: n.tableSize, rounds: n.rounds, oddPolicy: n.policy },
    (_, i) => (n.seed * (i + 1)) % 1000,
  );
  for (let k = 1; ; k++) {
    checkSeating(state, n);
    state = playRound(state, n.seed);
    checkStandings(state);
    if (k === n.rounds) break;
    const active = state.people.filter((p) => p.dropped === null);
    const drop = n.drops[k - 1];
    if (drop != null && active.length > 2) {
      state = apply(state, { type: 'drop', userId: active[drop % active.length]!.userId, reason: 'no-show' });
    }
    state = apply(state, { type: 'next-round' });
  }
  expect(state.status).toBe('finished');
  return state;
}

describe('tournament properties', () => {
  it('seats, scores and ranks every night by the rules', () => {
    fc.assert(
      fc.property(night, (n) => void playNight(n)),
      { numRuns: 100 },
    );
  });

  it('small nights: repeats as few as a brute force finds, on tables of every size', () => {
    const small = night.map((n) => ({ ...n, people: 2 + (n.people % 7), rounds: Math.max(2, n.rounds) }));
    fc.assert(
      fc.property(small, (n) => void playNight(n)),
      { numRuns: 200 },
    );
  });

  it('Swiss seating of up to 8 people has the fewest repeats any seating has', () => {
    const input = fc
      .record({ n: fc.integer({ min: 2, max: 8 }), t: fc.integer({ min: 2, max: 8 }), seed: fc.nat() })
      .chain(({ n, t, seed }) =>
        fc.record({
          sizes: fc.constant(planTables(n, 0, t, seed % 2 ? 'computer' : 'bye').people),
          met: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 64, maxLength: 64 }),
          points: fc.array(
            fc.integer({ min: 0, max: 14 }).map((x) => x / 2),
            { minLength: n, maxLength: n },
          ),
        }),
      );
    fc.assert(
      fc.property(input, ({ sizes, met, points }) => {
        const seated = sizes.reduce((a, b) => a + b, 0);
        const ranked = [...points].sort((a, b) => b - a).slice(0, seated);
        const meet = (i: number, j: number) => met[Math.min(i, j) * 8 + Math.max(i, j)]!;
        const tables = swissTables({ points: ranked, sizes, met: meet });
        expect(tables.flat().sort()).toEqual(ranked.map((_, i) => i));
        const names = ranked.map((_, i) => String(i));
        expect(repeatsOf(tables, meet)).toBe(bruteForceRepeats(names, sizes, (a, b) => meet(Number(a), Number(b))));
      }),
      { numRuns: 500 },
    );
  });

  it('applying the same events again from the start gives the same tournament', () => {
    fc.assert(
      fc.property(night, (n) => {
        expect(playNight({ ...n, people: Math.min(n.people, 24) })).toEqual(
          playNight({ ...n, people: Math.min(n.people, 24) }),
        );
      }),
      { numRuns: 30 },
    );
  });
});
