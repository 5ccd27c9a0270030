// How many tables a round has, how many people and seats each, who sits out; and round 1's snake seeding.
//
// With P people, C computer players the host filled in, table size T, and N = P + C:
// - policy 'computer': ceil(N / T) tables of T seats; the seats people do not fill go to computer players.
// - policy 'bye': floor(N / T) tables of T seats (one table of all of them when N < T); people beyond the seats
//   sit the round out. Without fill-ins that is N mod T people.
// People are spread evenly (table counts differ by one at most, the larger first), so the computer players go
// one per table to the smallest tables first. Fill-ins never make more tables than would each keep two people,
// and a table always has two seats or more.
import { TournamentError } from './errors';
import type { OddPolicy } from './types';

export const MIN_PEOPLE = 2;

export interface TablePlan {
  /** People at each table, the larger counts first. */
  readonly people: readonly number[];
  /** Seats at each table: its people and, after them, computer players. */
  readonly seats: readonly number[];
  /** People who sit the round out. */
  readonly byes: number;
}

export function planTables(people: number, computers: number, tableSize: number, policy: OddPolicy): TablePlan {
  if (!Number.isInteger(people) || people < MIN_PEOPLE) throw new TournamentError('too-few-players', { min: 2 });
  const field = people + Math.max(0, computers);
  const tablesFor = (n: number) =>
    policy === 'computer' ? Math.ceil(n / tableSize) : Math.max(1, Math.floor(n / tableSize));
  // Fill-ins may add tables only while every table keeps two people.
  const count = Math.max(tablesFor(people), Math.min(tablesFor(field), Math.floor(people / 2)));
  const seated = policy === 'computer' ? people : Math.min(people, count * tableSize);
  const seatsEach = policy === 'bye' && field < count * tableSize ? field : tableSize;
  return {
    people: evenly(seated, count),
    seats: Array<number>(count).fill(seatsEach),
    byes: people - seated,
  };
}

/** `total` split into `parts` counts that differ by one at most, the larger first. */
function evenly(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < total % parts ? 1 : 0));
}

/**
 * `ranked` (strongest first) dealt to tables of `sizes` in snake order: 1, 2, 3, 4 | 8, 7, 6, 5 | …, a full table
 * skipped, so every table gets a mix of strengths.
 */
export function snakeTables<T>(ranked: readonly T[], sizes: readonly number[]): T[][] {
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total !== ranked.length) throw new Error(`${ranked.length} players for ${total} places`);
  const tables: T[][] = sizes.map(() => []);
  const k = sizes.length;
  let step = 0;
  for (const item of ranked) {
    for (;;) {
      const row = Math.floor(step / k);
      const col = step % k;
      step++;
      const t = row % 2 === 0 ? col : k - 1 - col;
      if (tables[t]!.length < sizes[t]!) {
        tables[t]!.push(item);
        break;
      }
    }
  }
  return tables;
}
