// `npm run bench -- click`: click → acknowledgement latency of the real bot process (src/index.ts) against the
// loopback Discord, for the working tree ("candidate") beside an older commit ("baseline") in the same run.
// The machine is noisy, so the two are measured in interleaved rounds (the order alternating), each bot with its
// own fake Discord and database, and judged as ratios: the candidate's p50 and p99 ≤ 1.10 × the baseline's.
//
//   OLATHE_BENCH_BASELINE   a commit (default 449c976, main before the outbox work), unpacked with git archive
//   OLATHE_BENCH_CANDIDATE  a folder or a commit (default: the working tree); e.g. the baseline again as a noise check
//   OLATHE_BENCH_CLICKS     measured clicks per bot (default 1,000), after 100 warm-up clicks each
//
// A person's solo game is played: hold/release, throw, write via the select, declare a column in Olathe. The
// clock runs from just before the fake dispatches the click to the moment the fake has the bot's callback; the
// wait for the card to show the click (so the next click carries current stamps) is not measured.
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tree } from './click-support';
import { materialise, picker, startBot } from './click-support';
import { Player } from './player';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_BASELINE = '449c976';
const WARM_UP = 100;
// Short rounds: the noise of a busy machine changes within seconds, so each bot must sample every stretch of it.
const CLICKS_PER_ROUND = 5;
const GOAL_RATIO = 1.1;
// Here 400 clicks left the p50 ratio of a version against itself up to 6 % off 1; 1,000 keep it within about 3 %.
const DEFAULT_CLICKS = 1000;

// ---------- the report ----------

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

function stats(ms: number[]): { p50: number; p99: number; mean: number } {
  const sorted = Float64Array.from(ms).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { p50: at(50), p99: at(99), mean: ms.reduce((a, b) => a + b, 0) / ms.length };
}

/**
 * How much the ratios move when the rounds are resampled (with replacement, each round's pair kept together):
 * a ratio whose interval straddles the goal is noise-bound. It is the spread within one run only; two processes
 * of the same code also differ (here up to 5 % on p50 and 30 % on p99), so judge p99 over repeated runs.
 */
function resampledRatios(candidate: number[], baseline: number[]): Record<'p50' | 'p99', [number, number]> {
  const pick = picker(7);
  const rounds = Math.ceil(candidate.length / CLICKS_PER_ROUND);
  const ratios = { p50: [] as number[], p99: [] as number[] };
  for (let i = 0; i < 400; i++) {
    const c: number[] = [];
    const b: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const at = pick(rounds) * CLICKS_PER_ROUND;
      c.push(...candidate.slice(at, at + CLICKS_PER_ROUND));
      b.push(...baseline.slice(at, at + CLICKS_PER_ROUND));
    }
    const [sc, sb] = [stats(c), stats(b)];
    ratios.p50.push(sc.p50 / sb.p50);
    ratios.p99.push(sc.p99 / sb.p99);
  }
  const interval = (xs: number[]): [number, number] => {
    const sorted = Float64Array.from(xs).sort();
    return [sorted[Math.floor(sorted.length * 0.025)]!, sorted[Math.floor(sorted.length * 0.975)]!];
  };
  return { p50: interval(ratios.p50), p99: interval(ratios.p99) };
}

function wholeEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]?.trim() || fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1, got "${process.env[name]}"`);
  return n;
}

export async function run(): Promise<void> {
  const clicks = wholeEnv('OLATHE_BENCH_CLICKS', DEFAULT_CLICKS);
  const rounds = Math.ceil(clicks / CLICKS_PER_ROUND);
  const [load] = os.loadavg();
  console.log(`machine: ${os.cpus().length} cores, load average ${fmt(load ?? 0, 2)} at the start`);

  const trees: Tree[] = [];
  const players: Player[] = [];
  try {
    const candidateSpec = process.env.OLATHE_BENCH_CANDIDATE?.trim();
    const candidateTree = candidateSpec
      ? materialise(ROOT, candidateSpec)
      : { label: 'working tree', dir: ROOT, dispose: () => {} };
    trees.push(candidateTree);
    let baselineTree: Tree | null = null;
    const baselineSpec = process.env.OLATHE_BENCH_BASELINE?.trim() || DEFAULT_BASELINE;
    try {
      baselineTree = materialise(ROOT, baselineSpec);
      trees.push(baselineTree);
    } catch (error) {
      const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
      console.log(
        `baseline ${baselineSpec} could not be unpacked (${why}): measuring the candidate alone, with no ratio`,
      );
    }
    const candidate = new Player(
      await startBot(candidateTree).catch((error: unknown) => {
        throw new Error(
          `the candidate did not start (a tree mid-edit? OLATHE_BENCH_CANDIDATE=<folder or commit> measures another): ${String(error)}`,
        );
      }),
    );
    players.push(candidate);
    const baseline = baselineTree ? new Player(await startBot(baselineTree)) : null;
    if (baseline) players.push(baseline);
    const names = new Map<Player, string>([[candidate, `candidate ${candidateTree.label}`]]);
    if (baseline) names.set(baseline, `baseline  ${baselineTree!.label}`);

    for (const p of players) await p.measure(WARM_UP);
    for (const p of players) p.latencies.length = 0;
    const cpuBefore = new Map(players.map((p) => [p, p.bot.cpuMs()]));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? players : [...players].reverse();
      const n = Math.min(CLICKS_PER_ROUND, clicks - round * CLICKS_PER_ROUND);
      for (const p of order) await p.measure(n);
    }

    console.log(
      `click → acknowledgement (real bot process, loopback Discord, solo Olathe/Balut games): ${fmt(clicks)} clicks per bot ` +
        `in ${rounds} interleaved rounds of ≤ ${CLICKS_PER_ROUND} after ${WARM_UP} warm-up clicks`,
    );
    for (const p of players) {
      const s = stats(p.latencies);
      console.log(
        `  ${names.get(p)}: p50 ${fmt(s.p50, 2)} ms, p99 ${fmt(s.p99, 2)} ms, mean ${fmt(s.mean, 2)} ms (${p.games} games)`,
      );
      if (p.stuck.length)
        console.log(`    ${p.stuck.length} game(s) got stuck and were ended; the first: ${p.stuck[0]}`);
    }
    if (baseline) {
      const c = stats(candidate.latencies);
      const b = stats(baseline.latencies);
      const spread = resampledRatios(candidate.latencies, baseline.latencies);
      for (const key of ['p50', 'p99'] as const) {
        const ratio = c[key] / b[key];
        console.log(
          `  candidate / baseline ${key}: ${fmt(ratio, 2)}× (95 % of resamplings of the rounds: ${fmt(spread[key][0], 2)}–${fmt(spread[key][1], 2)}) ` +
            `— goal ≤ ${fmt(GOAL_RATIO, 2)}×: ${verdict(ratio <= GOAL_RATIO)}`,
        );
      }
      console.log(`  candidate / baseline mean: ${fmt(c.mean / b.mean, 2)}×`);
    }
    // CPU per click is the steadier figure on a shared machine: it does not count waiting for a core.
    const cpu = players.map((p) => {
      const [before, after] = [cpuBefore.get(p), p.bot.cpuMs()];
      return `${names.get(p)!.split(' ')[0]} ${before === null || before === undefined || after === null ? '?' : fmt((after - before) / clicks, 2)} ms`;
    });
    console.log(`bot process CPU time per measured click (user + system, 10 ms ticks): ${cpu.join(', ')}`);
    const rss = players.map(
      (p) => `${names.get(p)!.split(' ')[0]} ${p.bot.rssMb() === null ? '?' : fmt(p.bot.rssMb()!, 1)} MB`,
    );
    console.log(`resident memory of the bot processes at the end (VmRSS): ${rss.join(', ')}`);
    for (const p of players) {
      const breaches = p.bot.fake.breaches;
      if (breaches.length)
        console.log(`  ${names.get(p)} broke Discord's rules ${breaches.length}×, first: ${breaches[0]}`);
    }
  } finally {
    for (const p of players) await p.bot.stop().catch((e: unknown) => console.error(`stopping a bot: ${String(e)}`));
    for (const t of trees) t.dispose();
  }
}
