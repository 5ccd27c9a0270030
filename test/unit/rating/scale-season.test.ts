// The shown number's scale, the provisional "?", seasons and the season's soft reset.
import { describe, expect, it } from 'vitest';
import {
  BETA,
  ELO_SCALE,
  PROVISIONAL_SIGMA,
  SIGMA,
  displayed,
  isLaterSeason,
  isProvisional,
  newSkill,
  seasonOf,
  softReset,
} from '../../../src/rating';

describe('the scale', () => {
  it('a new person starts at 1500', () => {
    expect(displayed(newSkill())).toBe(1500);
  });

  it('400 points between two established players are 10 : 1 odds under Plackett-Luce, as in Elo', () => {
    const sigma = 1e-6;
    const mu = 400 / ELO_SCALE;
    // OpenSkill's Plackett-Luce for two: e^(μa/c) / (e^(μa/c) + e^(μb/c)), c = √(2(σ² + β²)).
    const c = Math.sqrt(2 * (sigma * sigma + BETA * BETA));
    const p = 1 / (1 + Math.exp(-mu / c));
    expect(p).toBeCloseTo(10 / 11, 6);
    expect(displayed({ mu: 25 + mu, sigma }) - displayed({ mu: 25, sigma })).toBe(400);
    expect(ELO_SCALE).toBeCloseTo(29.48, 2);
  });

  it('the number is μ − 3σ scaled: σ counts three times against it', () => {
    expect(displayed({ mu: 25, sigma: 3 })).toBe(Math.round(1500 + ELO_SCALE * 16));
  });
});

describe('provisional', () => {
  it('fewer than 5 rated games, or σ above 7.5', () => {
    expect(isProvisional({ mu: 30, sigma: 3 }, 4)).toBe(true);
    expect(isProvisional({ mu: 30, sigma: 3 }, 5)).toBe(false);
    expect(isProvisional({ mu: 30, sigma: PROVISIONAL_SIGMA }, 5)).toBe(false);
    expect(isProvisional({ mu: 30, sigma: PROVISIONAL_SIGMA + 0.01 }, 50)).toBe(true);
  });
});

describe('seasons', () => {
  it('a season is the UTC month', () => {
    expect(seasonOf(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe('2026-12');
    expect(seasonOf(Date.UTC(2027, 0, 1))).toBe('2027-01');
    expect(seasonOf(Date.UTC(2026, 8, 1))).toBe('2026-09');
    expect(isLaterSeason('2026-10', '2026-09')).toBe(true);
    expect(isLaterSeason('2027-01', '2026-12')).toBe(true);
    expect(isLaterSeason('2026-12', '2026-12')).toBe(false);
  });

  it('the soft reset widens σ a fifth of the way back to a new person’s, and keeps μ', () => {
    expect(softReset({ mu: 31, sigma: 3 })).toEqual({ mu: 31, sigma: 3 + (SIGMA - 3) / 5 });
    expect(softReset({ mu: 31, sigma: 3 }).sigma).toBeCloseTo(4.067, 3);
    expect(softReset(newSkill())).toEqual(newSkill());
    // Widened, never past a new person's: an established player is not provisional again.
    expect(isProvisional(softReset({ mu: 31, sigma: 6 }), 30)).toBe(false);
  });
});
