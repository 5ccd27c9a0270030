// The one ranking rule (src/service/ranking.ts): competition ranks, "1, 2, 2, 4", by wins, then win rate,
// then average final points, then best final points; equal on all four share a rank.
import { describe, expect, it } from 'vitest';
import type { RankedRecord } from '../../../src/service/ranking';
import { compareRecords, competitionRanks } from '../../../src/service/ranking';

const rec = (id: string, wins: number, games: number, totalFinal: number, bestFinal: number) => ({
  id,
  wins,
  games,
  totalFinal,
  bestFinal,
});
const ranks = (items: Array<RankedRecord & { id: string }>) =>
  competitionRanks(items, compareRecords, (a, b) => a.id.localeCompare(b.id)).map(({ item, rank }) => [item.id, rank]);

describe('the ranking rule', () => {
  it('ranks by wins first', () => {
    expect(ranks([rec('a', 1, 1, 20, 20), rec('b', 3, 10, 0, 5), rec('c', 2, 2, 40, 25)])).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 3],
    ]);
  });

  it('equal wins: the better win rate, compared exactly (1/3 against 2/6 is a tie on that key)', () => {
    expect(ranks([rec('a', 2, 6, 30, 9), rec('b', 2, 3, 30, 9), rec('c', 2, 4, 30, 9)])).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 3],
    ]);
    expect(compareRecords(rec('x', 2, 6, 12, 9), rec('y', 2, 6, 12, 9))).toBe(0);
  });

  it('then the better average, then the better best', () => {
    // Same wins and rate; averages 5 and 4.5; the last two average 4.5 but differ on best.
    expect(ranks([rec('a', 1, 2, 9, 9), rec('b', 1, 2, 10, 6), rec('c', 1, 2, 9, 7)])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 3],
    ]);
  });

  it('equal on every key share a rank, and the next rank skips: 1, 2, 2, 4', () => {
    const items = [rec('d', 1, 4, 4, 3), rec('b', 3, 4, 40, 12), rec('c', 3, 4, 40, 12), rec('a', 4, 4, 60, 20)];
    expect(ranks(items)).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });

  it('three-way ties, ties at the top and an everyone-equal board', () => {
    const same = (id: string) => rec(id, 2, 5, 25, 11);
    expect(ranks([same('c'), same('a'), rec('z', 0, 9, 0, 1), same('b')])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 1],
      ['z', 4],
    ]);
    expect(ranks([same('x'), same('y')]).map(([, rank]) => rank)).toEqual([1, 1]);
  });

  it('the listing order of equals never changes a rank number', () => {
    const items = [rec('a', 1, 2, 8, 6), rec('b', 1, 2, 8, 6), rec('c', 0, 2, 8, 6)];
    const forward = competitionRanks(items, compareRecords, (x, y) => x.id.localeCompare(y.id));
    const backward = competitionRanks(items, compareRecords, (x, y) => y.id.localeCompare(x.id));
    expect(forward.map((r) => [r.item.id, r.rank])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 3],
    ]);
    expect(backward.map((r) => [r.item.id, r.rank])).toEqual([
      ['b', 1],
      ['a', 1],
      ['c', 3],
    ]);
  });

  it('an empty list has no ranks', () => {
    expect(competitionRanks([], compareRecords)).toEqual([]);
  });
});
