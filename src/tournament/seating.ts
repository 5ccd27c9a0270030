// A round's seating: who sits out, who sits where. Round 1 by rating (snake seeding, tables.ts), later rounds by
// the standings (Swiss, swiss.ts). Byes go to the lowest in the standings who have had the fewest.
import type { Round, Seat, Table, TournamentState } from './types';
import { planTables, snakeTables } from './tables';
import { standings } from './standings';
import { swissTables } from './swiss';

/** People still in the tournament, in join order. */
export function activePeople(state: TournamentState): string[] {
  return state.people.filter((p) => p.dropped === null).map((p) => p.userId);
}

/** Computer players the host's fill adds to the field of a round. */
export function fillIns(state: TournamentState): number {
  return Math.max(0, state.fillTo - activePeople(state).length);
}

/** The field size that fills the last table: the next multiple of the table size (at least one table). */
export function nextMultipleFill(state: TournamentState): number {
  const size = state.options.tableSize;
  return Math.max(1, Math.ceil(activePeople(state).length / size)) * size;
}

/** How many times each two people have shared a table, keyed by `pairKey`. */
export function meetings(rounds: readonly Round[]): Map<string, number> {
  const met = new Map<string, number>();
  for (const round of rounds) {
    for (const table of round.tables) {
      const people = table.seats.flatMap((s) => (s.kind === 'person' ? [s.userId] : []));
      for (let i = 0; i < people.length; i++) {
        for (let j = i + 1; j < people.length; j++) {
          const key = pairKey(people[i]!, people[j]!);
          met.set(key, (met.get(key) ?? 0) + 1);
        }
      }
    }
  }
  return met;
}

export function pairKey(a: string, b: string): string {
  return JSON.stringify(a < b ? [a, b] : [b, a]);
}

/** The next round's seating: round 1 by seed, later ones by the standings. */
export function seatRound(state: TournamentState): Round {
  const number = state.rounds.length + 1;
  const active = new Set(activePeople(state));
  const { tableSize, oddPolicy } = state.options;
  const plan = planTables(active.size, fillIns(state), tableSize, oddPolicy);
  const ranked = standings(state).filter((row) => active.has(row.userId));
  const ranking = ranked.map((row) => row.userId);
  // The fewest byes first, then the lowest in the standings (in round 1, the lowest seeds).
  const byes = ranked
    .map((row, position) => ({ userId: row.userId, had: row.byes, position }))
    .sort((a, b) => a.had - b.had || b.position - a.position)
    .slice(0, plan.byes)
    .map((c) => c.userId);
  const seated = ranking.filter((userId) => !byes.includes(userId));
  let groups: string[][];
  if (number === 1) {
    groups = snakeTables(seated, plan.people);
  } else {
    const points = new Map(ranked.map((row) => [row.userId, row.points]));
    const met = meetings(state.rounds);
    const indices = swissTables({
      points: seated.map((userId) => points.get(userId)!),
      sizes: plan.people,
      met: (i, j) => met.get(pairKey(seated[i]!, seated[j]!)) ?? 0,
    });
    groups = indices.map((table) => table.map((i) => seated[i]!));
  }
  const tables = groups.map((people, t): Table => {
    const seats: Seat[] = people.map((userId) => ({ kind: 'person', userId }));
    while (seats.length < plan.seats[t]!) seats.push({ kind: 'computer' });
    return { number: t + 1, seats, status: 'pending', gameId: null, results: null };
  });
  return { number, tables, byes, status: 'playing' };
}
