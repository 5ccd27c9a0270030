// `npm run bench -- tournament`: a club night of 64 players (32 people, filled with computer players to 16 tables
// of 4) started at once on one host. The built bot (dist/, as `npm start` runs it) against the loopback Discord,
// on SQLite and on PostgreSQL one after the other, each engine in one bot process:
//   1. a lone game of a table's seats (two people, two computer players) played for a stretch: the bot's CPU a
//      saved move, the reference;
//   2. a night on the loopback Discord as it is: Start now → every table's first turn message, the requests the
//      bot sent until it went quiet, by route, and its CPU; then the people play the night's tables for the same
//      stretch: the CPU a move against the lone game's;
//   3. a second night with Discord's rate limits modelled by a relay in front of the loopback Discord, which
//      enforces none (bench/support/rate-limits.ts): the same start, paced as discord.js paces itself from the
//      headers, and the 429s.
// Throughout: the spec breaches and unknown routes the loopback Discord recorded, and the bot's warn lines. The
// people play each turn as soon as it is shown (the first column, one throw, the first cell); the computer
// players step every OLATHE_BOT_STEP_MS.
//
//   OLATHE_BENCH_TOURNAMENT_PEOPLE    people signed up to each night (default 32)
//   OLATHE_BENCH_TOURNAMENT_FIELD     the field the host fills to with computer players (default 64)
//   OLATHE_BENCH_TOURNAMENT_PLAY_S    seconds of play measured, lone game and night each (default 30)
//   OLATHE_BENCH_TOURNAMENT_WARMUP_S  seconds of play before that (default 5)
//   OLATHE_BENCH_TOURNAMENT_STEP_MS   the computer players' pace, OLATHE_BOT_STEP_MS (default 300)
//   OLATHE_BENCH_TOURNAMENT_WAIT_S    how long a start may take before its missing tables count as lost (default 180)
//   OLATHE_BENCH_TOURNAMENT_ENGINES   sqlite, postgres or both (default sqlite,postgres)
//   OLATHE_BENCH_TOURNAMENT_TREE      a commit or folder to run instead of the working tree (built in a temp folder)
//   OLATHE_BENCH_TOURNAMENT_TRACE     set: each start's requests printed, with their ms after the click
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Permission } from '../../src/fake-discord';
import type { RunningBot } from '../support/bot';
import { builtLaunch, startBot } from '../support/bot';
import { fmt, machine } from '../support/figures';
import type { RateLimitedDiscord } from '../support/rate-limits';
import { DISCORD_MODEL, routeOf, startRateLimitedDiscord } from '../support/rate-limits';
import { wholeEnv } from '../support/settings';
import type { Tree } from '../support/tree';
import { ROOT, buildIn, materialise, workingTree } from '../support/tree';
import type { PostgresServer } from '../../test/support/postgres';
import { freshDatabase, startPostgres } from '../../test/support/postgres';
import type { Database } from './database';
import { tableGames } from './database';
import type { NightPlan } from './night';
import { Night, addPeople, settle } from './night';
import type { PlaySettings } from './play';
import { playStretch, startLoneGame } from './play';
import type { EngineRun, StartRun } from './report';
import { report } from './report';

interface Settings extends PlaySettings {
  plan: NightPlan;
  stepMs: number;
  waitS: number;
}

/** The bot with its REST through the relay (off until the paced night), and where its database is. */
async function startEngine(tree: Tree, engine: string, s: Settings, postgres: PostgresServer | null) {
  const dir = mkdtempSync(join(tmpdir(), 'olathe-bench-tournament-'));
  const db: Database = postgres ? { url: await freshDatabase(postgres) } : { path: join(dir, 'olathe.sqlite') };
  const launch = builtLaunch(tree.dir);
  const more = 'url' in db ? { DATABASE_URL: db.url, OLATHE_DAILY_SECRET: 'the-tournament-bench-daily-secret' } : {};
  const made: RateLimitedDiscord[] = [];
  const dispose = async () => {
    for (const relay of made) await relay.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const bot = await startBot(tree, { ...launch, env: { ...launch.env, ...more } }, async (fake) => {
      // The night's scheduled event is made too, as a host's server allows it.
      fake.grantBotPermissions(Permission.CreateEvents);
      const relay = await startRateLimitedDiscord(fake.apiUrl);
      relay.enabled = false;
      made.push(relay);
      return {
        DISCORD_API_URL: relay.apiUrl,
        DATABASE_PATH: join(dir, 'olathe.sqlite'),
        OLATHE_BOT_STEP_MS: String(s.stepMs),
        // No minute reconcile: its look-ups of every clickable message would land in whichever part it falls in.
        OLATHE_RECONCILE_MS: String(60 * 60_000),
      };
    });
    console.log(`  ${engine}: the bot is ready`);
    return { bot, db, relay: made[0]!, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** One night, signed up and started; its figures until the bot went quiet after the click. */
async function startNight(
  bot: RunningBot,
  db: Database,
  relay: RateLimitedDiscord,
  label: string,
  prefix: string,
  s: Settings,
): Promise<{ night: Night; run: StartRun }> {
  const { fake } = bot;
  const night = new Night(fake, fake.addChannel(`night-${prefix}`).id, addPeople(fake, prefix, s.plan.people), s.plan);
  await night.signUp();
  // discord.js holds a request back until its bucket's window ends: quiet for a window means nothing is held.
  const quietMs = relay.enabled ? DISCORD_MODEL.windowMs + 1000 : 1000;
  await settle(() => relay.seen, quietMs);
  const [requestsBefore, refusalsBefore, cpu, started] = [
    fake.requests.length,
    relay.refusals.length,
    bot.cpuMs()!,
    performance.now(),
  ];
  const figures = await night.start(s.waitS * 1000);
  await settle(() => relay.seen, quietMs);
  if (process.env.OLATHE_BENCH_TOURNAMENT_TRACE) {
    const clicked = Date.now() - (performance.now() - started);
    for (const r of fake.requests.slice(requestsBefore))
      console.log(`    ${label}: ${fmt(r.at - clicked)} ms ${r.status} ${routeOf(r.method, r.path)}`);
  }
  // The click's moment on the epoch clock, where the relay notes its last request.
  const settledMs = relay.lastAt - (Date.now() - (performance.now() - started));
  const games = await tableGames(db, night.tournamentId);
  return {
    night,
    run: {
      label,
      tables: night.tables,
      figures,
      requests: fake.requests.slice(requestsBefore),
      refusals: relay.refusals.slice(refusalsBefore),
      settledMs,
      cpuMs: bot.cpuMs()! - cpu,
      games: games.length,
      gamesWithoutThread: games.filter((g) => g.playChannelId === null).length,
    },
  };
}

async function runEngine(tree: Tree, engine: string, s: Settings, postgres: PostgresServer | null): Promise<EngineRun> {
  const { bot, db, relay, dispose } = await startEngine(tree, engine, s, postgres);
  try {
    const { fake } = bot;
    const [a, b] = addPeople(fake, 'lone', 2);
    await startLoneGame(fake, fake.addChannel('lone').id, a!, b!);
    console.log(`  ${engine}: the lone game, ${s.warmUpS} + ${s.playS} s …`);
    const lone = await playStretch(bot, db, [a!, b!], s);
    await settle(() => relay.seen);

    console.log(`  ${engine}: a night on the loopback Discord as it is …`);
    const plain = await startNight(bot, db, relay, 'as it is', 'n', s);
    console.log(`  ${engine}: its tables played, ${s.warmUpS} + ${s.playS} s …`);
    const night = await playStretch(bot, db, plain.night.people, s);
    await settle(() => relay.seen);

    const model = DISCORD_MODEL;
    console.log(
      `  ${engine}: a night with the rate limits modelled (${model.limit} a ${model.windowMs / 1000} s a bucket, ` +
        `${model.globalPerSecond} a second in all) …`,
    );
    relay.enabled = true;
    const paced = await startNight(bot, db, relay, 'rate limits modelled', 'm', s);
    const problems = bot
      .log()
      .split('\n')
      .filter((l) => /"level":"(warn|error)"|\b(WARN|ERROR)\b/.test(l));
    return {
      engine,
      lone,
      night,
      starts: [plain.run, paced.run],
      refusalsTotal: relay.refusals.length,
      breaches: fake.breaches,
      unknownRoutes: fake.unknownRoutes,
      problems: problems.slice(0, 5).map((l) => l.slice(0, 300)),
      problemCount: problems.length,
    };
  } finally {
    await bot.stop();
    await dispose();
  }
}

export async function run(): Promise<void> {
  const s: Settings = {
    plan: {
      people: wholeEnv('OLATHE_BENCH_TOURNAMENT_PEOPLE', 32),
      field: wholeEnv('OLATHE_BENCH_TOURNAMENT_FIELD', 64),
    },
    playS: wholeEnv('OLATHE_BENCH_TOURNAMENT_PLAY_S', 30),
    warmUpS: wholeEnv('OLATHE_BENCH_TOURNAMENT_WARMUP_S', 5),
    stepMs: wholeEnv('OLATHE_BENCH_TOURNAMENT_STEP_MS', 300),
    waitS: wholeEnv('OLATHE_BENCH_TOURNAMENT_WAIT_S', 180),
  };
  const engines = (process.env.OLATHE_BENCH_TOURNAMENT_ENGINES?.trim() || 'sqlite,postgres').split(/\s*,\s*/);
  const unknown = engines.filter((e) => e !== 'sqlite' && e !== 'postgres');
  if (unknown.length) throw new Error(`OLATHE_BENCH_TOURNAMENT_ENGINES: sqlite or postgres, got ${unknown.join(', ')}`);
  const spec = process.env.OLATHE_BENCH_TOURNAMENT_TREE?.trim();
  const tree = spec ? materialise(ROOT, spec) : workingTree(ROOT);
  let postgres: PostgresServer | null = null;
  try {
    buildIn(tree);
    console.log(
      `${machine()} at the start; running ${tree.label}: ${s.plan.people} people filled to ${s.plan.field}, ` +
        `computer players stepping every ${s.stepMs} ms`,
    );
    const runs: EngineRun[] = [];
    for (const engine of engines) {
      if (engine === 'postgres') postgres ??= await startPostgres({ durable: true });
      runs.push(await runEngine(tree, engine, s, engine === 'postgres' ? postgres : null));
    }
    console.log(`${machine()} at the end`);
    for (const r of runs) report(r);
  } finally {
    await postgres?.stop();
    tree.dispose();
  }
}
