// What the tournament bench prints: each engine's start of a night (on the loopback Discord as it is, and with
// Discord's rate limits modelled), the requests of that start by route, and the CPU a move at the night's tables
// against a lone game's, beside the goals.
import type { LoggedRequest } from '../../src/fake-discord';
import { fmt, percentile, printTable, verdict } from '../support/figures';
import type { Refusal } from '../support/rate-limits';
import { routeOf } from '../support/rate-limits';
import type { StartFigures } from './night';
import type { Stretch } from './play';

export const GOALS = {
  /** With the rate limits modelled: the last table's first turn after Start now, ms. */
  lastFirstTurnMs: 30_000,
  /** A move at a night's tables, CPU against a lone game's. */
  cpuRatio: 1.2,
};

/** A night's start: its figures, what the bot sent from the click until it went quiet, the bot's CPU. */
export interface StartRun {
  label: string;
  tables: number;
  figures: StartFigures;
  requests: LoggedRequest[];
  refusals: Refusal[];
  /** From the click until the bot went quiet. */
  settledMs: number;
  cpuMs: number;
  /** Tables (games of round 1) in the database, and those without their thread. */
  games: number;
  gamesWithoutThread: number;
}

export interface EngineRun {
  engine: string;
  lone: Stretch;
  night: Stretch;
  starts: StartRun[];
  /** 429s the relay answered over the whole run, sign-ups included. */
  refusalsTotal: number;
  breaches: string[];
  unknownRoutes: string[];
  /** The bot's warn and error lines, the first few. */
  problems: string[];
  problemCount: number;
}

const perMove = (s: Stretch) => s.cpuMs / Math.max(1, s.moves.events);

function printStart(run: StartRun): void {
  const times = [...run.figures.firstTurns.values()];
  const last = times.length ? Math.max(...times) : NaN;
  const lost = run.figures.missing + run.gamesWithoutThread;
  const global = run.refusals.filter((r) => r.global).length;
  console.log(`  ${run.label}: ${run.tables} tables`);
  console.log(
    `    Start now acknowledged in ${fmt(run.figures.ackMs)} ms; first turns shown ${times.length} of ${run.tables}: ` +
      `first ${fmt(Math.min(...times))} ms, median ${fmt(percentile(times, 0.5))} ms, last ${fmt(last)} ms after the click`,
  );
  console.log(
    `    tables in the database ${run.games}, without a thread ${run.gamesWithoutThread}; threads started ` +
      `${run.figures.threads}; lost tables ${lost} (goal 0: ${verdict(lost === 0)})`,
  );
  console.log(
    `    ${fmt(run.requests.length)} requests until the bot went quiet (${fmt(run.settledMs)} ms after the click), ` +
      `bot CPU ${fmt(run.cpuMs)} ms (${fmt(run.cpuMs / run.tables, 1)} ms a table); 429s ${run.refusals.length} ` +
      `(global ${global}), other 4xx ${run.requests.filter((r) => r.status >= 400 && r.status !== 429).length}`,
  );
}

function printRoutes(starts: readonly StartRun[]): void {
  const routes = new Map<string, number[]>();
  starts.forEach((run, i) => {
    const count = (route: string) => {
      const row = routes.get(route) ?? starts.map(() => 0);
      row[i]!++;
      routes.set(route, row);
    };
    for (const r of run.requests) count(routeOf(r.method, r.path));
    for (const r of run.refusals) count(`${r.route} → 429`);
  });
  const rows = [...routes.entries()].sort((a, b) => b[1][0]! - a[1][0]! || a[0].localeCompare(b[0]));
  printTable(
    ['route', ...starts.map((s) => s.label)],
    rows.map(([route, counts]) => [route, ...counts.map((c) => fmt(c))]),
  );
}

function printStretch(label: string, s: Stretch, lone?: Stretch): void {
  const ratio = lone ? perMove(s) / perMove(lone) : null;
  console.log(
    `  ${label}: ${fmt(s.wallMs / 1000, 1)} s, ${fmt(s.moves.events)} moves (${fmt(s.moves.turns)} turns; people ` +
      `played ${s.played}, failed ${s.failed}), bot CPU ${fmt(s.cpuMs)} ms: ${fmt(perMove(s), 2)} ms a move` +
      (ratio === null
        ? ''
        : `, ${fmt(ratio, 2)}× the lone game's (goal ≤ ${GOALS.cpuRatio}×: ${verdict(ratio <= GOALS.cpuRatio)})`),
  );
  for (const f of s.failures) console.log(`    a failed turn: ${f}`);
}

export function report(run: EngineRun): void {
  console.log(`\n${run.engine}`);
  for (const start of run.starts) printStart(start);
  const paced = run.starts.at(-1)!;
  // A table never shown has no last first turn: the goal is missed.
  const last = paced.figures.missing > 0 ? NaN : Math.max(...paced.figures.firstTurns.values());
  console.log(
    `  with the rate limits modelled, the last table's first turn ${fmt(last)} ms after Start now ` +
      `(goal ≤ ${fmt(GOALS.lastFirstTurnMs)} ms: ${verdict(last <= GOALS.lastFirstTurnMs)}); ` +
      `429s ${paced.refusals.length} (goal 0: ${verdict(paced.refusals.length === 0)}), ` +
      `${run.refusalsTotal} over the whole run, the paced night's sign-up included`,
  );
  console.log('  requests from Start now until the bot went quiet, by route:');
  printRoutes(run.starts);
  printStretch('a lone game (2 people, 2 computer players)', run.lone);
  printStretch(`the night's tables`, run.night, run.lone);
  console.log(
    `  spec breaches ${run.breaches.length}, unknown routes ${run.unknownRoutes.length} (goal 0: ` +
      `${verdict(run.breaches.length + run.unknownRoutes.length === 0)}); the bot's warn and error lines ${run.problemCount}`,
  );
  for (const b of [...run.breaches, ...run.unknownRoutes].slice(0, 5)) console.log(`    ${b}`);
  for (const p of run.problems) console.log(`    ${p}`);
}
