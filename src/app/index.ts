// The bot's entry point (`npm start`): read .env, check it, run until SIGINT/SIGTERM. Without DISCORD_TOKEN
// it starts the playground instead (src/playground): the bot against a local fake Discord, in a web page.
// With SHARDS=auto|N it runs the shard manager, which starts this same file once per shard (src/app/sharding.ts).
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';
import { readConfig } from './config';
import { readSettings, stopOnSignals } from './process-lifecycle';
import { createLogger } from './logger';
import { startBot } from './bot';
import { EXIT_SHARD_LOST, MAX_CONCURRENCY_VARIABLE, STANDBY_MESSAGE, runShards, shardOfThisProcess } from './sharding';
import { startShardOperations } from './shard-operations';
import { openDatabase } from '../db/sqlite/open';
import { commands } from '../../commands';
import type { Config } from './config';
import type { Logger } from './logger';
import { joinCluster } from '../cluster/join';
import { ShardOwnership } from '../cluster/shard-ownership';

dotenv.config({ quiet: true });

/** Set by the shard manager for its shard processes: the shard whose process serves ACTIVITY_PORT. */
const ACTIVITY_SHARD_VARIABLE = 'OLATHE_ACTIVITY_SHARD';

async function main(): Promise<void> {
  if (!process.env.DISCORD_TOKEN?.trim()) {
    // No bot token: nothing to connect to, so play locally against the loopback Discord instead.
    console.error('olathe: DISCORD_TOKEN is not set — starting the playground (the bot against a local fake Discord).');
    const { runPlayground } = await import('../playground/cli');
    return runPlayground(process.env, commands);
  }
  // A shard process: the manager set SHARDS to this shard's id, which is not the operator's setting (and
  // checked SHARD_IDS against it already).
  const shard = shardOfThisProcess(process.env);
  const config = readSettings(() =>
    readConfig(shard ? { ...process.env, SHARDS: undefined, SHARD_IDS: undefined } : process.env),
  );
  if (!config) return;
  const log = createLogger(config.logLevel, undefined, config.logFormat);
  const shards = config.shards;
  if (!shard && shards !== null) {
    // Checked (and migrated) once before any shard starts: a bad DATABASE_PATH is then one line, not one
    // per shard process and a respawn loop. PostgreSQL is checked and migrated as the host joins the cluster.
    if (config.databaseUrl === null) openDatabase(config.databasePath).close();
    // The manager owns METRICS_PORT, opened before any shard starts (the shards do not serve it).
    const ops = await startShardOperations(config);
    // One shard process per host serves the Activity (any process can show any game): the first this host runs.
    process.env[ACTIVITY_SHARD_VARIABLE] = String(config.shardIds?.[0] ?? 0);
    const standbys = config.databaseUrl !== null;
    const running = await runShards({ ...config, shards, standbys }, fileURLToPath(import.meta.url), log, (plan) =>
      joinIfClustered(config, plan.count, log),
    ).catch(async (error: unknown) => {
      await ops?.close();
      throw error;
    });
    ops?.watch(running.manager, running.plan.ids);
    stopOnSignals(
      async (signal) => {
        log.info('stopping shards', { signal });
        ops?.stopping();
        await running.stop();
        await ops?.close();
      },
      (error) => log.error('unclean stop', { error }),
    );
    return;
  }
  // The manager is gone (killed, say): nobody would stop or respawn this shard, so it stops itself — a
  // standby too, which would otherwise take the shard over for a host that no longer exists.
  if (shard) process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  if (!shard) await joinIfClustered(config, 1, log);
  const ownership = ownershipOf(config, shard ?? { id: 0, count: 1 }, log);
  const starting = startBot(config, log, commands, {
    ...(shard ? { shard, serveActivity: shard.id === Number(process.env[ACTIVITY_SHARD_VARIABLE] ?? 0) } : {}),
    ...(ownership ? { ownership } : {}),
  });
  // Listening from the start: a signal while the bot starts (say, just after the gateway's READY) would otherwise
  // end the process at once, holding its shard's lock without letting go — and the next holder would wait out the
  // fence for nothing.
  stopOnSignals(
    async (signal) => {
      log.info('stopping', { signal });
      // Standing by or waiting out the fence: not on the gateway yet, so there is nothing to finish but the lock.
      const state = ownership?.state;
      if (state === 'standby' || state === 'fencing') return ownership!.release();
      // A start that failed has closed what it opened (and main says why).
      const bot = await starting.catch(() => null);
      await bot?.stop();
    },
    (error) => log.error('unclean stop', { error }),
  );
  await starting;
}

async function joinIfClustered(config: Config, shardCount: number, log: Logger): Promise<void> {
  if (config.databaseUrl === null) return;
  // readConfig refuses DATABASE_URL without OLATHE_DAILY_SECRET.
  await joinCluster(config.databaseUrl, { shardCount, dailySecret: config.dailySecret! }, log);
}

/** With DATABASE_URL, the lock that makes this process the one running its shard (src/cluster/). */
function ownershipOf(config: Config, shard: { id: number; count: number }, log: Logger): ShardOwnership | null {
  if (config.databaseUrl === null) return null;
  const maxConcurrency = Number(process.env[MAX_CONCURRENCY_VARIABLE]) || 1;
  return new ShardOwnership({
    url: config.databaseUrl,
    shard,
    maxConcurrency,
    log,
    // Its manager (or the operator's supervisor) starts it again, and it stands by like any newcomer. Exiting
    // closes the gateway socket at once, which is the point: within the fence wait of ./cluster/timings.ts.
    onLost: () => process.exit(EXIT_SHARD_LOST),
    onStandby: () => process.send?.(STANDBY_MESSAGE),
  });
}

main().catch((error) => {
  console.error(`olathe: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
