// `npm run bench -- engine`: how fast the rules engine scores a card and plays a whole game.
//   - scoring a full 4-column card            goal ≤ 5 µs per card
//   - a full 4-player Olathe game, random     goal ≤ 2 ms per game
//     legal moves, default layout, 3 throws
// Everything random comes from seeded sources, so runs are comparable. On a shared, busy machine the wall-clock
// figures rise with the load; the CPU-time lines (process.cpuUsage: this process's user + system time, GC
// threads included) and the reference loop show how much of that is the machine rather than the engine.
import { performance } from 'node:perf_hooks';
import type { Card, Cells } from '../../src/game';
import type { Dice } from '../../src/game';
import { CATEGORIES, DICE_COUNT } from '../../src/game';
import type { GameEvent, GameOptions, GameState } from '../../src/game';
import { applyEvent, declarableColumns, newGame, throwEvent, writableCells } from '../../src/game';
import { DEFAULT_LAYOUT, DEFAULT_THROWS, layoutColumns } from '../../src/game';
import type { Rng } from '../../src/game';
import { seededRng } from '../../src/game';
import { scoreCard } from '../../src/game';
import { percentile } from '../support/figures';

const SCORE_GOAL_US = 5;
const GAME_GOAL_MS = 2;
const DISTINCT_CARDS = 1_000;
const SCORINGS = 200_000;
const GAMES = 2_000;
const PLAYERS = 4;

/** Anything the timed code computes is folded in here and printed, so none of it can be optimised away. */
let sink = 0;

/** A near-uniform integer 0 ≤ n < bound (bias under 1/64) from the seeded dice, for choosing moves. */
function pick(rng: Rng, bound: number): number {
  let x = 0;
  let range = 1;
  while (range < bound * 64) {
    x = x * 6 + (rng.face() - 1);
    range *= 6;
  }
  return x % bound;
}

function randomDice(rng: Rng): Dice {
  // A third of the cells get something worth scoring (five of a kind, a straight, a house), the rest plain dice.
  const r = rng.face();
  const f = rng.face();
  if (r === 1) return [f, f, f, f, f];
  if (r === 2) return f % 2 ? [1, 2, 3, 4, 5] : [6, 5, 4, 3, 2];
  if (r === 3) {
    const g = f === 6 ? 1 : ((f + 1) as Dice[number]);
    return [f, g, f, g, f];
  }
  return [rng.face(), rng.face(), rng.face(), rng.face(), rng.face()];
}

function randomFullCard(rng: Rng): Card {
  return {
    columns: layoutColumns(DEFAULT_LAYOUT.olathe).map((kind) => {
      const cells = {} as Cells;
      for (const category of CATEGORIES) cells[category] = randomDice(rng);
      return { kind, cells };
    }),
  };
}

function line(label: string, value: number, unit: string, goal: number | null): string {
  const figure = `${value.toFixed(unit === 'µs' ? 2 : 3)} ${unit}`;
  if (goal === null) return `  ${label.padEnd(38)} ${figure.padStart(12)}`;
  const verdict = value <= goal ? 'ok' : 'MISSED';
  return `  ${label.padEnd(38)} ${figure.padStart(12)}   goal ≤ ${goal} ${unit}  ${verdict}`;
}

function benchScoring(): void {
  const rng = seededRng('bench:score');
  const cards = Array.from({ length: DISTINCT_CARDS }, () => randomFullCard(rng));

  // Warm-up: let the JIT settle on the hot paths.
  for (let i = 0; i < 50_000; i++) sink += scoreCard(cards[i % DISTINCT_CARDS]!).final;

  // Mean: one untimed-inside loop, so the timer's own cost does not count.
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < SCORINGS; i++) sink += scoreCard(cards[i % DISTINCT_CARDS]!).final;
  const cpu = process.cpuUsage(cpuStart);
  const meanUs = ((performance.now() - start) * 1000) / SCORINGS;
  const cpuMeanUs = (cpu.user + cpu.system) / SCORINGS;

  // p99: each scoring timed on its own (includes the timer's cost, well under a microsecond).
  const each = new Float64Array(SCORINGS);
  for (let i = 0; i < SCORINGS; i++) {
    const t0 = performance.now();
    sink += scoreCard(cards[i % DISTINCT_CARDS]!).final;
    each[i] = (performance.now() - t0) * 1000;
  }

  console.log(`scoreCard, full 4-column card (${SCORINGS.toLocaleString('en')} scorings of ${DISTINCT_CARDS} cards)`);
  console.log(line('mean per card', meanUs, 'µs', SCORE_GOAL_US));
  console.log(line('mean per card, CPU time (busy machine)', cpuMeanUs, 'µs', null));
  console.log(line('p99 per card (each timed alone)', percentile(each, 0.99), 'µs', SCORE_GOAL_US));
}

/**
 * One whole Olathe game, every move random but legal: declare a column, throw, then up to two more times
 * maybe hold some dice and throw again, then write into a random writable cell. Returns the events applied.
 */
function playRandomGame(options: GameOptions, ids: readonly string[], rng: Rng): { state: GameState; events: number } {
  let state = newGame(options, ids);
  let events = 0;
  const apply = (event: GameEvent): void => {
    state = applyEvent(state, event);
    events++;
  };
  while (state.status === 'playing') {
    const seat = state.current;
    const columns = declarableColumns(state, seat);
    apply({ type: 'declare', seat, column: columns[pick(rng, columns.length)]! });
    apply(throwEvent(state, seat, rng));
    for (let t = 1; t < options.throwsPerTurn && pick(rng, 3) !== 0; t++) {
      for (let die = 0; die < DICE_COUNT; die++) if (pick(rng, 3) === 0) apply({ type: 'hold', seat, die });
      if (state.players[seat]!.turn.held.every(Boolean)) break; // all held: nothing left to throw
      apply(throwEvent(state, seat, rng));
    }
    const cells = writableCells(state, seat);
    const cell = cells[pick(rng, cells.length)]!;
    apply({ type: 'write', seat, column: cell.column, category: cell.category });
  }
  return { state, events };
}

function benchGames(): void {
  const options: GameOptions = {
    variant: 'olathe',
    columns: layoutColumns(DEFAULT_LAYOUT.olathe),
    throwsPerTurn: DEFAULT_THROWS,
    predictions: false,
  };
  const ids = Array.from({ length: PLAYERS }, (_, i) => `player-${i + 1}`);
  const rng = seededRng('bench:games');

  for (let i = 0; i < 200; i++) sink += playRandomGame(options, ids, rng).state.version; // warm-up

  const each = new Float64Array(GAMES);
  let events = 0;
  let unfinished = 0;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < GAMES; i++) {
    const t0 = performance.now();
    const game = playRandomGame(options, ids, rng);
    each[i] = performance.now() - t0;
    events += game.events;
    if (game.state.status !== 'finished') unfinished++;
    sink += game.state.version;
  }
  const totalMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const meanMs = totalMs / GAMES;

  console.log(
    `Olathe game, ${PLAYERS} players, ${options.columns.join(',')}, ${options.throwsPerTurn} throws, random legal moves ` +
      `(${GAMES.toLocaleString('en')} games, ${Math.round(events / GAMES)} events a game)`,
  );
  console.log(line('mean per game', meanMs, 'ms', GAME_GOAL_MS));
  console.log(line('p99 per game', percentile(each, 0.99), 'ms', GAME_GOAL_MS));
  console.log(line('mean per game, CPU time (busy machine)', (cpu.user + cpu.system) / 1000 / GAMES, 'ms', null));
  console.log(line('mean per event', (totalMs / events) * 1000, 'µs', null));
  if (unfinished > 0) console.log(`  !! ${unfinished} games did not finish — the engine or this bench is wrong`);
}

/**
 * A fixed reference workload, so figures from different machines (or a busy one) can be compared:
 * a plain integer loop, which a modern desktop core runs at well under 1 ns an iteration.
 */
function machineReference(): void {
  const n = 100_000_000;
  let s = 0;
  const start = performance.now();
  for (let i = 0; i < n; i++) s += i & 7;
  const nsPerIteration = ((performance.now() - start) * 1e6) / n;
  sink += s & 1;
  console.log(`machine reference: integer loop ${nsPerIteration.toFixed(2)} ns/iteration (Node ${process.version})`);
}

export function run(): void {
  machineReference();
  benchScoring();
  benchGames();
  console.log(`  (checksum ${sink})`);
}
