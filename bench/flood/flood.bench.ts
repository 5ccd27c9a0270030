// `npm run bench -- flood`: what bad actors cost the built bot (dist/, as `npm start` runs it, on SQLite, its log at
// info as an operator runs it, in JSON to tell whose each line is). A solo Balut player holds and releases dice in
// the game's thread while accounts nobody seated send bad interactions (visitors.ts): strangers clicking the
// player's buttons, spammers of /olathe help, leaderboard, stats, hint, daily and start, forgers of custom_ids.
//
//   1. Latency: the player's click → acknowledgement in interleaved phases, alone and during a flood paced at 150
//      bad interactions a second from 6 accounts, the same clicks in each, so both sample the same machine noise.
//      Goals: p99 during the flood ≤ 1.5× alone, no legal click refused.
//   2. Throughput: bad interactions sent as fast as the bot answers them, a bounded number in flight: answered a
//      second, and per second of the bot's CPU (one core). It waits for the bot's minute reconcile first, which
//      may redraw the card after the player's own clicks.
//   3. Memory: RSS before and after 100,000 bad interactions from 1,000 accounts, each read after 10 s idle.
//      Goal: within 20 MB of before.
// Throughout, from the loopback Discord's request log and the bot's own log (effects.ts): no request refused by
// Discord (4xx), no public message posted, edited or deleted and no REST call but the answers because of the flood
// (beside the player's clicks: beyond what as many clicks alone caused), and at most one log line per person and
// kind a minute besides the answers given.
//
//   OLATHE_BENCH_FLOOD_CLICKS       the player's measured clicks, alone and during the flood each (default 1,000)
//   OLATHE_BENCH_FLOOD_ROUNDS       phases of each, alternating (default 10)
//   OLATHE_BENCH_FLOOD_RATE         bad interactions a second during the flood phases (default 150)
//   OLATHE_BENCH_FLOOD_ACCOUNTS     accounts they come from (default 6)
//   OLATHE_BENCH_FLOOD_BURST        bad interactions of the throughput part (default 10,000)
//   OLATHE_BENCH_FLOOD_TOTAL        bad interactions of the memory part (default 100,000)
//   OLATHE_BENCH_FLOOD_VISITORS     accounts they come from (default 1,000)
//   OLATHE_BENCH_FLOOD_CONCURRENCY  in flight at once in the throughput and memory parts (default 64)
//   OLATHE_BENCH_FLOOD_TREE         a commit or folder to run instead of the working tree (built in a temp folder)
import type { RunningBot } from '../support/bot';
import { builtLaunch, startBot } from '../support/bot';
import { fmt, machine } from '../support/figures';
import { HoldClicker } from '../support/hold-clicker';
import { sleep } from '../support/processes';
import { wholeEnv } from '../support/settings';
import { ROOT, buildIn, materialise, workingTree } from '../support/tree';
import { Watch, addStretch, emptyStretch, logRule } from './effects';
import type { Part, Settings } from './report';
import { report } from './report';
import { Tally, Visitors, pacedFlood, saturate } from './visitors';

const WARM_UP_CLICKS = 100;
const WARM_UP_FLOOD_MS = 2_000;
/** Between phases: the flood's last answers are in, and what they left behind logged. */
const GAP_MS = 300;
/** RSS is read after as long a pause before the flood as after it: V8 shrinks an idle heap after some seconds. */
const IDLE_MS = 10_000;
/** A refusal's summary line is written when its minute is up: the bench waits for the last ones. */
const LOG_MINUTE_MS = 65_000;

/** The player's click, timed; a refused or unanswered one is counted, not thrown. */
async function clickOnce(player: HoldClicker, into: number[], failures: string[]): Promise<void> {
  try {
    into.push(await player.click());
  } catch (error) {
    failures.push(String(error).split('\n')[0]!);
  }
}

async function latencyPart(player: HoldClicker, visitors: Visitors, s: Settings, watch: Watch) {
  const perRound = Math.ceil(s.clicks / s.rounds);
  const quiet: number[] = [];
  const flood: number[] = [];
  const failures = { quiet: [] as string[], flood: [] as string[] };
  const stretches = { warmUp: emptyStretch(), alone: emptyStretch(), quiet: emptyStretch(), flood: emptyStretch() };
  const tally = new Tally();
  let floodMs = 0;
  let skipped = 0;
  // Warm-up, unmeasured: the player's path alone, then the flood's alone (the bot's first answer of each kind).
  for (let i = 0; i < WARM_UP_CLICKS; i++) await clickOnce(player, [], failures.quiet);
  await sleep(GAP_MS);
  addStretch(stretches.warmUp, watch.take());
  const warm = pacedFlood(visitors, s.rate, new Tally());
  await sleep(WARM_UP_FLOOD_MS);
  await warm.stop();
  await sleep(GAP_MS);
  addStretch(stretches.alone, watch.take());
  for (let round = 0; round < 2 * s.rounds; round++) {
    const flooding = round % 2 === 1;
    const n = Math.min(perRound, s.clicks - Math.floor(round / 2) * perRound);
    const paced = flooding ? pacedFlood(visitors, s.rate, tally) : null;
    for (let i = 0; i < n; i++)
      await clickOnce(player, flooding ? flood : quiet, failures[flooding ? 'flood' : 'quiet']);
    if (paced) {
      const done = await paced.stop();
      floodMs += done.ms;
      skipped += done.skipped;
    }
    await sleep(GAP_MS);
    addStretch(stretches[flooding ? 'flood' : 'quiet'], watch.take());
  }
  return { quiet, flood, failures, stretches, tally, floodMs, skipped };
}

async function throughputPart(bot: RunningBot, visitors: Visitors, s: Settings, watch: Watch): Promise<Part> {
  const tally = new Tally();
  const [cpu, bench, started] = [bot.cpuMs()!, process.cpuUsage(), performance.now()];
  await saturate(visitors, s.burst, s.concurrency, tally);
  const ms = performance.now() - started;
  const botCpuMs = bot.cpuMs()! - cpu;
  const benchCpu = process.cpuUsage(bench);
  const benchCpuMs = (benchCpu.user + benchCpu.system) / 1000;
  return { tally, ms, botCpuMs, benchCpuMs, stretch: watch.take() };
}

async function memoryPart(bot: RunningBot, visitors: Visitors, s: Settings, watch: Watch) {
  const tally = new Tally();
  await sleep(IDLE_MS);
  const before = bot.rssMb()!;
  const stretch = watch.take();
  const [cpu, started] = [bot.cpuMs()!, performance.now()];
  let peak = before;
  await saturate(visitors, s.total, s.concurrency, tally, (sent) => {
    const rss = bot.rssMb()!;
    peak = Math.max(peak, rss);
    // The fake's request log is read and forgotten as it goes, or the bench would hold every one of them.
    addStretch(stretch, watch.take());
    console.log(
      `  … ${fmt(sent)} of ${fmt(s.total)} sent, ${fmt(performance.now() - started)} ms, RSS ${fmt(rss, 1)} MB`,
    );
  });
  const ms = performance.now() - started;
  const botCpuMs = bot.cpuMs()! - cpu;
  const atOnce = bot.rssMb()!;
  peak = Math.max(peak, atOnce);
  await sleep(IDLE_MS);
  const after = bot.rssMb()!;
  await sleep(LOG_MINUTE_MS - IDLE_MS);
  const minute = bot.rssMb()!;
  addStretch(stretch, watch.take());
  return { part: { tally, ms, botCpuMs, stretch }, rss: { idleMs: IDLE_MS, before, atOnce, peak, after, minute } };
}

export async function run(): Promise<void> {
  const s: Settings = {
    clicks: wholeEnv('OLATHE_BENCH_FLOOD_CLICKS', 1000),
    rounds: wholeEnv('OLATHE_BENCH_FLOOD_ROUNDS', 10),
    rate: wholeEnv('OLATHE_BENCH_FLOOD_RATE', 150),
    accounts: wholeEnv('OLATHE_BENCH_FLOOD_ACCOUNTS', 6),
    burst: wholeEnv('OLATHE_BENCH_FLOOD_BURST', 10_000),
    total: wholeEnv('OLATHE_BENCH_FLOOD_TOTAL', 100_000),
    visitors: wholeEnv('OLATHE_BENCH_FLOOD_VISITORS', 1000),
    concurrency: wholeEnv('OLATHE_BENCH_FLOOD_CONCURRENCY', 64),
  };
  const spec = process.env.OLATHE_BENCH_FLOOD_TREE?.trim();
  const tree = spec ? materialise(ROOT, spec) : workingTree(ROOT);
  let bot: RunningBot | null = null;
  try {
    buildIn(tree);
    console.log(`${machine()} at the start; running ${tree.label}`);
    const launch = builtLaunch(tree.dir);
    bot = await startBot(tree, { ...launch, env: { ...launch.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json' } });
    // A day-long turn: the turn clock must not play the player's turn while the bench runs.
    const player = new HoldClicker(bot, { 'turn-timeout': 1440 });
    await player.setUp();
    const flooders = Visitors.accounts(bot.fake, s.accounts, 'flooder');
    const visitors = Visitors.accounts(bot.fake, s.visitors, 'visitor');
    const card = player.card();
    // The game's thread was started from its lobby message, whose id it takes.
    const watch = new Watch(bot, {
      channels: { [bot.fake.channelId]: '#dice', [card.channelId]: 'thread' },
      messages: { [card.id]: 'card', [card.channelId]: 'lobby' },
    });
    console.log(`  latency: the player alone and during a flood of ${s.rate} a second, interleaved …`);
    const latency = await latencyPart(player, new Visitors(bot.fake, player, flooders, 1), s, watch);
    // The minute's reconcile may redraw the card after the player's own clicks: that is left behind first.
    console.log("  the player's card settling: waiting for the minute's reconcile …");
    await watch.nextReconcile();
    await sleep(GAP_MS);
    const settling = watch.take();
    console.log(`  throughput: ${fmt(s.burst)} bad interactions, ${s.concurrency} in flight …`);
    const throughput = await throughputPart(bot, new Visitors(bot.fake, player, flooders, 2), s, watch);
    console.log(`  memory: ${fmt(s.total)} bad interactions from ${fmt(s.visitors)} accounts …`);
    const memory = await memoryPart(bot, new Visitors(bot.fake, player, visitors, 3), s, watch);
    const everyone = new Set([...flooders, ...visitors].map((u) => u.id));
    const log = logRule(bot.log().slice(watch.start), everyone);
    report({ settings: s, latency, settling, throughput, memory, log, breaches: watch.breaches });
  } finally {
    await bot?.stop();
    tree.dispose();
  }
}
