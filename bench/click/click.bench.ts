// `npm run bench -- click`: what a hold click costs the bot as it ships (dist/, `npm start`'s node flags), measured
// side by side with the do-nothing discord.js bot (bench/support/do-nothing-bot.mjs) in the same run, each on its
// own loopback Discord. The bot's player holds and releases dice on a solo Balut card in the game's thread (the
// default path); the do-nothing bot is sent the same hold clicks on a card-shaped message in a thread. The
// do-nothing bot is the reference because it does not move: a baseline that was an earlier commit of our own once
// hid a 4× regression. Rounds of a few clicks interleave the bots, the order alternating, so all sample every
// stretch of a noisy machine (measure.ts). Goals, as ratios to the do-nothing bot: CPU per click ≤ 1.5×, click →
// acknowledgement p50 ≤ 1.15× and p99 ≤ 1.3×, resident memory at the end ≤ 1.2× (report.ts). A third bot, the echo
// bot (echo-bot.mjs), answers each click with the card as it was and does nothing else: what answering with a card
// costs by itself, so the bot / echo ratios are what the game's own work costs. A fourth, the echo bot saving each
// click in a SQLite file first (one INSERT, the bot's journal settings), is the floor under any bot that saves a
// click there before answering it. A fifth, the same bot on PostgreSQL (DATABASE_URL, a local server), has its
// own goal: p50 ≤ 1.3× the do-nothing bot's; a sixth, the echo bot saving each click on that server in one round
// trip first, is the floor under it. The goals against those floors, with the round trips a hold makes on
// PostgreSQL (counted by a relay in front of the server, which the floor passes through too, uncounted), are
// printed last (floors.ts); the bot idle on each engine is measured by `npm run bench -- idle` (bench/idle/).
//
//   OLATHE_BENCH_CLICKS     measured clicks per bot (default 1,000)
//   OLATHE_BENCH_WARMUP     warm-up clicks per bot before them (default 100). V8 optimises code that runs once a
//                           click only after some thousands of clicks: 3,000 shows a bot that has been running
//   OLATHE_BENCH_BEFORE     also an earlier commit, built, shown beside (never instead of) the reference, on SQLite
//                           and on PostgreSQL
//   OLATHE_BENCH_BOT_FLAGS  also the bot with these node/V8 flags after npm start's, shown beside
//   OLATHE_BENCH_PROFILE    a folder: each bot writes V8 CPU profiles (--cpu-prof) under <folder>/<its script>/
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { PostgresServer } from '../../test/support/postgres';
import { freshDatabase, startPostgres } from '../../test/support/postgres';
import type { RoundTripRelay } from '../../test/integration/storage/round-trips';
import { startRoundTripRelay } from '../../test/integration/storage/round-trips';
import type { Launch, RunningBot } from '../support/bot';
import { DO_NOTHING, builtLaunch, startBot } from '../support/bot';
import { machine } from '../support/figures';
import type { Clicker } from '../support/hold-clicker';
import { HoldClicker, MirrorClicker } from '../support/hold-clicker';
import { wholeEnv } from '../support/settings';
import type { Tree } from '../support/tree';
import { ROOT, buildIn, materialise, workingTree } from '../support/tree';
import type { ClickParts } from './floors';
import { floorsTable } from './floors';
import type { Counted } from './measure';
import { measure } from './measure';
import {
  BEFORE,
  BEFORE_ON_POSTGRES,
  BOT,
  DO_NOTHING_NAME,
  ECHO_NAME,
  ECHO_ON_POSTGRES,
  ECHO_ON_SQLITE,
  ON_POSTGRES,
  byName,
  report,
} from './report';

const DEFAULT_WARM_UP = 100;
const DEFAULT_CLICKS = 1000;

/** The second yardstick: answers each click with its message as it was (this checkout's, as DO_NOTHING's). */
const ECHO: Launch = { ...DO_NOTHING, bot: join(ROOT, 'bench', 'click', 'echo-bot.mjs') };

export async function run(): Promise<void> {
  const clicks = wholeEnv('OLATHE_BENCH_CLICKS', DEFAULT_CLICKS);
  const warmUp = wholeEnv('OLATHE_BENCH_WARMUP', DEFAULT_WARM_UP);
  console.log(`${machine()} at the start`);
  const here = workingTree(ROOT);
  const trees: Tree[] = [];
  const bots: RunningBot[] = [];
  let postgres: PostgresServer | null = null;
  let relay: RoundTripRelay | null = null;
  try {
    buildIn(here);
    const profile = process.env.OLATHE_BENCH_PROFILE?.trim();
    // The yardsticks' scripts are named by absolute path: their folder is named as in the tree.
    const script = (bot: string) => (isAbsolute(bot) ? relative(ROOT, bot) : bot);
    const profiled = (launch: Launch): Launch =>
      profile
        ? { ...launch, node: [...launch.node, '--cpu-prof', `--cpu-prof-dir=${resolve(profile, script(launch.bot))}`] }
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
      { name: ECHO_NAME, clicker: echo },
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
      clickers.push({ name: `${BEFORE}${before.label}`, clicker: earlier });
      // And on PostgreSQL, through the same relay: a change to the PostgreSQL path measured against the commit
      // before it in one run, where the spread between runs (the floor moves 2.0–2.5 ms) would hide it.
      earlierOnPostgres = new HoldClicker(await start(before, await onPostgresLaunch(launch)));
      await earlierOnPostgres.setUp();
      clickers.push({ name: `${BEFORE_ON_POSTGRES}${before.label}`, clicker: earlierOnPostgres });
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
