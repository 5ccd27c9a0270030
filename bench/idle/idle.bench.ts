// `npm run bench -- idle`: what the bot costs idle on each engine. The built bot as `npm start` runs it (dist/, its
// node flags), on SQLite and on PostgreSQL (DATABASE_URL, a throwaway local server writing to disk; the server's
// own CPU is not counted), both started side by side, each on its own loopback Discord, each with a solo Balut game
// open in its thread and some hold clicks made. Then both are left alone: first to settle (the clicks' aftermath —
// the Publisher's passes, V8's collections and compiles — is over by then), then their CPU time (user + system,
// from /proc) is read over several windows, the same seconds for both. Goal: PostgreSQL's CPU per second ≤ 2×
// SQLite's, judged on the median window; every window is printed, and the spread. The click bench measured this
// over 20 s right after its clicks, and three runs gave 1.11 / 6.50 / 0.58×: the clicks' aftermath, not the idle bot.
//
//   OLATHE_IDLE_SETTLE_S   seconds left alone before the first window (default 90)
//   OLATHE_IDLE_WINDOW_S   seconds a window (default 60)
//   OLATHE_IDLE_WINDOWS    windows (default 3)
//   OLATHE_BENCH_PROFILE   a folder: each bot writes a V8 CPU profile (--cpu-prof, a sample every 250 µs: an idle
//                          second's work is a few short tasks) under <folder>/<engine>/; its CPU figures then count
//                          the profiler too
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Launch, RunningBot } from '../support/bot';
import { builtLaunch, startBot } from '../support/bot';
import { fmt, machine, percentile, printTable, verdict } from '../support/figures';
import { sleep } from '../support/processes';
import { wholeEnv } from '../support/settings';
import { ROOT, buildIn, workingTree } from '../support/tree';
import type { PostgresServer } from '../../test/support/postgres';
import { freshDatabase, startPostgres } from '../../test/support/postgres';
import { HoldClicker } from '../support/hold-clicker';

/** Hold clicks each bot is sent before it is left alone: a bot that has been played, not one just started. */
const CLICKS = 100;
const GOAL = 2;
/**
 * After the last click V8's memory reducer, once it sees the process idle, runs full collections some seconds apart
 * (each tens of ms, more on a busy machine): from 20 s after the clicks SQLite's bot spent 4.8 ms/s over a minute,
 * 1.7 from 80 s on; from 60 s, at load average 19, 6.7 ms/s, then 2.0–2.3.
 */
const DEFAULT_SETTLE_S = 90;

/** CPU ms so far of a process's main thread (JavaScript, and V8's work on it) and of its other threads (V8's helpers
 * for garbage collection and compiling, libuv's). Node names them all alike, so only the main one stands out. Read
 * apart from the process's total, in ticks of 10 ms: over 60 s the split may differ from it by 0.17 ms/s. */
function threadCpu(pid: number): Record<string, number> {
  const groups: Record<string, number> = { main: 0, other: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended between the listing and the read
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    groups[tid === String(pid) ? 'main' : 'other']! += ms;
  }
  return groups;
}

interface Window {
  /** ms of CPU a second, per engine, and per thread group. */
  perSecond: number[];
  threads: Array<Record<string, number>>;
}

async function window(bots: readonly RunningBot[], seconds: number): Promise<Window> {
  const pids = bots.map((b) => b.child.pid!);
  const before = bots.map((b) => b.cpuMs());
  const threadsBefore = pids.map(threadCpu);
  await sleep(seconds * 1000);
  const perSecond = bots.map((b, i) => {
    const [start, end] = [before[i], b.cpuMs()];
    if (start === null || start === undefined || end === null)
      throw new Error('the bench reads CPU time from /proc, which this machine lacks');
    return (end - start) / seconds;
  });
  const threads = pids.map((pid, i) => {
    const after = threadCpu(pid);
    return Object.fromEntries(
      Object.entries(after).map(([k, v]) => [k, Math.max(0, v - (threadsBefore[i]![k] ?? 0)) / seconds]),
    );
  });
  return { perSecond, threads };
}

export async function run(): Promise<void> {
  const settleS = wholeEnv('OLATHE_IDLE_SETTLE_S', DEFAULT_SETTLE_S);
  const windowS = wholeEnv('OLATHE_IDLE_WINDOW_S', 60);
  const windows = wholeEnv('OLATHE_IDLE_WINDOWS', 3);
  console.log(`${machine()} at the start`);
  const here = workingTree(ROOT);
  const bots: RunningBot[] = [];
  let postgres: PostgresServer | null = null;
  try {
    buildIn(here);
    const profile = process.env.OLATHE_BENCH_PROFILE?.trim();
    const launch = (engine: string, env: NodeJS.ProcessEnv = {}): Launch => {
      const built = builtLaunch(ROOT);
      const node = profile
        ? [...built.node, '--cpu-prof', '--cpu-prof-interval=250', `--cpu-prof-dir=${resolve(profile, engine)}`]
        : built.node;
      return { ...built, node, env: { ...built.env, ...env } };
    };
    postgres = await startPostgres({ durable: true });
    const env = { DATABASE_URL: await freshDatabase(postgres), OLATHE_DAILY_SECRET: 'the-idle-bench-daily-secret' };
    const [onSqlite, onPostgres] = await Promise.all([
      startBot(here, launch('sqlite')),
      startBot(here, launch('postgres', env)),
    ]);
    bots.push(onSqlite, onPostgres);
    const players = [new HoldClicker(onSqlite), new HoldClicker(onPostgres)];
    for (const p of players) await p.setUp();
    for (let i = 0; i < CLICKS; i++) for (const p of players) await p.click();
    console.log(
      `the built bot on SQLite and on PostgreSQL, started side by side, a solo Balut game open in each and ` +
        `${CLICKS} hold clicks made; left alone ${settleS} s, then CPU (user + system, /proc) over ` +
        `${windows} windows of ${windowS} s, the same seconds for both`,
    );
    await sleep(settleS * 1000);
    const measured: Window[] = [];
    const header = [
      'window',
      'SQLite ms/s',
      'PostgreSQL ms/s',
      'ratio',
      'SQLite main / other threads',
      'PostgreSQL main / other threads',
    ];
    const rows: string[][] = [];
    const split = (t: Record<string, number>) => `${fmt(t.main!, 2)} / ${fmt(t.other!, 2)}`;
    for (let w = 0; w < windows; w++) {
      const m = await window(bots, windowS);
      measured.push(m);
      const [s, p] = m.perSecond as [number, number];
      rows.push([String(w + 1), fmt(s, 2), fmt(p, 2), `${fmt(p / s, 2)}×`, split(m.threads[0]!), split(m.threads[1]!)]);
      console.log(`  window ${w + 1}: SQLite ${fmt(s, 2)} ms/s, PostgreSQL ${fmt(p, 2)} ms/s, ${fmt(p / s, 2)}×`);
    }
    printTable(header, rows);
    const ratios = measured.map((m) => m.perSecond[1]! / m.perSecond[0]!);
    const range = (xs: number[]) => `${fmt(Math.min(...xs), 2)}–${fmt(Math.max(...xs), 2)}`;
    const median = percentile(ratios, 0.5);
    console.log(
      `  SQLite ${range(measured.map((m) => m.perSecond[0]!))} ms/s, PostgreSQL ` +
        `${range(measured.map((m) => m.perSecond[1]!))} ms/s; PostgreSQL / SQLite median ${fmt(median, 2)}×, ` +
        `${range(ratios)}× (goal ≤ ${GOAL}×: ${verdict(median <= GOAL)})`,
    );
  } finally {
    for (const b of bots) await b.stop().catch((e: unknown) => console.error(`stopping a bot: ${String(e)}`));
    await postgres?.stop();
  }
}
