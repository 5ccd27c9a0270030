// `npm run bench -- click`: what a hold click costs the bot as it ships (dist/, `npm start`'s node flags), measured
// side by side with the do-nothing discord.js bot (bench/support/do-nothing-bot.mjs) in the same run, each on its own
// loopback Discord. The bot's player holds and releases dice on a solo Balut card in the game's thread (the
// default path); the do-nothing bot is sent the same hold clicks on a card-shaped message in a thread. The
// do-nothing bot is the reference because it does not move: a baseline that is an earlier commit of our own
// hid a 4× regression once (issue 21). Rounds of a few clicks interleave the bots, the order alternating, so
// all sample every stretch of a noisy machine. Goals, as ratios to the do-nothing bot: CPU per click ≤ 1.5×,
// click → acknowledgement p50 ≤ 1.15× and p99 ≤ 1.3×, resident memory at the end ≤ 1.2×. A third bot, the echo
// bot (bench/click/echo-bot.mjs), answers each click with the card as it was and does nothing else: what answering with
// a card costs by itself, so the bot / echo ratios are what the game's own work costs. A fourth, the echo bot
// saving each click in a SQLite file first (one INSERT, the bot's journal settings), is the floor under any bot
// that saves a click there before answering it. A fifth, the same bot on PostgreSQL (DATABASE_URL, a local
// server), is judged on issue 22's goal: p50 ≤ 1.3× the do-nothing bot's; a sixth, the echo bot saving each
// click on that server in one round trip first, is the floor under it. Issue 36's goals, against those floors, with
// the round trips a hold makes on PostgreSQL (counted by a relay in front of the server, which the floor passes
// through too, uncounted), are printed last (floors.ts); its goal for the bot idle on each engine is measured
// by `npm run bench -- idle` (bench/idle/).
//
//   OLATHE_BENCH_CLICKS     measured clicks per bot (default 1,000)
//   OLATHE_BENCH_WARMUP     warm-up clicks per bot before them (default 100). V8 optimises code that runs once a
//                           click only after some thousands of clicks: 3,000 shows a bot that has been running
//   OLATHE_BENCH_BEFORE     also an earlier commit, built, shown beside (never instead of) the reference, on SQLite
//                           and on PostgreSQL
//   OLATHE_BENCH_BOT_FLAGS  also the bot with these node/V8 flags after npm start's, shown beside
//   OLATHE_BENCH_PROFILE    a folder: each bot writes V8 CPU profiles (--cpu-prof) under <folder>/<its script>/
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Launch, RunningBot, Tree } from '../support/bot';
import {
  DO_NOTHING,
  ECHO,
  buildIn,
  builtLaunch,
  materialise,
  percentiles,
  startBot,
  wholeEnv,
  workingTree,
} from '../support/bot';
import type { PostgresServer } from '../../test/support/postgres';
import { freshDatabase, startPostgres } from '../../test/support/postgres';
import type { ClickParts } from './floors';
import { floorsTable } from './floors';
import type { RoundTripRelay } from '../../test/integration/storage/round-trips';
import { startRoundTripRelay } from '../../test/integration/storage/round-trips';
import type { Clicker } from '../support/hold-clicker';
import { HoldClicker, MirrorClicker } from '../support/hold-clicker';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_WARM_UP = 100;
const CLICKS_PER_ROUND = 5;
const DEFAULT_CLICKS = 1000;
/** After the last click, the work a click leaves behind (the Publisher's pass) is counted too. */
const SETTLE_MS = 1000;
const GOALS = { cpu: 1.5, p50: 1.15, p99: 1.3, rss: 1.2 };
/** Issue 22's goal for the bot on PostgreSQL: click → acknowledgement p50 within 1.3× the do-nothing bot's. */
const POSTGRES_P50_GOAL = 1.3;
const ON_POSTGRES = 'bot on PostgreSQL';
const ECHO_ON_POSTGRES = 'echo bot saving on PostgreSQL';
const BOT = 'bot (dist/index.js)';
const ECHO_ON_SQLITE = 'echo bot saving on SQLite';
const DO_NOTHING_NAME = 'do-nothing bot';

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface Measured {
  name: string;
  clicker: Clicker;
  cpuMs: number;
  /** Of cpuMs, the kernel's share: mostly the loopback's TCP, which grows with what a click sends. */
  systemMs: number;
  rssMb: number;
}

const settle = () => new Promise((done) => setTimeout(done, SETTLE_MS));

/** The round trips of one clicker's clicks, one count per measured click. */
interface Counted {
  clicker: Clicker;
  relay: RoundTripRelay;
  trips: number[];
  /** Each click of these (the bot and its floor on PostgreSQL) split at its last wait for the server. */
  parts: Map<Clicker, ClickParts[]>;
}

async function measure(
  clickers: Array<{ name: string; clicker: Clicker }>,
  clicks: number,
  warmUp: number,
  counted: Counted,
): Promise<Measured[]> {
  for (const { clicker } of clickers) for (let i = 0; i < warmUp; i++) await clicker.click();
  await settle();
  const cpuBefore = clickers.map(({ clicker }) => clicker.bot.cpuTimes());
  for (let round = 0; round * CLICKS_PER_ROUND < clicks; round++) {
    const order = round % 2 === 0 ? clickers : [...clickers].reverse();
    const n = Math.min(CLICKS_PER_ROUND, clicks - round * CLICKS_PER_ROUND);
    for (const { clicker } of order)
      for (let i = 0; i < n; i++) {
        const before = counted.relay.count;
        const ms = await clicker.click();
        clicker.latencies.push(ms);
        if (clicker === counted.clicker) counted.trips.push(counted.relay.count - before);
        const wait = counted.relay.lastWait;
        const dispatched = clicker.lastDispatchedAt;
        // This click's wait: sent after its dispatch, answered before its answer reached the fake.
        if (wait?.answered && wait.sent >= dispatched && wait.answered <= dispatched + ms)
          counted.parts.get(clicker)?.push({
            toServer: wait.sent - dispatched,
            atServer: wait.answered - wait.sent,
            toAnswer: dispatched + ms - wait.answered,
          });
      }
  }
  await settle();
  return clickers.map(({ name, clicker }, i) => {
    const [before, after, rss] = [cpuBefore[i], clicker.bot.cpuTimes(), clicker.bot.rssMb()];
    if (!before || !after || rss === null)
      throw new Error('the bench reads CPU time and memory from /proc, which this machine lacks');
    const [user, system] = [after.user - before.user, after.system - before.system];
    return { name, clicker, cpuMs: (user + system) / clicks, systemMs: system / clicks, rssMb: rss };
  });
}

const byName = (measured: Measured[], name: string) => measured.find((m) => m.name === name);

function report(measured: Measured[], clicks: number, warmUp: number): void {
  const [reference, ...others] = measured;
  const ref = { ...percentiles(reference!.clicker.latencies), cpu: reference!.cpuMs, rss: reference!.rssMb };
  console.log(
    `${fmt(clicks)} hold clicks per bot on a solo Balut card in a thread, in interleaved rounds of ${CLICKS_PER_ROUND} ` +
      `after ${fmt(warmUp)} warm-up clicks; CPU = user + system time of the bot process over the clicks and ${SETTLE_MS} ms after`,
  );
  const rows = measured.map((m) => {
    const p = percentiles(m.clicker.latencies);
    return [m.name, fmt(m.cpuMs, 2), fmt(m.systemMs, 2), fmt(p.p50, 2), fmt(p.p99, 2), fmt(m.rssMb, 1)];
  });
  const header = ['', 'CPU ms/click', 'of it kernel', 'p50 ms', 'p99 ms', 'RSS MB'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows])
    console.log('  ' + row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  for (const m of others) {
    const p = percentiles(m.clicker.latencies);
    const ratios = { cpu: m.cpuMs / ref.cpu, p50: p.p50 / ref.p50, p99: p.p99 / ref.p99, rss: m.rssMb / ref.rss };
    const judged = m === others[0];
    const parts = (Object.keys(ratios) as Array<keyof typeof ratios>).map((k) => {
      const goal = judged ? GOALS[k] : m.name === ON_POSTGRES && k === 'p50' ? POSTGRES_P50_GOAL : null;
      const verdict = goal === null ? '' : ` (goal ≤ ${fmt(goal, 2)}×: ${ratios[k] <= goal ? 'PASS' : 'MISS'})`;
      return `${k} ${fmt(ratios[k], 2)}×${verdict}`;
    });
    console.log(`  ${m.name} / ${reference!.name}: ${parts.join(', ')}`);
  }
  const pairs = [
    [others[0], others[1], "the game's own work, beyond answering with the card"],
    [byName(measured, BOT), byName(measured, ECHO_ON_SQLITE), 'the same, beyond saving one row first'],
    [byName(measured, ON_POSTGRES), byName(measured, ECHO_ON_POSTGRES), 'the same, beyond one round trip to save'],
    [
      byName(measured, BOT),
      measured.find((m) => m.name.startsWith('before: ')),
      'this tree against the earlier commit',
    ],
    [
      byName(measured, ON_POSTGRES),
      measured.find((m) => m.name.startsWith('before on PostgreSQL: ')),
      'the same on PostgreSQL',
    ],
  ] as const;
  for (const [bot, echo, what] of pairs) {
    if (!bot || !echo) continue;
    const [b, e] = [percentiles(bot.clicker.latencies), percentiles(echo.clicker.latencies)];
    console.log(
      `  ${bot.name} / ${echo.name}: cpu ${fmt(bot.cpuMs / echo.cpuMs, 2)}×, p50 ${fmt(b.p50 / e.p50, 2)}×, ` +
        `p99 ${fmt(b.p99 / e.p99, 2)}× — ${what}`,
    );
  }
  for (const m of measured)
    if (m.clicker.bot.fake.breaches.length)
      console.log(
        `  ${m.name} broke Discord's rules ${m.clicker.bot.fake.breaches.length}×: ${m.clicker.bot.fake.breaches[0]}`,
      );
}

export async function run(): Promise<void> {
  const clicks = wholeEnv('OLATHE_BENCH_CLICKS', DEFAULT_CLICKS);
  const warmUp = wholeEnv('OLATHE_BENCH_WARMUP', DEFAULT_WARM_UP);
  const [load] = os.loadavg();
  console.log(`machine: ${os.cpus().length} cores, load average ${fmt(load ?? 0, 2)} at the start`);
  const here = workingTree(ROOT);
  const trees: Tree[] = [];
  const bots: RunningBot[] = [];
  let postgres: PostgresServer | null = null;
  let relay: RoundTripRelay | null = null;
  try {
    buildIn(here);
    const profile = process.env.OLATHE_BENCH_PROFILE?.trim();
    const profiled = (launch: Launch): Launch =>
      profile
        ? { ...launch, node: [...launch.node, '--cpu-prof', `--cpu-prof-dir=${resolve(profile, launch.bot)}`] }
        : launch;
    const beforeSpec = process.env.OLATHE_BENCH_BEFORE?.trim();
    const before = beforeSpec ? materialise(ROOT, beforeSpec) : null;
    if (before) {
      trees.push(before);
      buildIn(before);
    }
    const start = async (tree: Tree, launch: Launch) => {
      bots.push(await startBot(tree, profiled(launch)));
      return bots.at(-1)!;
    };
    const player = new HoldClicker(await start(here, builtLaunch(ROOT)));
    await player.setUp();
    const mirror = new MirrorClicker(await start(here, DO_NOTHING), player);
    await mirror.setUp();
    const echo = new MirrorClicker(await start(here, ECHO), player);
    await echo.setUp();
    const echoOnSqlite = new MirrorClicker(await start(here, { ...ECHO, env: { OLATHE_ECHO_SAVE: 'sqlite' } }), player);
    await echoOnSqlite.setUp();
    // The same bot on PostgreSQL (DATABASE_URL), on a throwaway local server that writes to disk as an
    // operator's would; the server's own CPU is not counted in the bot's.
    postgres = await startPostgres({ durable: true });
    // Through a relay that counts its round trips; the shard lock's connection (its confirmations) is left out,
    // and so is the floor's (below), which goes through it too: the relay's hop, 0.1–0.2 ms of the bench's own
    // event loop a round trip, is then in both and out of their ratio.
    const floorUrl = await freshDatabase(postgres);
    const floorDatabase = new URL(floorUrl).pathname.slice(1);
    relay = await startRoundTripRelay(
      postgres.port,
      (startup) => startup.includes('olathe shard') || startup.includes(floorDatabase),
      (startup) => !startup.includes('olathe shard'),
    );
    // A built bot on a fresh database of that server, through the relay.
    const { via } = relay;
    const server = postgres;
    const onPostgresLaunch = async (launch: Launch): Promise<Launch> => ({
      ...launch,
      env: {
        ...launch.env,
        DATABASE_URL: via(await freshDatabase(server)),
        OLATHE_DAILY_SECRET: 'the-click-bench-daily-secret',
      },
    });
    const onPostgres = new HoldClicker(await start(here, await onPostgresLaunch(builtLaunch(ROOT))));
    await onPostgres.setUp();
    // The floor under it: the echo bot saving each click in one round trip to the same server, through the relay.
    const echoOnPostgres = new MirrorClicker(
      await start(here, { ...ECHO, env: { DATABASE_URL: relay.via(floorUrl) } }),
      onPostgres,
    );
    await echoOnPostgres.setUp();
    const clickers: Array<{ name: string; clicker: Clicker }> = [
      { name: DO_NOTHING_NAME, clicker: mirror },
      { name: BOT, clicker: player },
      { name: 'echo bot', clicker: echo },
      { name: ECHO_ON_SQLITE, clicker: echoOnSqlite },
      { name: ON_POSTGRES, clicker: onPostgres },
      { name: ECHO_ON_POSTGRES, clicker: echoOnPostgres },
    ];
    const flags = process.env.OLATHE_BENCH_BOT_FLAGS?.trim().split(/\s+/).filter(Boolean);
    if (flags?.length) {
      const launch = builtLaunch(ROOT);
      const flagged = new HoldClicker(await start(here, { ...launch, node: [...launch.node, ...flags] }));
      await flagged.setUp();
      clickers.push({ name: `bot with ${flags.join(' ')}`, clicker: flagged });
    }
    let earlierOnPostgres: Clicker | undefined;
    if (before) {
      const launch = builtLaunch(before.dir);
      const earlier = new HoldClicker(await start(before, launch));
      await earlier.setUp();
      clickers.push({ name: `before: ${before.label}`, clicker: earlier });
      // And on PostgreSQL, through the same relay: a change to the PostgreSQL path measured against the commit
      // before it in one run, where the spread between runs (the floor moves 2.0–2.5 ms) would hide it.
      earlierOnPostgres = new HoldClicker(await start(before, await onPostgresLaunch(launch)));
      await earlierOnPostgres.setUp();
      clickers.push({ name: `before on PostgreSQL: ${before.label}`, clicker: earlierOnPostgres });
    }
    const timed = [onPostgres, echoOnPostgres, ...(earlierOnPostgres ? [earlierOnPostgres] : [])];
    const parts = new Map(timed.map((clicker): [Clicker, ClickParts[]] => [clicker, []]));
    const counted: Counted = { clicker: onPostgres, relay, trips: [], parts };
    const measured = await measure(clickers, clicks, warmUp, counted);
    report(measured, clicks, warmUp);
    const side = (name: string) => {
      const m = byName(measured, name)!;
      return { latencies: m.clicker.latencies, cpuMs: m.cpuMs, rssMb: m.rssMb };
    };
    floorsTable({
      bot: side(BOT),
      sqliteFloor: side(ECHO_ON_SQLITE),
      doNothing: side(DO_NOTHING_NAME),
      postgres: side(ON_POSTGRES),
      postgresFloor: side(ECHO_ON_POSTGRES),
      roundTrips: counted.trips,
      postgresParts: parts.get(onPostgres)!,
      postgresFloorParts: parts.get(echoOnPostgres)!,
      earlierParts: earlierOnPostgres && parts.get(earlierOnPostgres),
    });
  } finally {
    for (const b of bots) await b.stop().catch((e: unknown) => console.error(`stopping a bot: ${String(e)}`));
    for (const t of trees) t.dispose();
    await relay?.close();
    await postgres?.stop();
  }
}
