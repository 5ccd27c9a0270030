// `npm run --silent simulate -- --variant balut|olathe --layout F,F,D,U --difficulty easy|normal|expert
//   --games N --seed S [--throws T]`
// Plays N solo games with the given bot and prints one JSON line:
// {"games":N,"meanFinal":…,"sdFinal":…,"meanRaw":…,"incentiveRates":{"fours":…,…},"olathesPerGame":…,"msPerDecisionP99":…}
// The same arguments always give the same games (the dice come from a generator seeded per game).
// Bad arguments: exit 2 with one line on stderr saying which and why.
import { pathToFileURL } from 'node:url';
import type { ColumnKind, Face, GameOptions, GameState, Rng, Variant } from '../game';
import {
  CATEGORIES,
  DEFAULT_LAYOUT,
  DEFAULT_THROWS,
  applyEvent,
  gameResults,
  layoutColumns,
  layoutProblem,
  newGame,
  scoreCard,
  seededRng,
  seatsToAct,
  throwsProblem,
} from '../game';
import type { Category } from '../game';
import type { Difficulty, StrategyOptions } from '../solver/strategy';
import { DIFFICULTIES, chooseDecision, decisionEvents } from '../solver/strategy';
import { widgetTables } from '../solver/widget';

export interface SimulateOptions {
  variant: Variant;
  columns: readonly ColumnKind[];
  difficulty: Difficulty;
  games: number;
  seed: number;
  throwsPerTurn?: number;
  strategy?: StrategyOptions;
  /** Stop early once this many ms have passed (after a whole game); `games` in the result says how many ran. */
  budgetMs?: number;
}

export interface SimulateResult {
  games: number;
  meanFinal: number;
  sdFinal: number;
  meanRaw: number;
  /** Share of games that earned each incentive (Olathe: at least one Olathe scored). */
  incentiveRates: Record<Category, number>;
  olathesPerGame: number;
  msPerDecisionP99: number;
}

/** Decisions timed before this many are warm-up and left out of the p99. */
const WARM_UP_DECISIONS = 200;

export function gameOptions(
  variant: Variant,
  columns: readonly ColumnKind[],
  throwsPerTurn = DEFAULT_THROWS,
): GameOptions {
  return { variant, columns, throwsPerTurn, predictions: false };
}

/** The seed of game `g` of a run: every game has its own dice stream. */
export function gameSeed(seed: number, g: number): string {
  return `${seed}:${g}`;
}

/**
 * The dice of a simulated game: each turn of each seat draws all the faces it could need up front (five per
 * throw allowed), and a throw takes its five and uses them for the dice not held. Every die is still a fair,
 * independent face; the point is that two bots playing the same seed see the same faces turn by turn, throw
 * by throw, whatever they hold, so comparisons between bots are much less noisy.
 */
class TurnDice {
  private readonly rng: Rng;
  private readonly faces = new Map<number, number[]>();
  constructor(seed: string) {
    this.rng = seededRng(seed);
  }
  /** An Rng for one throw: the five faces of throw `throwIndex` of the seat's current turn. */
  forThrow(state: GameState, seat: number): Rng {
    const player = state.players[seat]!;
    const perTurn = 5 * state.options.throwsPerTurn;
    let faces = this.faces.get(seat);
    if (player.turn.throwsUsed === 0 || !faces) {
      faces = Array.from({ length: perTurn }, () => this.rng.face());
      this.faces.set(seat, faces);
    }
    const base = 5 * player.turn.throwsUsed;
    let die = 0;
    const held = player.turn.dice ? player.turn.held : [];
    return {
      face: () => {
        while (held[die]) die++;
        return faces[base + die++]! as Face;
      },
    };
  }
}

/** Plays one game to the end with one bot per seat; returns the final state and each decision's time in ms. */
export function playGame(
  options: GameOptions,
  difficulties: readonly Difficulty[],
  seed: string,
  strategy: StrategyOptions = {},
  timings?: number[],
): GameState {
  const dice = new TurnDice(seed);
  let state = newGame(
    options,
    difficulties.map((d, i) => `bot${i}-${d}`),
  );
  while (state.status === 'playing') {
    const seat = seatsToAct(state)[0]!;
    const t0 = performance.now();
    const decision = chooseDecision(state, seat, difficulties[seat]!, strategy);
    if (timings) timings.push(performance.now() - t0);
    const rng = decision.kind === 'throw' ? dice.forThrow(state, seat) : NO_DICE;
    for (const event of decisionEvents(state, seat, decision, rng)) state = applyEvent(state, event);
  }
  return state;
}

const NO_DICE: Rng = {
  face: () => {
    throw new Error('no dice are thrown here');
  },
};

function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

export function simulate(opts: SimulateOptions): SimulateResult {
  widgetTables();
  const options = gameOptions(opts.variant, opts.columns, opts.throwsPerTurn);
  const timings: number[] = [];
  let sum = 0,
    sumSq = 0,
    rawSum = 0,
    olathes = 0;
  const rates: Record<Category, number> = { fours: 0, fives: 0, sixes: 0, straight: 0, house: 0, choice: 0, olathe: 0 };
  const started = performance.now();
  let n = 0;
  for (let g = 0; g < opts.games; g++) {
    if (opts.budgetMs !== undefined && g > 0 && performance.now() - started > opts.budgetMs) break;
    n++;
    const state = playGame(options, [opts.difficulty], gameSeed(opts.seed, g), opts.strategy, timings);
    const b = scoreCard(state.players[0]!.card);
    sum += b.final;
    sumSq += b.final * b.final;
    rawSum += b.rawTotal;
    for (const c of CATEGORIES) if (b.incentives[c] > 0) rates[c]++;
    olathes += b.incentives.olathe / 2;
  }
  const mean = sum / n;
  for (const c of CATEGORIES) rates[c] = round(rates[c] / n);
  return {
    games: n,
    meanFinal: round(mean),
    sdFinal: round(Math.sqrt(Math.max(0, sumSq / n - mean * mean))),
    meanRaw: round(rawSum / n, 2),
    incentiveRates: rates,
    olathesPerGame: round(olathes / n),
    msPerDecisionP99: round(
      percentile(timings.slice(Math.min(WARM_UP_DECISIONS, Math.floor(timings.length / 2))), 0.99),
      4,
    ),
  };
}

export interface HeadToHead {
  games: number;
  /** Games the first difficulty won outright (final, then raw total), lost, and shared. */
  wins: number;
  losses: number;
  ties: number;
  winRate: number;
}

/** Two bots play `games` two-player games (seats alternate each game); counts the first one's outright wins. */
export function headToHead(
  variant: Variant,
  columns: readonly ColumnKind[],
  a: Difficulty,
  b: Difficulty,
  games: number,
  seed: number,
  strategy: StrategyOptions = {},
  budgetMs?: number,
  throwsPerTurn = DEFAULT_THROWS,
): HeadToHead {
  const options = gameOptions(variant, columns, throwsPerTurn);
  let wins = 0,
    losses = 0,
    ties = 0,
    played = 0;
  const started = performance.now();
  for (let g = 0; g < games; g++) {
    if (budgetMs !== undefined && g > 0 && performance.now() - started > budgetMs) break;
    played++;
    const aSeat = g % 2;
    const seats: Difficulty[] = aSeat === 0 ? [a, b] : [b, a];
    const state = playGame(options, seats, gameSeed(seed, g), strategy);
    const { winners } = gameResults(state);
    if (winners.length > 1) ties++;
    else if (winners[0] === aSeat) wins++;
    else losses++;
  }
  return { games: played, wins, losses, ties, winRate: round(wins / played) };
}

// ---------- the command line ----------

export class UsageError extends Error {}

const USAGE =
  'usage: simulate --variant balut|olathe --layout F,F,D,U --difficulty easy|normal|expert --games N --seed S [--throws 1-5]';

export function parseArgs(argv: readonly string[]): SimulateOptions {
  const given = new Map<string, string>();
  const known = ['variant', 'layout', 'difficulty', 'games', 'seed', 'throws'];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    let name: string;
    let value: string | undefined;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument '${arg}' (${USAGE})`);
    const eq = arg.indexOf('=');
    if (eq >= 0) {
      name = arg.slice(2, eq);
      value = arg.slice(eq + 1);
    } else {
      name = arg.slice(2);
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      i++;
    }
    if (!known.includes(name)) throw new UsageError(`unknown option --${name} (${USAGE})`);
    if (given.has(name)) throw new UsageError(`--${name} is given twice`);
    given.set(name, value);
  }

  const variantText = given.get('variant') ?? 'olathe';
  if (variantText !== 'olathe' && variantText !== 'balut')
    throw new UsageError(`--variant must be balut or olathe (got '${variantText}')`);
  const variant: Variant = variantText;

  let columns: ColumnKind[];
  const layoutText = given.get('layout');
  if (layoutText === undefined) columns = layoutColumns(DEFAULT_LAYOUT[variant]);
  else {
    const letters = layoutText.split(',').map((s) => s.trim().toUpperCase());
    const kinds: Record<string, ColumnKind> = { F: 'free', D: 'down', U: 'up' };
    const bad = letters.find((l) => !(l in kinds));
    if (bad !== undefined)
      throw new UsageError(`--layout is a comma-separated list of F (Free), D (Down), U (Up) (got '${layoutText}')`);
    columns = letters.map((l) => kinds[l]!);
    const counts = { free: 0, down: 0, up: 0 };
    for (const k of columns) counts[k]++;
    const problem = layoutProblem(variant, counts);
    if (problem) throw new UsageError(`--layout ${layoutText} is not allowed for ${variant}: ${problem}`);
    // Present the columns in the engine's order: Free, then Down, then Up.
    columns = layoutColumns(counts);
  }

  const difficulty = given.get('difficulty') ?? 'expert';
  if (!(DIFFICULTIES as readonly string[]).includes(difficulty)) {
    throw new UsageError(`--difficulty must be easy, normal or expert (got '${difficulty}')`);
  }

  const gamesText = given.get('games') ?? '1000';
  const games = Number(gamesText);
  if (!/^\d+$/.test(gamesText) || !Number.isSafeInteger(games) || games < 1 || games > 10_000_000) {
    throw new UsageError(`--games must be a whole number from 1 to 10000000 (got '${gamesText}')`);
  }

  const seedText = given.get('seed') ?? '1';
  const seed = Number(seedText);
  if (!/^-?\d+$/.test(seedText) || !Number.isSafeInteger(seed))
    throw new UsageError(`--seed must be a whole number (got '${seedText}')`);

  const throwsText = given.get('throws') ?? String(DEFAULT_THROWS);
  const throwsPerTurn = Number(throwsText);
  const tp = /^\d+$/.test(throwsText) ? throwsProblem(variant, throwsPerTurn) : 'it must be a whole number.';
  if (tp) throw new UsageError(`--throws ${throwsText} is not allowed: ${tp}`);

  return { variant, columns, difficulty: difficulty as Difficulty, games, seed, throwsPerTurn };
}

export function main(argv: readonly string[]): number {
  let opts: SimulateOptions;
  try {
    opts = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`simulate: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  process.stdout.write(`${JSON.stringify(simulate(opts))}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
