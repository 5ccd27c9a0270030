// The soak's figures (soak.bench.ts): what each side process sends back, and the table printed from them,
// SQLite and PostgreSQL side by side, each figure beside its goal with PASS or MISS.
import type { CellCheck } from './checks';
import type { Stall } from './place';
import type { HeapReading } from './bots';
import { fmt as figure, printTable, verdict } from '../support/figures';
import type { LiveReading } from './heap';

export interface SideConfig {
  engine: 'sqlite' | 'postgres';
  /** The built tree whose dist/index.js runs. */
  treeDir: string;
  databaseUrl?: string;
  minutes: number;
  games: number;
  channels: number;
  thinkMs: [number, number];
  stallMs: number;
  seed: number;
}

export interface ProcessFigures {
  sent: number;
  answered: number;
  unanswered: number;
  p50: number;
  p99: number;
  cpuMsPerClick: number;
  /** Resident memory at minute 1 (or halfway through a shorter run) and at the end, MB. */
  rssEarly: number;
  rssEnd: number;
  /** Resident memory at the end of each whole minute, MB. */
  rssByMinute: number[];
}

export interface SideResult {
  engine: SideConfig['engine'];
  seconds: number;
  /** The RSS sample taken for "minute 1", seconds after the start. */
  earlyAt: number;
  gamesStarted: number;
  gamesFinished: number;
  bot: ProcessFigures;
  reference: ProcessFigures;
  refusals: {
    total: number;
    /** On the clicker's newest card, their previous click shown (Card: 'current' and 'went back'). */
    legal: number;
    byText: Array<{ text: string; count: number; legal: number; wentBack: number }>;
  };
  concurrent: number;
  unshown: { count: number; examples: string[] };
  /** Times a person's newest card showed an earlier moment than it had shown them before. */
  wentBack: { count: number; examples: string[] };
  /** The first few refusals of legal clicks, with the moments their card had shown. */
  refusedExamples: string[];
  stalls: Stall[];
  cells: CellCheck;
  breaches: { count: number; first: string[] };
  warnings: Array<{ message: string; count: number; first: string }>;
  problems: string[];
  mirrorSkipped: number;
  driverCpuMs: number;
  driverRssMb: number;
  /** The bot's JavaScript heap in use at each minute's end, MB (its /metrics). */
  heapByMinute: Array<HeapReading | null>;
  /** From minute 2 on: the heap after a full collection, and the RSS read right after it (heap.ts). */
  liveByMinute: Array<LiveReading | null>;
  /** The bot's CPU time over the run, ms (per event: divided by cells.events, every move of every seat). */
  botCpuMs: number;
  botExit: number | null;
  /** The bot process ended by itself mid-run: when, and its exit code. */
  died: { afterS: number; code: number | null } | null;
  /** The machine's mean 1-minute load average over the run (every process on it). */
  meanLoad: number;
}

/** A figure, or a dash where there is none (a reading not taken, a process gone before it). */
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? figure(n, digits) : '—');

interface Growth {
  from: number;
  to: number;
  pct: number;
}

/**
 * The minute the warm-up is over by. Memory outside V8's heap steps up while the first games end (each result's
 * score-sheet picture: its fonts, Skia's caches, glibc's heap), in minutes 2–4 at 60 games; from minute 4 on it
 * was flat or falling in every run of 2026-11-28 (8 and 10 minutes, loads 1.6–9.8), as was the live heap.
 */
const WARM_MINUTE = 4;

/** From the reading at WARM_MINUTE to the last one, of `of`; null when the run is too short to have both. */
function afterWarmUp(readings: SideResult['liveByMinute'], of: (r: LiveReading) => number): Growth | null {
  const taken = readings.filter((r): r is LiveReading => r !== null && r.minute >= WARM_MINUTE);
  const first = taken[0];
  const last = taken.at(-1);
  if (!first || !last || first === last || first.minute !== WARM_MINUTE) return null;
  return { from: of(first), to: of(last), pct: (of(last) / of(first) - 1) * 100 };
}

export function report(sides: SideResult[]): void {
  const rows: string[][] = [];
  const row = (what: string, cell: (s: SideResult) => string, goal = '') => rows.push([what, ...sides.map(cell), goal]);
  const growth = (p: ProcessFigures) => (p.rssEnd / p.rssEarly - 1) * 100;
  const lost = (s: SideResult) => s.cells.lost + s.cells.doubled + s.cells.mismatched + s.cells.incomplete;
  row(
    'bot process ran to the end',
    (s) => (s.died ? `ended at ${fmt(s.died.afterS)} s (exit ${s.died.code}) MISS` : 'yes PASS'),
    'yes',
  );
  row('games started / finished', (s) => `${fmt(s.gamesStarted)} / ${fmt(s.gamesFinished)}`);
  row('clicks answered (of sent)', (s) => `${fmt(s.bot.answered)} (${fmt(s.bot.sent)})`);
  row('not answered in 3 s', (s) => fmt(s.bot.unanswered), '0');
  row('refusals of legal clicks', (s) => `${fmt(s.refusals.legal)} ${verdict(s.refusals.legal === 0)}`, '0');
  row('all refusals', (s) => fmt(s.refusals.total));
  const stalled = (s: SideResult) => new Set(s.stalls.map((st) => st.gameId)).size;
  row('stalled games', (s) => `${fmt(stalled(s))} ${verdict(stalled(s) === 0)}`, '0');
  row('cells lost or doubled', (s) => `${fmt(lost(s))} ${verdict(lost(s) === 0)}`, '0');
  row('click p50 / p99, ms', (s) => `${fmt(s.bot.p50, 2)} / ${fmt(s.bot.p99, 1)}`);
  row('  do-nothing bot', (s) => `${fmt(s.reference.p50, 2)} / ${fmt(s.reference.p99, 1)}`);
  row('  ratio', (s) => `${fmt(s.bot.p50 / s.reference.p50, 2)}× / ${fmt(s.bot.p99 / s.reference.p99, 2)}×`);
  row('CPU per click, ms', (s) => fmt(s.bot.cpuMsPerClick, 2));
  row('  do-nothing bot', (s) => fmt(s.reference.cpuMsPerClick, 2));
  row('  ratio', (s) => `${fmt(s.bot.cpuMsPerClick / s.reference.cpuMsPerClick, 2)}×`);
  row('  bot CPU per game event, ms', (s) => fmt(s.botCpuMs / Math.max(1, s.cells.events), 2));
  row('RSS minute 1 → end, MB', (s) => `${fmt(s.bot.rssEarly, 1)} → ${fmt(s.bot.rssEnd, 1)}`);
  row(
    '  growth',
    (s) => `${growth(s.bot) >= 0 ? '+' : ''}${fmt(growth(s.bot), 1)} % ${verdict(growth(s.bot) <= 10)}`,
    '≤ 10 %',
  );
  row('  do-nothing bot', (s) => `${fmt(s.reference.rssEarly, 1)} → ${fmt(s.reference.rssEnd, 1)}`);
  // The goal the measurements support (README): after the warm-up, what the bot keeps does not grow.
  const live = (s: SideResult, of: (r: LiveReading) => number) => afterWarmUp(s.liveByMinute, of);
  const growthCell = (g: Growth | null, digits = 0) =>
    g
      ? `${fmt(g.from, digits)} → ${fmt(g.to, digits)}, ${g.pct >= 0 ? '+' : ''}${fmt(g.pct, 1)} % ${verdict(g.pct <= 10)}`
      : `— (needs ${WARM_MINUTE + 1} min)`;
  row(
    `live heap after full GC, min ${WARM_MINUTE} → end`,
    (s) =>
      growthCell(
        live(s, (r) => r.used),
        1,
      ),
    '≤ +10 %',
  );
  row(`RSS outside V8's heap, min ${WARM_MINUTE} → end`, (s) => growthCell(live(s, (r) => r.rss - r.total)), '≤ +10 %');
  const header = ['', ...sides.map((s) => (s.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL')), 'goal'];
  printTable(header, rows);
  for (const s of sides) details(s);
}

/** What lies behind the table's counts, per side: the refusals' words, the stalls, the bot's warnings. */
function details(s: SideResult): void {
  const name = s.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  console.log(
    `\n  ${name}: ${fmt(s.seconds)} s; RSS "minute 1" sampled at ${fmt(s.earlyAt)} s; ` +
      `machine load average ${fmt(s.meanLoad, 1)} on the mean over the run`,
  );
  console.log(
    `    clicks sent while another of the same game was unanswered: ${fmt(s.concurrent)}; ` +
      `answered but not shown on the card within 10 s: ${fmt(s.unshown.count)}`,
  );
  for (const e of s.unshown.examples.slice(0, 3)) console.log(`      not shown: ${e}`);
  const minutes = (p: ProcessFigures) => p.rssByMinute.map((mb) => fmt(mb)).join(', ');
  console.log(
    `    RSS at each minute's end, MB: the bot ${minutes(s.bot)}; the do-nothing bot ${minutes(s.reference)}`,
  );
  console.log(
    `    the bot's JavaScript heap then, MB in use / reserved / external: ${s.heapByMinute
      .map((h) => (h ? `${fmt(h.used)} / ${fmt(h.total)} / ${fmt(h.external)}` : '?'))
      .join(', ')}`,
  );
  console.log(
    `    after a full collection, MB live heap / reserved / RSS: ${s.liveByMinute
      .map((r) => (r ? `min ${r.minute} ${fmt(r.used)} / ${fmt(r.total)} / ${fmt(r.rss)}` : '?'))
      .join(', ')}`,
  );
  console.log(`    a card went back to an earlier moment: ${fmt(s.wentBack.count)}×`);
  for (const e of s.wentBack.examples.slice(0, 3)) console.log(`      went back: ${e}`);
  for (const r of s.refusals.byText) {
    const back = r.wentBack ? `, ${r.wentBack} of them on a card that went back` : '';
    console.log(`    refused ${r.count}× (${r.legal} legal on the newest card${back}): "${r.text}"`);
  }
  for (const e of s.refusedExamples.slice(0, 5)) console.log(`      refused: ${e}`);
  for (const st of s.stalls.slice(0, 10))
    console.log(
      `    stalled: game ${st.gameId} (${st.game}) silent ${fmt(st.silentMs / 1000, 1)} s, ` +
        `seats with live controls: ${st.liveSeats.join(', ') || 'none'}`,
    );
  const c = s.cells;
  console.log(
    `    database: ${Object.entries(c.statuses)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}; ${fmt(c.events)} events, ${fmt(c.cells)} cells written, ${fmt(c.seen)} seen written by people; ` +
      `lost ${c.lost}, doubled ${c.doubled}, state ≠ replay ${c.mismatched}, finished with a card not full ${c.incomplete}`,
  );
  for (const e of c.examples) console.log(`      ${e}`);
  if (s.breaches.count)
    console.log(`    Discord's rules broken ${s.breaches.count}×, first: ${s.breaches.first.join(' | ')}`);
  for (const w of s.warnings) console.log(`    bot logged ${w.count}× ${w.message}; first: ${w.first.slice(0, 300)}`);
  for (const p of s.problems) console.log(`    ${p}`);
  console.log(
    `    the driver (fake Discords and people) used ${fmt(s.driverCpuMs / 1000, 1)} s of CPU, ` +
      `${fmt(s.driverRssMb)} MB at the end; ` +
      `mirror clicks skipped while its copies were made: ${s.mirrorSkipped}; bot exit code ${s.botExit}`,
  );
}
