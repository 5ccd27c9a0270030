// How many tables, how many people and seats each, who sits out; and round 1's snake seeding.
import { describe, expect, it } from 'vitest';
import { planTables, snakeTables } from '../../../src/tournament';
import { ids, peopleAt, refusal, started } from './helpers';

describe('planTables', () => {
  it("with 'computer': ceil(N/T) tables of T seats, computer players one per table on the smallest", () => {
    expect(planTables(9, 0, 4, 'computer')).toEqual({ people: [3, 3, 3], seats: [4, 4, 4], byes: 0 });
    expect(planTables(10, 0, 4, 'computer')).toEqual({ people: [4, 3, 3], seats: [4, 4, 4], byes: 0 });
    expect(planTables(8, 0, 4, 'computer')).toEqual({ people: [4, 4], seats: [4, 4], byes: 0 });
    // More empty seats than tables: the people still spread evenly.
    expect(planTables(5, 0, 4, 'computer')).toEqual({ people: [3, 2], seats: [4, 4], byes: 0 });
    // Fewer people than a table: one table of all of them, topped up.
    expect(planTables(3, 0, 8, 'computer')).toEqual({ people: [3], seats: [8], byes: 0 });
    // Tables of two and an odd count: someone plays a computer player.
    expect(planTables(3, 0, 2, 'computer')).toEqual({ people: [2, 1], seats: [2, 2], byes: 0 });
  });

  it("with 'bye': floor(N/T) tables of T, N mod T sit out; fewer than T make one table of all", () => {
    expect(planTables(10, 0, 4, 'bye')).toEqual({ people: [4, 4], seats: [4, 4], byes: 2 });
    expect(planTables(11, 0, 4, 'bye')).toEqual({ people: [4, 4], seats: [4, 4], byes: 3 });
    expect(planTables(12, 0, 4, 'bye')).toEqual({ people: [4, 4, 4], seats: [4, 4, 4], byes: 0 });
    expect(planTables(3, 0, 4, 'bye')).toEqual({ people: [3], seats: [3], byes: 0 });
    expect(planTables(2, 0, 8, 'bye')).toEqual({ people: [2], seats: [2], byes: 0 });
    expect(planTables(5, 0, 2, 'bye')).toEqual({ people: [2, 2], seats: [2, 2], byes: 1 });
  });

  it("counts the host's fill-ins in the field", () => {
    // Six people filled to eight: two tables of three people and a computer player, no byes.
    expect(planTables(6, 2, 4, 'bye')).toEqual({ people: [3, 3], seats: [4, 4], byes: 0 });
    expect(planTables(6, 2, 4, 'computer')).toEqual({ people: [3, 3], seats: [4, 4], byes: 0 });
    // Two people filled to five at tables of eight: one table of five.
    expect(planTables(2, 3, 8, 'bye')).toEqual({ people: [2], seats: [5], byes: 0 });
    // Fill-ins never make a table that would keep fewer than two people.
    expect(planTables(3, 13, 4, 'computer')).toEqual({ people: [3], seats: [4], byes: 0 });
    expect(planTables(4, 12, 4, 'bye')).toEqual({ people: [2, 2], seats: [4, 4], byes: 0 });
  });

  it('never makes a table of one seat, and needs two people', () => {
    for (let n = 2; n <= 64; n++) {
      for (let t = 2; t <= 8; t++) {
        for (const policy of ['computer', 'bye'] as const) {
          const plan = planTables(n, 0, t, policy);
          expect(Math.min(...plan.seats)).toBeGreaterThanOrEqual(2);
          expect(Math.min(...plan.people)).toBeGreaterThanOrEqual(1);
          expect(Math.max(...plan.people) - Math.min(...plan.people)).toBeLessThanOrEqual(1);
        }
      }
    }
    expect(refusal(() => planTables(1, 3, 4, 'computer'))).toBe('too-few-players');
  });
});

describe('snake seeding', () => {
  it('deals 1, 2, 3, 4 | 8, 7, 6, 5 | … over four tables', () => {
    const tables = snakeTables(
      Array.from({ length: 16 }, (_, i) => i + 1),
      [4, 4, 4, 4],
    );
    expect(tables).toEqual([
      [1, 8, 9, 16],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
      [4, 5, 12, 13],
    ]);
  });

  it('skips a full table on the last, short row', () => {
    expect(snakeTables(ids(11), [4, 4, 3])).toEqual([
      ['p1', 'p6', 'p7', 'p11'],
      ['p2', 'p5', 'p8', 'p10'],
      ['p3', 'p4', 'p9'],
    ]);
  });

  it('seats round 1 by rating, not by who joined first', () => {
    // p8 is rated highest, p1 lowest.
    const state = started(ids(8), { tableSize: 4 }, (_, i) => 1000 + 10 * i);
    expect(peopleAt(state, 1)).toEqual([
      ['p8', 'p5', 'p4', 'p1'],
      ['p7', 'p6', 'p3', 'p2'],
    ]);
    expect(state.people.map((p) => p.seed)).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('breaks equal ratings by join order, and tops tables up with computer players at the end', () => {
    const state = started(ids(5), { tableSize: 4 }, () => 1500);
    const tables = state.rounds[0]!.tables;
    expect(peopleAt(state, 1)).toEqual([
      ['p1', 'p4', 'p5'],
      ['p2', 'p3'],
    ]);
    expect(tables.map((t) => t.seats.map((s) => s.kind))).toEqual([
      ['person', 'person', 'person', 'computer'],
      ['person', 'person', 'computer', 'computer'],
    ]);
  });
});
