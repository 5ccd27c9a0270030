// Fairness of the dice: chi-square goodness-of-fit for cryptoRng and seededRng; seeded repeatability.
import { describe, expect, it } from 'vitest';
import type { Face, Rng } from '../../../src/game/index';
import { cryptoRng, scriptedRng, seededRng } from '../../../src/game/index';

const THROWS = 60_000;
/** χ² critical value for 5 degrees of freedom at p = 1e-6 (35.888…): a fair die fails about once in a million runs. */
const CRITICAL_DF5 = 35.9;
/** χ² critical value for 35 degrees of freedom at p = 1e-6 (89.95). */
const CRITICAL_DF35 = 90;

function faceCounts(rng: Rng, n: number): number[] {
  const counts = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const f = rng.face();
    if (!Number.isInteger(f) || f < 1 || f > 6) throw new Error(`not a face: ${f}`);
    counts[f - 1]!++;
  }
  return counts;
}

function chiSquare(observed: readonly number[]): number {
  const total = observed.reduce((a, b) => a + b, 0);
  const expected = total / observed.length;
  return observed.reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0);
}

/** Counts of consecutive pairs (first, second): 36 cells, to catch a die that remembers its last face. */
function pairCounts(rng: Rng, pairs: number): number[] {
  const counts = Array<number>(36).fill(0);
  for (let i = 0; i < pairs; i++) counts[(rng.face() - 1) * 6 + (rng.face() - 1)]!++;
  return counts;
}

describe('chi-square goodness of fit (60,000 faces, 5 degrees of freedom, p < 1e-6)', () => {
  it('the check itself catches a biased die', () => {
    const fair = seededRng('control');
    const loaded: Rng = { face: () => (fair.face() === 1 && fair.face() <= 2 ? 6 : fair.face()) };
    expect(chiSquare(faceCounts(loaded, THROWS))).toBeGreaterThan(CRITICAL_DF5);
    // a die that never shows 6
    const fiveSided: Rng = { face: () => (((fair.face() - 1) % 5) + 1) as Face };
    expect(chiSquare(faceCounts(fiveSided, THROWS))).toBeGreaterThan(CRITICAL_DF5);
  });

  it('cryptoRng (the default for real games) is fair', () => {
    const counts = faceCounts(cryptoRng, THROWS);
    expect(counts.every((c) => c > 0)).toBe(true);
    expect(chiSquare(counts)).toBeLessThan(CRITICAL_DF5);
  });

  it.each([1, 'olathe', 0xdeadbeef])('seededRng(%s) is fair', (seed) => {
    expect(chiSquare(faceCounts(seededRng(seed), THROWS))).toBeLessThan(CRITICAL_DF5);
  });

  it('consecutive faces are independent (pairs: 36 cells, 35 degrees of freedom)', () => {
    expect(chiSquare(pairCounts(cryptoRng, 36_000))).toBeLessThan(CRITICAL_DF35);
    expect(chiSquare(pairCounts(seededRng(7), 36_000))).toBeLessThan(CRITICAL_DF35);
  });
});

describe('seededRng repeatability', () => {
  const draw = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.face());

  it('the same seed repeats exactly', () => {
    for (const seed of [0, 1, 42, 'game-7', 2 ** 32 - 1]) {
      expect(draw(seededRng(seed), 1000)).toEqual(draw(seededRng(seed), 1000));
    }
  });

  it('different seeds give different sequences', () => {
    const seq = (seed: number | string) => draw(seededRng(seed), 100).join('');
    const seeds: (number | string)[] = [0, 1, 2, 3, 1000, 'a', 'b', 'game-1', 'game-2'];
    const sequences = new Set(seeds.map(seq));
    expect(sequences.size).toBe(seeds.length);
  });

  it('cryptoRng does not repeat itself', () => {
    expect(draw(cryptoRng, 100).join('')).not.toBe(draw(cryptoRng, 100).join(''));
  });
});

describe('scriptedRng', () => {
  it('returns the given faces in order, then fails', () => {
    const rng = scriptedRng([3, 1, 6]);
    expect([rng.face(), rng.face(), rng.face()]).toEqual([3, 1, 6]);
    expect(() => rng.face()).toThrow(/ran out/);
  });
});
