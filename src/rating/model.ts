// The skill model: OpenSkill's Plackett-Luce model (the npm package `openskill`), called as it is, never copied.
// A skill is a mean μ and an uncertainty σ; every game moves μ towards what the ranking says and shrinks σ.
import { rate } from 'openskill';

export interface Skill {
  mu: number;
  sigma: number;
}

/** OpenSkill's defaults, named: a new person is μ 25, σ 25/3; β (the spread of one game's luck) is σ / 2. */
export const MU = 25;
export const SIGMA = 25 / 3;
export const BETA = SIGMA / 2;

// limitSigma: the package's own option that keeps a game from widening σ (its τ adds a little before each game),
// so the shown number of a sole winner never falls and that of a sole last never rises.
const OPTIONS = { mu: MU, sigma: SIGMA, beta: BETA, limitSigma: true } as const;

export function newSkill(): Skill {
  return { mu: MU, sigma: SIGMA };
}

/** One entrant of a rated game: its skill, and whether it is fixed (a computer player, never updated). */
export interface Entrant {
  skill: Skill;
  fixed: boolean;
}

/**
 * Every entrant's skill after one game, in the order given: `ranks[i]` is entrant i's place (1 first; equal
 * places are ties). Fixed entrants take part in everyone else's update and come back as they went in.
 */
export function rateRanking(entrants: readonly Entrant[], ranks: readonly number[]): Skill[] {
  if (entrants.length !== ranks.length) throw new Error('one rank per entrant');
  if (entrants.length < 2) return entrants.map((e) => ({ ...e.skill }));
  const teams = entrants.map((e) => [{ mu: e.skill.mu, sigma: e.skill.sigma }]);
  const rated = rate(teams, { ...OPTIONS, rank: [...ranks] });
  return entrants.map((e, i) => (e.fixed ? { ...e.skill } : { mu: rated[i]![0]!.mu, sigma: rated[i]![0]!.sigma }));
}
