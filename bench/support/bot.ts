// The bot as its own node process (from its sources, or as built) against a loopback Discord of its own, as the
// benches start it, and the yardstick they measure it beside: a do-nothing discord.js bot.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';
import type { CpuTimes } from './processes';
import { collect, cpuTimes, exitOf, spawnIn, statusMb, stopChild } from './processes';
import type { Tree } from './tree';
import { ROOT } from './tree';

export interface RunningBot {
  tree: Tree;
  fake: FakeDiscord;
  child: ChildProcess;
  log(): string;
  /** Resident memory of the bot process in MB, from /proc (null where there is no /proc). */
  rssMb(): number | null;
  /** CPU time the bot process has used so far in ms (user + system, from /proc; null where there is none). */
  cpuMs(): number | null;
  /** The same, split into user and system (kernel) time. */
  cpuTimes(): CpuTimes | null;
  stop(): Promise<void>;
}

/** How a bot is started: node's arguments before the script, and the scripts (paths in the tree). */
export interface Launch {
  node: string[];
  bot: string;
  deploy: string;
  /** Added to the bot's environment. */
  env?: NodeJS.ProcessEnv;
}

/** The sources through tsx's loader: any commit can be run so, including those from before the build. */
export const FROM_SOURCES: Launch = {
  node: ['--import', 'tsx'],
  bot: 'src/app/index.ts',
  deploy: 'src/app/deploy-commands.ts',
};

/**
 * The bot as `npm start` runs it: dist/ with the environment and node flags of package.json's start script
 * (`NAME=value … exec node <flags> dist/index.js`).
 */
export function builtLaunch(root: string): Launch {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  const words = scripts.start!.split(/\s+/);
  const node = words.slice(words.indexOf('node') + 1, words.indexOf('dist/index.js'));
  // The NAME=value words it starts with (glibc's malloc settings): the environment npm start gives the bot. An
  // older commit's script (OLATHE_BENCH_BEFORE, OLATHE_SOAK_TREE) may have none.
  const command = words.findIndex((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w));
  const settings = words.slice(0, Math.max(0, command));
  const env = Object.fromEntries(settings.map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
  return { node, bot: 'dist/index.js', deploy: 'dist/deploy-commands.js', env };
}

/**
 * The yardstick of the click, memory and soak benches: a discord.js bot with the same intents that acknowledges
 * every interaction and does nothing else (do-nothing-bot.mjs), with node's defaults. Its script is this
 * checkout's, whichever tree it runs in, so that it stays the same yardstick beside an earlier commit. It
 * registers the commands with the built deploy script of the tree it runs in, so `buildIn` that tree first.
 */
export const DO_NOTHING: Launch = {
  node: ['--enable-source-maps'],
  bot: join(ROOT, 'bench', 'support', 'do-nothing-bot.mjs'),
  deploy: 'dist/deploy-commands.js',
};

/**
 * What every bench bot is told, whichever bench starts it: the loopback Discord's addresses and warn-level logs,
 * over the shell's environment less its DISCORD_* and OLATHE_* (a developer's own must not differ between runs).
 */
export function loopbackBotEnv(fake: FakeDiscord): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('DISCORD_') && !k.startsWith('OLATHE_')),
  );
  return {
    ...inherited,
    DISCORD_TOKEN: fake.botToken,
    DISCORD_CLIENT_ID: fake.applicationId,
    DISCORD_API_URL: fake.apiUrl,
    LOG_LEVEL: 'warn',
  };
}

/**
 * A bench bot's settings: the loopback Discord's, its test guild, a SQLite file in `dbDir`, seeded dice, then
 * `more`. Only what every version is told: nothing from a developer's shell (e.g. a LOG_LEVEL) may differ.
 */
export function benchBotEnv(fake: FakeDiscord, dbDir: string, more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...loopbackBotEnv(fake),
    DISCORD_GUILD_ID: fake.guildId,
    DATABASE_PATH: join(dbDir, 'olathe.sqlite'),
    OLATHE_DICE_SEED: 'bench',
    ...more,
  };
}

/**
 * Starts a fake Discord, registers the commands with the tree's deploy script, then starts the bot and waits for
 * its READY. `prepare` readies the fake before the deploy and returns more of the bot's environment (e.g. the
 * Activity's, whose secret the fake makes as it starts).
 */
export async function startBot(
  tree: Tree,
  launch: Launch = FROM_SOURCES,
  prepare: (fake: FakeDiscord) => Promise<NodeJS.ProcessEnv> | NodeJS.ProcessEnv = () => ({}),
): Promise<RunningBot> {
  const fake = await startFakeDiscord();
  const dbDir = mkdtempSync(join(tmpdir(), 'olathe-bench-db-'));
  let child: ChildProcess | undefined;
  const stop = async () => {
    await stopChild(child);
    await fake.close();
    rmSync(dbDir, { recursive: true, force: true });
  };
  try {
    const env = benchBotEnv(fake, dbDir, await prepare(fake));
    // Each version registers its own command tree; never spawnSync, the fake in this process must answer.
    const deploy = spawnIn(tree, launch.node, launch.deploy, env);
    const deployLog = collect(deploy);
    const code = await exitOf(deploy);
    if (code !== 0) throw new Error(`deploy-commands in ${tree.label} failed (${code}):\n${deployLog()}`);

    const ready = fake.nextReady(60_000);
    child = spawnIn(tree, launch.node, launch.bot, { ...env, ...launch.env });
    const log = collect(child);
    const started = child;
    await Promise.race([
      ready,
      exitOf(started).then((c) => {
        throw new Error(`the bot in ${tree.label} exited (${c}) before it was ready:\n${log()}`);
      }),
    ]);
    return {
      tree,
      fake,
      child: started,
      log,
      rssMb: () => statusMb(started.pid!),
      cpuMs: () => {
        const times = cpuTimes(started.pid!);
        return times && times.user + times.system;
      },
      cpuTimes: () => cpuTimes(started.pid!),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
