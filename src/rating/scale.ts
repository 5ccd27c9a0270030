// The number people see: 1500 + c·(μ − 3σ), OpenSkill's ordinal (a cautious estimate: the skill is at least
// this with 99.7% confidence) put on an Elo-like scale. A new person (μ 25, σ 25/3) has ordinal 0: 1500.
import type { Skill } from './model';
import { BETA } from './model';

/** Where a new person starts. */
export const START_RATING = 1500;

/**
 * c: points per unit of μ. Between two players whose σ is small, Plackett-Luce gives P(A beats B) =
 * 1 / (1 + e^(−Δμ / (β√2))); Elo gives 1 / (1 + 10^(−ΔR / 400)). Equal when ΔR = Δμ · 400 / (ln 10 · β√2):
 * c ≈ 29.5, so 400 points between two established players mean 10 : 1 odds, as in Elo.
 */
export const ELO_SCALE = 400 / (Math.LN10 * BETA * Math.SQRT2);

/** The rating shown for a skill, rounded to a whole point. */
export function displayed(skill: Skill): number {
  return Math.round(START_RATING + ELO_SCALE * (skill.mu - 3 * skill.sigma));
}

/** Shown with "?" until a person has this many rated games in the variant… */
export const PROVISIONAL_GAMES = 5;
/** …and while σ is above this (90% of a new person's 25/3). */
export const PROVISIONAL_SIGMA = 7.5;

export function isProvisional(skill: Skill, games: number): boolean {
  return games < PROVISIONAL_GAMES || skill.sigma > PROVISIONAL_SIGMA;
}
