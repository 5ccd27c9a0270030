// The people of `npm run bench -- ratings`: in each variant, 100,000 rated people in one server, and as many
// again spread over four others (the first 100,000 are in one of them too), ratings spread as settled players'
// are (about 1,900 ± 200, one in ten provisional). Each person's numbers come from their index, so every table
// the bench fills agrees on them.
import type { Variant } from '../../src/game';

export const BOARD_GUILD = 'guild-huge';
export const PEOPLE = 100_000;
export const OTHERS = ['guild-a', 'guild-b', 'guild-c', 'guild-d'];
export const VARIANTS: readonly Variant[] = ['olathe', 'balut'];

/** A small seeded generator (mulberry32): the same person has the same numbers in every table. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export interface BenchPerson {
  user: string;
  name: string;
  rating: number;
  provisional: number;
  mu: number;
  sigma: number;
  games: number;
}

/** Person `i` in a variant. */
export function person(variant: Variant, i: number): BenchPerson {
  const random = seeded(i * 2 + (variant === 'olathe' ? 0 : 1));
  // Roughly normal: the sum of four uniforms.
  const rating = Math.round(1900 + 200 * (random() + random() + random() + random() - 2) * 1.7);
  const sigma = 2 + 3 * random();
  return {
    user: `u${i}`,
    name: `Player ${i}`,
    rating,
    provisional: random() < 0.1 ? 1 : 0,
    mu: (rating - 1500) / 12 + 3 * sigma,
    sigma,
    games: 5 + Math.floor(random() * 200),
  };
}
