// Computer players are rated opponents whose skill never moves: each difficulty has one, per variant,
// calibrated once by self-play (`npm run calibrate-ratings`, src/cli/calibrate-ratings.ts), with the normal
// player anchored at a new person's μ of 25.
import type { Variant } from '../game';
import type { Difficulty } from '../solver/strategy';
import type { Skill } from './model';

/** Small beside one game's luck (β ≈ 4.2): a computer player's skill is known, not guessed. */
export const COMPUTER_SIGMA = 1;

// `npm run calibrate-ratings` (its defaults: 3,000 three-seat games per variant, seed 1; 85 s on one core):
// Olathe easy 23.20 ± 0.25, expert 27.63 ± 0.25; Balut easy 17.25 ± 0.29, expert 28.52 ± 0.26 (normal held
// at 25). Run it again after a change to the computer players' play, and paste its output here.
export const COMPUTER_SKILLS: Readonly<Record<Variant, Readonly<Record<Difficulty, Skill>>>> = {
  olathe: {
    easy: { mu: 23.2, sigma: COMPUTER_SIGMA },
    normal: { mu: 25.0, sigma: COMPUTER_SIGMA },
    expert: { mu: 27.63, sigma: COMPUTER_SIGMA },
  },
  balut: {
    easy: { mu: 17.25, sigma: COMPUTER_SIGMA },
    normal: { mu: 25.0, sigma: COMPUTER_SIGMA },
    expert: { mu: 28.52, sigma: COMPUTER_SIGMA },
  },
};

// A computer player's user id: `bot:<difficulty>:<k>` (src/service/bots.ts makes them).
const COMPUTER_ID = /^bot:([a-z]+):[1-9][0-9]{0,5}$/;

/** The difficulty of a computer player's seat; null for a person's (or an id no difficulty is known for). */
export function computerOf(userId: string, isBot: boolean): Difficulty | null {
  if (!isBot) return null;
  const level = COMPUTER_ID.exec(userId)?.[1];
  return level !== undefined && Object.hasOwn(COMPUTER_SKILLS.olathe, level) ? (level as Difficulty) : null;
}
