// For click.bench.ts and memory.bench.ts: a version of the bot as a folder (the working tree, or a git commit
// unpacked into a temp folder), that bot running as its own node process (from its sources, or as built)
// against its own loopback Discord, and reading the controls it shows there.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeMessage } from '../../src/fake-discord';
import type { ComponentId } from '../../src/discord/custom-id';
import { parseCustomId } from '../../src/discord/custom-id';

export interface Tree {
  label: string;
  dir: string;
  /** Removes the temp folder (nothing for the working tree). */
  dispose(): void;
}

/** `spec` is a folder (used as is) or anything `git rev-parse` understands (unpacked into a temp folder). */
export function materialise(root: string, spec: string): Tree {
  if (existsSync(spec) && statSync(spec).isDirectory())
    return { label: resolve(spec), dir: resolve(spec), dispose: () => {} };
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const commit = git('rev-parse', '--verify', `${spec}^{commit}`);
  const dir = mkdtempSync(join(tmpdir(), `olathe-bench-${commit.slice(0, 7)}-`));
  try {
    // git archive rather than a worktree: the repository's worktree list and index stay untouched.
    execFileSync('sh', ['-c', 'git -C "$0" archive --format=tar "$1" | tar -x -C "$2"', root, commit, dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // Same dependencies as the working tree, so only the bot's own code differs.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    label: `${spec} (${commit.slice(0, 10)})`,
    dir,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

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

/** The bot as `npm start` runs it: dist/ with the environment and node flags of package.json's start script (`NAME=value … exec node <flags> dist/index.js`). */
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
 * The yardstick of the click and memory benches: a discord.js bot with the same intents that acknowledges every
 * interaction and does nothing else (bench/support/do-nothing-bot.mjs), with node's defaults. It registers the commands
 * with the built deploy script of the working tree, so `buildIn` that tree first.
 */
export const DO_NOTHING: Launch = {
  node: ['--enable-source-maps'],
  bot: 'bench/support/do-nothing-bot.mjs',
  deploy: 'dist/deploy-commands.js',
};

/** The second yardstick of the click bench: answers each click with its message as it was (bench/click/echo-bot.mjs). */
export const ECHO: Launch = { ...DO_NOTHING, bot: 'bench/click/echo-bot.mjs' };

export const workingTree = (root: string): Tree => ({ label: 'working tree', dir: root, dispose: () => {} });

/** `npm run build` in the tree; synchronous, so call it before any fake Discord of this process must answer. */
export function buildIn(tree: Tree): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: tree.dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** One node process, cwd = the tree: SIGTERM reaches the bot itself (no npm or shell in between). */
function spawnIn(tree: Tree, node: string[], script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [...node, script], {
    cwd: tree.dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess): () => string {
  let text = '';
  child.stdout!.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (text += c.toString()));
  return () => text;
}

export interface CpuTimes {
  user: number;
  system: number;
}

/** CPU time of a process so far in ms, from /proc; null where there is none. */
export function cpuTimes(pid: number): CpuTimes | null {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses: clock ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return null;
  }
}

export const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((done) =>
    child.exitCode !== null || child.signalCode !== null
      ? done(child.exitCode)
      : child.once('exit', (code) => done(code)),
  );

export async function startBot(tree: Tree, launch: Launch = FROM_SOURCES): Promise<RunningBot> {
  const fake = await startFakeDiscord();
  const dbDir = mkdtempSync(join(tmpdir(), 'olathe-bench-db-'));
  let child: ChildProcess | undefined;
  const stop = async () => {
    await stopChild(child);
    await fake.close();
    rmSync(dbDir, { recursive: true, force: true });
  };
  try {
    const env = benchBotEnv(fake, dbDir);
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
      rssMb: () => {
        try {
          const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${started.pid}/status`, 'utf8'))?.[1];
          return kb ? Number(kb) / 1024 : null;
        } catch {
          return null;
        }
      },
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

// ---------- what the bot shows ----------

export type Control = { customId: string; id: ComponentId; label: string; disabled: boolean; options: string[] };

/** Every control of ours on a message, however deeply nested (rows, containers, section accessories). */
export function controlsOf(message: FakeMessage): Control[] {
  const found: Control[] = [];
  const walk = (items: unknown): void => {
    if (!Array.isArray(items)) return;
    for (const raw of items) {
      if (!raw || typeof raw !== 'object') continue;
      const c = raw as Record<string, unknown>;
      const id = typeof c.custom_id === 'string' ? parseCustomId(c.custom_id) : null;
      if (id) {
        const options = Array.isArray(c.options)
          ? (c.options as Array<{ value: string }>).map((o) => String(o.value))
          : [];
        found.push({
          customId: c.custom_id as string,
          id,
          label: String(c.label ?? ''),
          disabled: c.disabled === true,
          options,
        });
      }
      walk(c.components);
      if (c.accessory) walk([c.accessory]);
    }
  };
  walk(message.components);
  return found;
}

/** A turn control's moment as a number (turns taken . throws used, one digit): later moments are larger. */
export const stampOf = (c: Control): number => ('stamp' in c.id ? Number(c.id.stamp) : 0);

/** Keeps every public message that carries controls, from the fake's change events: whatever channel or thread. */
export class Board {
  private readonly withControls = new Map<string, FakeMessage>();
  constructor(fake: FakeDiscord) {
    fake.on('change', (event) => {
      const m = event.message;
      if (event.type === 'messageDelete' || m.ephemeralFor !== undefined || controlsOf(m).length === 0)
        this.withControls.delete(m.id);
      else this.withControls.set(m.id, m);
    });
  }
  /**
   * The message with an enabled control that `wanted` accepts, and those controls: the one drawn at the latest
   * moment of the turn (its stamp), then the newest. A card left behind with live but stale controls loses.
   */
  latest(wanted: (id: ComponentId) => boolean): { message: FakeMessage; controls: Control[] } | undefined {
    let best: { message: FakeMessage; controls: Control[]; rank: [number, bigint] } | undefined;
    for (const message of this.withControls.values()) {
      const controls = controlsOf(message).filter((c) => !c.disabled && wanted(c.id));
      if (!controls.length) continue;
      const rank: [number, bigint] = [Math.max(...controls.map(stampOf)), BigInt(message.id)];
      if (!best || rank[0] > best.rank[0] || (rank[0] === best.rank[0] && rank[1] > best.rank[1]))
        best = { message, controls, rank };
    }
    return best && { message: best.message, controls: best.controls };
  }
}

/** A small seeded generator, so both bots get the same sequence of choices. */
export function picker(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}

/** p50 and p99 of timings (NaN when there are none): the sample at that rank, no interpolation. */
export function percentiles(ms: readonly number[]): { p50: number; p99: number } {
  if (!ms.length) return { p50: NaN, p99: NaN };
  const sorted = Float64Array.from(ms).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { p50: at(50), p99: at(99) };
}

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

/** A whole-number setting of a bench from the environment, `fallback` when unset. */
export function wholeEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]?.trim() || fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1, got "${process.env[name]}"`);
  return n;
}

/** Stops a bench's bot process: SIGTERM, SIGKILL after 5 s; resolves once it exited. */
export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = exitOf(child);
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(late);
}
