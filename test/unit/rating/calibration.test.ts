// The calibration's fit (src/rating/calibration.ts) finds the μ that generated games under the model it
// assumes: Plackett-Luce rankings drawn with known skills, one of them held as the anchor.
import { describe, expect, it } from 'vitest';
import { BETA } from '../../../src/rating';
import type { PlayedGame } from '../../../src/rating/calibration';
import { fitSkills } from '../../../src/rating/calibration';

const TRUE = { easy: 19, normal: 25, expert: 29 };
const SIGMA = 1;

/** A Plackett-Luce ranking: each place drawn among those left, in proportion to e^(μ / c). */
function draw(rng: () => number, names: readonly (keyof typeof TRUE)[]): PlayedGame {
  const c = Math.sqrt(names.length * (SIGMA * SIGMA + BETA * BETA));
  const left = [...names.keys()];
  const places = new Array<number>(names.length);
  for (let place = 1; left.length > 0; place++) {
    const weights = left.map((i) => Math.exp(TRUE[names[i]!] / c));
    let x = rng() * weights.reduce((a, b) => a + b, 0);
    let k = 0;
    while (x > weights[k]! && k < left.length - 1) x -= weights[k++]!;
    places[left[k]!] = place;
    left.splice(k, 1);
  }
  return { entrants: names, places };
}

describe('fitSkills', () => {
  it('recovers the skills that drew the games, within a few standard errors', () => {
    // mulberry32: the same games on every run.
    let seed = 12345;
    const rng = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const games = Array.from({ length: 3000 }, () => draw(rng, ['easy', 'normal', 'expert']));
    const fit = fitSkills(games, ['easy', 'normal', 'expert'], { name: 'normal', mu: 25 }, SIGMA);
    expect(fit.games).toBe(3000);
    expect(fit.mu.normal).toBe(25);
    expect(fit.se.easy).toBeGreaterThan(0.05);
    expect(fit.se.easy).toBeLessThan(0.6);
    expect(Math.abs(fit.mu.easy! - TRUE.easy)).toBeLessThan(4 * fit.se.easy!);
    expect(Math.abs(fit.mu.expert! - TRUE.expert)).toBeLessThan(4 * fit.se.expert!);
  });
});
