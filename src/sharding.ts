// SHARDS=auto|N: this process becomes a small manager (discord.js's ShardingManager) that runs one bot process
// per gateway shard, all on the one SQLite database (WAL, busy timeout). Discord sends a guild's events to one
// shard only, so each bot process answers, times and publishes the games of its own guilds (see ShardSlice);
// a process that dies is started again and carries on from the database.
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

export interface ShardPlan {
  /** How many shards (= processes). */
  count: number;
  /** The pause between two shards' start, from Discord's session_start_limit. */
  spawnDelayMs: number;
}

export interface ShardSettings {
  token: string;
  apiUrl: string | null;
  shards: 'auto' | number;
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
  // Shards in different buckets may IDENTIFY together; one bucket's shards must wait their turn.
  return { count, spawnDelayMs: concurrency >= count ? 0 : IDENTIFY_INTERVAL_MS };
}

export interface RunningShards {
  manager: ShardingManager;
  plan: ShardPlan;
  /** SIGTERM to every shard process (no respawn), wait for them to stop, SIGKILL what is left. */
  stop(): Promise<void>;
}

/** Starts `entry` (this program's own file) once per shard and resolves once every shard is READY. */
export async function runShards(settings: ShardSettings, entry: string, log: Logger): Promise<RunningShards> {
  const plan = await planShards(settings);
  const manager = new ShardingManager(entry, {
    totalShards: plan.count,
    token: settings.token,
    mode: 'process',
    respawn: true,
    // Under tsx (npm run dev) the children need its loader too; the built bot has none.
    execArgv: process.execArgv,
  });
  manager.on('shardCreate', (shard: Shard) => {
    shard.on('death', (child) => {
      const code = (child as ChildProcess).exitCode;
      if (manager.respawn) log.warn('shard process died, starting it again', { shard: shard.id, exitCode: code });
    });
    shard.on('ready', () => log.info('shard ready', { shard: shard.id, shards: plan.count }));
    // A respawn that fails is reported here; unheard, the 'error' event would end the manager.
    shard.on('error', (error) => log.error('shard process failed', { shard: shard.id, error }));
  });
  log.info('starting shards', { shards: plan.count, spawnDelayMs: plan.spawnDelayMs });
  const stop = () => stopShards(manager);
  try {
    await manager.spawn({ amount: plan.count, delay: plan.spawnDelayMs, timeout: READY_TIMEOUT_MS });
  } catch (error) {
    await stop();
    throw error;
  }
  return { manager, plan, stop };
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
