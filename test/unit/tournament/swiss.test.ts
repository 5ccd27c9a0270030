// Swiss seating: equal scores together, no meeting again while it can be avoided, deterministic, and cheap on a
// large field.
import { describe, expect, it } from 'vitest';
import { planTables, swissTables } from '../../../src/tournament';
import { repeatsOf } from './helpers';

const never = () => 0;

/** A small deterministic generator for test data. */
function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

describe('Swiss seating', () => {
  it('seats equal scores together when nobody has met', () => {
    const tables = swissTables({ points: [3, 3, 2, 2, 1, 1, 0, 0], sizes: [2, 2, 2, 2], met: never });
    expect(tables).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
      [6, 7],
    ]);
    const fours = swissTables({ points: [6, 5, 5, 5, 4, 3, 3, 1], sizes: [4, 4], met: never });
    expect(fours).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
    ]);
  });

  it('lets nobody meet again while it can be avoided, even at the cost of equal scores', () => {
    const met = (i: number, j: number) => (Math.min(i, j) === 0 && Math.max(i, j) === 1 ? 1 : 0);
    const tables = swissTables({ points: [2, 2, 0, 0], sizes: [2, 2], met });
    expect(repeatsOf(tables, met)).toBe(0);
    // Of the repeat-free seatings, the one with the smaller rank spread: 1st–3rd and 2nd–4th.
    expect(tables).toEqual([
      [0, 2],
      [1, 3],
    ]);
    // Deterministic: the same input, the same seating.
    expect(swissTables({ points: [2, 2, 0, 0], sizes: [2, 2], met })).toEqual(tables);
  });

  it('seats everyone when a repeat cannot be avoided', () => {
    const always = () => 1;
    const tables = swissTables({ points: [1, 1, 0, 0], sizes: [2, 2], met: always });
    expect(tables.flat().sort()).toEqual([0, 1, 2, 3]);
    expect(repeatsOf(tables, always)).toBe(2);
  });

  it('keeps the tables’ sizes', () => {
    const tables = swissTables({ points: [5, 4, 3, 2, 1, 0, 0], sizes: [3, 2, 2], met: never });
    expect(tables.map((t) => t.length).sort()).toEqual([2, 2, 3]);
    expect(() => swissTables({ points: [1, 0], sizes: [3], met: never })).toThrow();
  });

  it('seats 128 people at tables of 4 after six rounds quickly, with fewer repeats than the plain cut', () => {
    const n = 128;
    const random = lcg(7);
    const counts = new Map<string, number>();
    const key = (i: number, j: number) => `${Math.min(i, j)}:${Math.max(i, j)}`;
    // Six earlier rounds of random tables of four.
    for (let round = 0; round < 6; round++) {
      const order = Array.from({ length: n }, (_, i) => i).sort(() => random() - 0.5);
      for (let t = 0; t < n; t += 4) {
        for (let a = t; a < t + 4; a++) {
          for (let b = a + 1; b < t + 4; b++)
            counts.set(key(order[a]!, order[b]!), (counts.get(key(order[a]!, order[b]!)) ?? 0) + 1);
        }
      }
    }
    const met = (i: number, j: number) => counts.get(key(i, j)) ?? 0;
    const points = Array.from({ length: n }, (_, i) => Math.floor((n - i) / 8) / 2);
    const sizes = planTables(n, 0, 4, 'computer').people;
    const began = performance.now();
    const tables = swissTables({ points, sizes, met });
    const took = performance.now() - began;
    const plainCut = sizes.map((_, t) => [4 * t, 4 * t + 1, 4 * t + 2, 4 * t + 3]);
    expect(tables.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(repeatsOf(tables, met)).toBe(0);
    expect(repeatsOf(plainCut, met)).toBeGreaterThan(0);
    // An upper bound for a loaded 2-core machine; alone it takes a small fraction of this.
    expect(took).toBeLessThan(5_000);
  });
});
