// The standings: tournament points from each finished table's places, and the tie-breaks.
//
// At a table of S seats (computer players included) 1st gets S − 1 points, 2nd S − 2, …, last 0; people who share
// a place share the points of the places they cover (two sharing 1st at a table of four get (3 + 2) / 2 = 2.5).
// A bye is worth (T − 1) / 2, T the tournament's table size, and no final points. Computer players take places
// but have no standing. Ranked by, in order:
// 1. tournament points;
// 2. final points, summed over every table played;
// 3. the opponents' average: the mean of the tournament points of the people met, each table counted once.
// Equal on all three, people share a rank; they are then listed by their seed (the rating order at the start).
import type { Person, SeatResult, TournamentState } from './types';

export interface StandingRow {
  /** 1 for the leaders; equal on points and both tie-breaks, people share a rank. */
  readonly rank: number;
  readonly userId: string;
  readonly points: number;
  readonly finalPoints: number;
  /** The opponents' average (tie-break 3); 0 before anyone was met. */
  readonly opponentsAverage: number;
  /** Finished tables played. */
  readonly tables: number;
  readonly byes: number;
  readonly dropped: boolean;
}

/** Each seat's tournament points at a finished table, by seat. */
export function placementPoints(results: readonly SeatResult[]): Map<number, number> {
  const size = results.length;
  const points = new Map<number, number>();
  for (const r of results) {
    const sharing = results.filter((o) => o.place === r.place).length;
    points.set(r.seat, size - r.place - (sharing - 1) / 2);
  }
  return points;
}

export function byePoints(tableSize: number): number {
  return (tableSize - 1) / 2;
}

interface Tally {
  person: Person;
  join: number;
  points: number;
  finalPoints: number;
  tables: number;
  byes: number;
  /** Who was met at each finished table, people only. */
  met: string[][];
  opponentSum: number;
  opponentCount: number;
}

/** Everyone signed up, in standings order. */
export function standings(state: TournamentState): StandingRow[] {
  const tallies = new Map<string, Tally>();
  state.people.forEach((person, join) => {
    const zero = { points: 0, finalPoints: 0, tables: 0, byes: 0, opponentSum: 0, opponentCount: 0 };
    tallies.set(person.userId, { person, join, met: [], ...zero });
  });
  const bye = byePoints(state.options.tableSize);
  for (const round of state.rounds) {
    for (const userId of round.byes) {
      const t = tallies.get(userId);
      if (!t) continue;
      t.points += bye;
      t.byes++;
    }
    for (const table of round.tables) {
      if (!table.results) continue;
      const points = placementPoints(table.results);
      const people = table.results.filter((r) => table.seats[r.seat]?.kind === 'person');
      for (const r of people) {
        const t = tallies.get(r.userId);
        if (!t) continue;
        t.points += points.get(r.seat)!;
        t.finalPoints += r.finalPoints;
        t.tables++;
        t.met.push(people.filter((o) => o !== r).map((o) => o.userId));
      }
    }
  }
  for (const t of tallies.values()) {
    for (const table of t.met) {
      for (const userId of table) t.opponentSum += tallies.get(userId)?.points ?? 0;
      t.opponentCount += table.length;
    }
  }
  const sorted = [...tallies.values()].sort((a, b) => compareTallies(a, b) || bySeed(a, b));
  const rows: StandingRow[] = [];
  sorted.forEach((t, i) => {
    const previous = sorted[i - 1];
    const rank = previous && compareTallies(previous, t) === 0 ? rows[i - 1]!.rank : i + 1;
    rows.push({
      rank,
      userId: t.person.userId,
      points: t.points,
      finalPoints: t.finalPoints,
      opponentsAverage: t.opponentCount ? t.opponentSum / t.opponentCount : 0,
      tables: t.tables,
      byes: t.byes,
      dropped: t.person.dropped !== null,
    });
  });
  return rows;
}

/** Negative when `a` ranks higher: points, final points, then the opponents' average (compared exactly). */
function compareTallies(a: Tally, b: Tally): number {
  return (
    b.points - a.points ||
    b.finalPoints - a.finalPoints ||
    b.opponentSum * Math.max(1, a.opponentCount) - a.opponentSum * Math.max(1, b.opponentCount)
  );
}

function bySeed(a: Tally, b: Tally): number {
  return (a.person.seed ?? a.join) - (b.person.seed ?? b.join) || a.join - b.join;
}
