// The bot's entry point (`npm start`): read .env, check it, run until SIGINT/SIGTERM. Without DISCORD_TOKEN
// it starts the playground instead (src/playground): the bot against a local fake Discord, in a web page.
// With SHARDS=auto|N it runs the shard manager, which starts this same file once per shard (src/sharding.ts).
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';
import { readConfig } from './config';
import { readSettings, stopOnSignals } from './process-lifecycle';
import { createLogger } from './logger';
import { startBot } from './bot';
import { runShards, shardOfThisProcess } from './sharding';
import { startShardOperations } from './shard-operations';
import { openDatabase } from './db/sqlite/open';
import { commands } from '../commands';

dotenv.config({ quiet: true });

async function main(): Promise<void> {
  if (!process.env.DISCORD_TOKEN?.trim()) {
    // No bot token: nothing to connect to, so play locally against the loopback Discord instead.
    console.error('olathe: DISCORD_TOKEN is not set — starting the playground (the bot against a local fake Discord).');
    const { runPlayground } = await import('./playground/cli');
    return runPlayground(process.env, commands);
  }
  // A shard process: the manager set SHARDS to this shard's id, which is not the operator's setting.
  const shard = shardOfThisProcess(process.env);
  const config = readSettings(() => readConfig(shard ? { ...process.env, SHARDS: undefined } : process.env));
  if (!config) return;
  const log = createLogger(config.logLevel, undefined, config.logFormat);
  const shards = config.shards;
  if (!shard && shards !== null) {
    // Checked (and migrated) once before any shard starts: a bad DATABASE_PATH is then one line, not one
    // per shard process and a respawn loop.
    openDatabase(config.databasePath).close();
    // The manager owns METRICS_PORT, opened before any shard starts (the shards do not serve it).
    const ops = await startShardOperations(config);
    const running = await runShards({ ...config, shards }, fileURLToPath(import.meta.url), log).catch(
      async (error: unknown) => {
        await ops?.close();
        throw error;
      },
    );
    ops?.watch(running.manager, running.plan.count);
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
  const bot = await startBot(config, log, commands, shard ? { shard } : {});
  // The manager is gone (killed, say): nobody would stop or respawn this shard, so it stops itself.
  if (shard) process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  stopOnSignals(
    (signal) => {
      log.info('stopping', { signal });
      return bot.stop();
    },
    (error) => log.error('unclean stop', { error }),
  );
}

main().catch((error) => {
  console.error(`olathe: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
