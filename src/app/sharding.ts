// SHARDS=auto|N: this process becomes a small manager (discord.js's ShardingManager) that runs one bot process
// per gateway shard, all on the one SQLite database (WAL, busy timeout). Discord sends a guild's events to one
// shard only, so each bot process answers, times and publishes the games of its own guilds (see ShardSlice);
// a process that dies is started again and carries on from the database. With SHARD_IDS the manager runs only
// those shards of the N; with DATABASE_URL a shard process may stand by (src/cluster/shard-ownership.ts), which
// is why the manager then waits for no READY: a standby is never READY until its shard is free.
import type { ChildProcess } from 'node:child_process';
import type { Shard } from 'discord.js';
import { REST, Routes, ShardingManager } from 'discord.js';
import type { Logger } from './logger';

/** Discord's rate limit on IDENTIFY: one per 5 s per bucket (shard id % max_concurrency). */
const IDENTIFY_INTERVAL_MS = 5_500;
/** How long a shard may take from spawn to READY before the manager gives up on starting. */
const READY_TIMEOUT_MS = 60_000;
/** How long a shard process has to stop cleanly after SIGTERM before it is killed. */
const STOP_GRACE_MS = 20_000;

/** How a shard process tells its manager it is standing by (a message over the fork's channel). */
export const STANDBY_MESSAGE = { olathe: 'standing by' } as const;
/**
 * A shard process's exit code when it lost its shard to another process (src/cluster/): EX_TEMPFAIL. Started
 * again, it stands by like any newcomer, so the manager does not count it as a failed start.
 */
export const EXIT_SHARD_LOST = 75;
/** The variable through which the manager gives its shard processes Discord's max_concurrency. */
export const MAX_CONCURRENCY_VARIABLE = 'OLATHE_MAX_CONCURRENCY';

export interface ShardPlan {
  /** How many shards in all (the shard processes of every host). */
  count: number;
  /** The shards this host runs (SHARD_IDS, or all of them). */
  ids: number[];
  /** Discord's session_start_limit.max_concurrency: the IDENTIFY buckets (shard id % it). */
  maxConcurrency: number;
  /** The pause between two shards' start, from Discord's session_start_limit. */
  spawnDelayMs: number;
}

export interface ShardSettings {
  token: string;
  apiUrl: string | null;
  shards: 'auto' | number;
  shardIds: number[] | null;
  /** DATABASE_URL is set: shard processes may stand by for a shard another host holds. */
  standbys: boolean;
}

interface GatewayBot {
  shards: number;
  session_start_limit?: { max_concurrency?: number };
}

/** How many shards to run ('auto': Discord's recommendation from GET /gateway/bot) and how fast to start them. */
export async function planShards(settings: ShardSettings): Promise<ShardPlan> {
  const rest = new REST(settings.apiUrl ? { api: settings.apiUrl } : {}).setToken(settings.token);
  const gateway = (await rest.get(Routes.gatewayBot())) as GatewayBot;
  const count = settings.shards === 'auto' ? Math.max(1, gateway.shards) : settings.shards;
  const concurrency = Math.max(1, gateway.session_start_limit?.max_concurrency ?? 1);
  const ids = settings.shardIds ?? Array.from({ length: count }, (_, id) => id);
  // Shards in different buckets may IDENTIFY together; one bucket's shards must wait their turn (with
  // standbys, the buckets' locks space them, across every host: src/cluster/shard-ownership.ts).
  const spawnDelayMs = settings.standbys || concurrency >= count ? 0 : IDENTIFY_INTERVAL_MS;
  return { count, ids, maxConcurrency: concurrency, spawnDelayMs };
}

export interface RunningShards {
  manager: ShardingManager;
  plan: ShardPlan;
  /** SIGTERM to every shard process (no respawn), wait for them to stop, SIGKILL what is left. */
  stop(): Promise<void>;
}

/**
 * Starts `entry` (this program's own file) once per shard of this host and resolves once every one is READY,
 * or, with standbys, READY or standing by. `check` runs once the shard count is known, before any shard starts.
 */
export async function runShards(
  settings: ShardSettings,
  entry: string,
  log: Logger,
  check: (plan: ShardPlan) => Promise<void> = async () => {},
): Promise<RunningShards> {
  const plan = await planShards(settings);
  await check(plan);
  // Read by each shard process (the manager's environment is copied into it at spawn).
  process.env[MAX_CONCURRENCY_VARIABLE] = String(plan.maxConcurrency);
  const manager = new ShardingManager(entry, {
    totalShards: plan.count,
    shardList: plan.ids,
    token: settings.token,
    mode: 'process',
    respawn: true,
    // Under tsx (npm run dev) the children need its loader too; the built bot has none.
    execArgv: process.execArgv,
  });
  const firstWord = new Map<number, Promise<void>>();
  manager.on('shardCreate', (shard: Shard) => {
    if (settings.standbys) {
      const word = readyOrStandingBy(shard);
      // Awaited below; a death after a failed start must not also be an unhandled rejection.
      word.catch(() => {});
      firstWord.set(shard.id, word);
    }
    shard.on('message', (message: unknown) => {
      if (isStandbyMessage(message)) log.info('shard standing by', { shard: shard.id });
    });
    shard.on('death', (child) => {
      const code = (child as ChildProcess).exitCode;
      if (manager.respawn) log.warn('shard process died, starting it again', { shard: shard.id, exitCode: code });
    });
    shard.on('ready', () => log.info('shard ready', { shard: shard.id, shards: plan.count }));
    // A respawn that fails is reported here; unheard, the 'error' event would end the manager.
    shard.on('error', (error) => log.error('shard process failed', { shard: shard.id, error }));
  });
  log.info('starting shards', { shards: plan.count, ids: plan.ids.join(','), spawnDelayMs: plan.spawnDelayMs });
  const stop = () => stopShards(manager);
  try {
    // A standby may wait for hours: discord.js is given no READY timeout (it would only report it, and a
    // respawn inherits it), and the manager waits for each shard's first word instead — READY or standing by.
    const timeout = settings.standbys ? -1 : READY_TIMEOUT_MS;
    await manager.spawn({ amount: plan.count, delay: plan.spawnDelayMs, timeout });
    if (settings.standbys) await Promise.all(plan.ids.map((id) => firstWord.get(id) ?? Promise.resolve()));
  } catch (error) {
    await stop();
    throw error;
  }
  return { manager, plan, stop };
}

function isStandbyMessage(message: unknown): boolean {
  return (message as { olathe?: unknown } | null)?.olathe === STANDBY_MESSAGE.olathe;
}

/** Resolves when the shard is READY or says it stands by; rejects if its process ends first. */
function readyOrStandingBy(shard: Shard): Promise<void> {
  return new Promise((resolve, reject) => {
    const onReady = () => {
      done();
      resolve();
    };
    const done = () => {
      shard.off('ready', onReady);
      shard.off('message', onMessage);
      shard.off('death', onDeath);
    };
    const onMessage = (message: unknown) => {
      if (!isStandbyMessage(message)) return;
      done();
      resolve();
    };
    const onDeath = (child: unknown) => {
      // Lost its shard between taking it and READY: the respawned process will speak for it.
      if ((child as ChildProcess | null)?.exitCode === EXIT_SHARD_LOST) return;
      done();
      reject(new Error(`shard ${shard.id}'s process ended before it was ready or standing by`));
    };
    shard.once('ready', onReady);
    shard.on('message', onMessage);
    shard.on('death', onDeath);
  });
}

async function stopShards(manager: ShardingManager): Promise<void> {
  manager.respawn = false;
  await Promise.all([...manager.shards.values()].map((shard) => stopProcess(shard.process)));
}

function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The shard this process is, when a ShardingManager started it (it sets these variables); null otherwise. */
export function shardOfThisProcess(env: NodeJS.ProcessEnv): { id: number; count: number } | null {
  if (env.SHARDING_MANAGER !== 'true') return null;
  const id = Number(env.SHARDS);
  const count = Number(env.SHARD_COUNT);
  if (!Number.isInteger(id) || !Number.isInteger(count) || id < 0 || id >= count) return null;
  return { id, count };
}
