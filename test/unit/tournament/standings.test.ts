// Tournament points from places, shared places, byes, computer players, and the tie-breaks.
import { describe, expect, it } from 'vitest';
import type { SeatResult } from '../../../src/tournament';
import { byePoints, placementPoints, standings } from '../../../src/tournament';
import { apply, ids, peopleAt, playRound, resultsOf, started } from './helpers';

const line = (seat: number, place: number): SeatResult => ({
  seat,
  userId: `u${seat}`,
  place,
  finalPoints: 0,
  left: false,
});

describe('placement points', () => {
  it('gives size − 1 to the winner down to 0 for the last', () => {
    const points = placementPoints([line(0, 1), line(1, 2), line(2, 3), line(3, 4)]);
    expect([...points.values()]).toEqual([3, 2, 1, 0]);
  });

  it('shares the points of the places a tie covers, so halves occur', () => {
    expect([...placementPoints([line(0, 1), line(1, 1), line(2, 3), line(3, 4)]).values()]).toEqual([2.5, 2.5, 1, 0]);
    expect([...placementPoints([line(0, 1), line(1, 2), line(2, 2), line(3, 2)]).values()]).toEqual([3, 1, 1, 1]);
    expect([...placementPoints([line(0, 1), line(1, 1), line(2, 1)]).values()]).toEqual([1, 1, 1]);
  });

  it('gives a bye an average place', () => {
    expect(byePoints(4)).toBe(1.5);
    expect(byePoints(2)).toBe(0.5);
    expect(byePoints(8)).toBe(3.5);
  });
});

describe('standings', () => {
  it('lets computer players take places but leaves them out of the standings', () => {
    // Three people at tables of four: a computer player in the fourth seat wins.
    let state = started(ids(3), { rounds: 1 });
    state = playRound(state, (table, seat) => (table.seats[seat]!.kind === 'computer' ? 300 : 200 - seat));
    const rows = standings(state);
    expect(rows.map((r) => [r.userId, r.points, r.finalPoints])).toEqual([
      ['p1', 2, 200],
      ['p2', 1, 199],
      ['p3', 0, 198],
    ]);
    expect(state.status).toBe('finished');
  });

  it('ranks people who left a game as its results rank them', () => {
    let state = started(ids(4), { rounds: 1 });
    const table = state.rounds[0]!.tables[0]!;
    // p1 scored most but left: the game ranks them last.
    const results = resultsOf(table, [400, 100, 200, 300], [true, false, false, false]);
    state = apply(
      state,
      { type: 'table-started', round: 1, table: 1, gameId: 'g' },
      { type: 'table-finished', round: 1, table: 1, results },
    );
    expect(standings(state).map((r) => [r.userId, r.points])).toEqual([
      ['p4', 3],
      ['p3', 2],
      ['p2', 1],
      ['p1', 0],
    ]);
  });

  it('breaks equal points by final points, then by the opponents’ average, then shares the rank', () => {
    // Eight people at tables of two, two rounds.
    let state = started(ids(8), { tableSize: 2, rounds: 2 });
    // Round 1 (snake over 4 tables): p1–p8, p2–p7, p3–p6, p4–p5. The top seat wins, by 100 or 50.
    expect(peopleAt(state, 1)).toEqual([
      ['p1', 'p8'],
      ['p2', 'p7'],
      ['p3', 'p6'],
      ['p4', 'p5'],
    ]);
    state = playRound(state, (table, seat) => (seat === 0 ? 100 + (table.number <= 2 ? 50 : 0) : 0));
    const after1 = standings(state);
    expect(after1.map((r) => [r.userId, r.points, r.finalPoints])).toEqual([
      ['p1', 1, 150],
      ['p2', 1, 150],
      ['p3', 1, 100],
      ['p4', 1, 100],
      ['p5', 0, 0],
      ['p6', 0, 0],
      ['p7', 0, 0],
      ['p8', 0, 0],
    ]);
    // All equal: p1 and p2 share rank 1 (their opponents both have 0), p3 and p4 rank 3, the others 5.
    expect(after1.map((r) => r.rank)).toEqual([1, 1, 3, 3, 5, 5, 5, 5]);
    // Round 2: equal scores meet: p1–p2, p3–p4, p5–p6, p7–p8.
    state = apply(state, { type: 'next-round' });
    expect(peopleAt(state, 2)).toEqual([
      ['p1', 'p2'],
      ['p3', 'p4'],
      ['p5', 'p6'],
      ['p7', 'p8'],
    ]);
    // Everyone draws, by 10 points each.
    state = playRound(state, () => 10);
    const final = standings(state);
    // p1 and p2 are equal on points (1.5), final points (160) and their opponents' averages ((0.5 + 1.5) / 2).
    expect(final.map((r) => [r.userId, r.rank, r.points, r.finalPoints])).toEqual([
      ['p1', 1, 1.5, 160],
      ['p2', 1, 1.5, 160],
      ['p3', 3, 1.5, 110],
      ['p4', 3, 1.5, 110],
      ['p5', 5, 0.5, 10],
      ['p6', 5, 0.5, 10],
      ['p7', 5, 0.5, 10],
      ['p8', 5, 0.5, 10],
    ]);
    expect(final.map((r) => r.opponentsAverage)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('uses the opponents’ average when points and final points are equal', () => {
    // Four people at tables of two, two rounds: round 1 p1–p4, p2–p3; p1 and p3 win 10–0.
    let state = started(ids(4), { tableSize: 2, rounds: 2 });
    state = playRound(state, (table, seat) => (table.number === 1 ? [10, 0] : [0, 10])[seat]!);
    state = apply(state, { type: 'next-round' });
    expect(peopleAt(state, 2)).toEqual([
      ['p1', 'p3'],
      ['p2', 'p4'],
    ]);
    // p1 beats p3 10–0; p2 and p4 draw 10–10 and share first place (half a point each).
    state = playRound(state, (table, seat) => (table.number === 1 ? [10, 0] : [10, 10])[seat]!);
    const rows = standings(state);
    // p2 and p4 are equal on points and final points. p4 met p1 (2) and p2 (0.5): 1.25; p2 met p3 (1) and p4: 0.75.
    expect(rows.map((r) => [r.userId, r.rank, r.points, r.finalPoints, r.opponentsAverage])).toEqual([
      ['p1', 1, 2, 20, 0.75],
      ['p3', 2, 1, 10, 1.25],
      ['p4', 3, 0.5, 10, 1.25],
      ['p2', 4, 0.5, 10, 0.75],
    ]);
  });
});
