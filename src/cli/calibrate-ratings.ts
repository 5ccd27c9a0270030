// `npm run calibrate-ratings -- [--games N] [--seed S]`
// Plays N three-seat games per variant between the computer players (easy, normal, expert; the seats take
// every order in turn), fits each difficulty's fixed μ (src/rating/calibration.ts, normal held at 25) and
// prints them as src/rating/computer.ts's constants, with the standard errors and the games played.
// The same arguments always give the same games. Bad arguments: exit 2 with one line on stderr.
import { pathToFileURL } from 'node:url';
import type { Variant } from '../game';
import { DEFAULT_LAYOUT, gameResults, layoutColumns } from '../game';
import type { Difficulty } from '../solver/strategy';
import { DIFFICULTIES } from '../solver/strategy';
import { widgetTables } from '../solver/widget';
import type { Fit, PlayedGame } from '../rating/calibration';
import { fitSkills } from '../rating/calibration';
import { COMPUTER_SIGMA, MU } from '../rating';
import { gameOptions, gameSeed, playGame } from './simulate';

export const DEFAULT_GAMES = 3000;
const ANCHOR: Difficulty = 'normal';

/** Every order of the three difficulties, so no seat's advantage (Olathe plays in turns) favours one. */
const ORDERS: Difficulty[][] = [
  ['easy', 'normal', 'expert'],
  ['easy', 'expert', 'normal'],
  ['normal', 'easy', 'expert'],
  ['normal', 'expert', 'easy'],
  ['expert', 'easy', 'normal'],
  ['expert', 'normal', 'easy'],
];

/** `games` self-play games of a variant, each seat's place as the results give it. */
export function selfPlay(variant: Variant, games: number, seed: number): PlayedGame[] {
  widgetTables();
  const options = gameOptions(variant, layoutColumns(DEFAULT_LAYOUT[variant]));
  const played: PlayedGame[] = [];
  for (let g = 0; g < games; g++) {
    const order = ORDERS[g % ORDERS.length]!;
    const state = playGame(options, order, gameSeed(seed, g));
    const places = new Array<number>(order.length);
    for (const s of gameResults(state).standings) places[s.seat] = s.place;
    played.push({ entrants: order, places });
  }
  return played;
}

export function calibrate(variant: Variant, games: number, seed: number): Fit {
  return fitSkills(selfPlay(variant, games, seed), DIFFICULTIES, { name: ANCHOR, mu: MU }, COMPUTER_SIGMA);
}

class UsageError extends Error {}

export function parseArgs(argv: readonly string[]): { games: number; seed: number } {
  const out = { games: DEFAULT_GAMES, seed: 1 };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]!;
    const value = Number(argv[i + 1]);
    if (name !== '--games' && name !== '--seed') throw new UsageError(`unknown argument '${name}'`);
    if (!Number.isSafeInteger(value) || value < (name === '--games' ? 6 : 0))
      throw new UsageError(`${name} needs a whole number${name === '--games' ? ' of at least 6' : ''}`);
    out[name === '--games' ? 'games' : 'seed'] = value;
  }
  return out;
}

function main(): void {
  let args: { games: number; seed: number };
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`calibrate-ratings: ${(error as Error).message}\n`);
    process.exit(2);
  }
  const started = performance.now();
  const fits = (['olathe', 'balut'] as const).map((variant) => ({
    variant,
    fit: calibrate(variant, args.games, args.seed),
  }));
  const seconds = Math.round((performance.now() - started) / 1000);
  for (const { variant, fit } of fits) {
    const parts = DIFFICULTIES.map((d) => `${d} ${fit.mu[d]!.toFixed(2)} ± ${fit.se[d]!.toFixed(2)}`).join(', ');
    process.stdout.write(`${variant}: ${fit.games} games: ${parts}\n`);
  }
  process.stdout.write(`(${seconds} s, seed ${args.seed})\n\n`);
  for (const { variant, fit } of fits) {
    const levels = DIFFICULTIES.map((d) => `    ${d}: { mu: ${fit.mu[d]!.toFixed(2)}, sigma: COMPUTER_SIGMA },`);
    process.stdout.write(`  ${variant}: {\n${levels.join('\n')}\n  },\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
