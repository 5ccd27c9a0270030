// Seasons: each calendar month (UTC) is one. A person's first rated game of a new season starts from their
// rating with σ widened part of the way back to a new person's (a soft reset): μ, what was learnt, is kept.
import type { Skill } from './model';
import { SIGMA } from './model';

/** The season of a moment (ms since the epoch): its UTC month, e.g. '2026-12'. */
export function seasonOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** How far back towards a new person's σ a season's start widens σ: a fifth of the way. */
export const SEASON_RESET_SHARE = 0.2;

/** σ' = σ + (25/3 − σ) / 5; μ unchanged. σ = 3 becomes 4.07; a new person's stays 25/3. */
export function softReset(skill: Skill): Skill {
  return { mu: skill.mu, sigma: skill.sigma + (SIGMA - skill.sigma) * SEASON_RESET_SHARE };
}

/** Seasons compare as their text does ('2026-09' < '2026-10'). */
export function isLaterSeason(season: string, than: string): boolean {
  return season > than;
}
