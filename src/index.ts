// The bot's entry point (`npm start`): read .env, check it, run until SIGINT/SIGTERM. Without DISCORD_TOKEN
// it starts the playground instead (src/playground): the bot against a local fake Discord, in a web page.
import dotenv from 'dotenv';
import { readConfig } from './config';
import { readSettings, stopOnSignals } from './process-lifecycle';
import { createLogger } from './logger';
import { startBot } from './bot';
import { commands } from '../commands';

dotenv.config({ quiet: true });

async function main(): Promise<void> {
  if (!process.env.DISCORD_TOKEN?.trim()) {
    // No bot token: nothing to connect to, so play locally against the loopback Discord instead.
    console.error('olathe: DISCORD_TOKEN is not set — starting the playground (the bot against a local fake Discord).');
    const { runPlayground } = await import('./playground/cli');
    return runPlayground(process.env, commands);
  }
  const config = readSettings(() => readConfig(process.env));
  if (!config) return;
  const log = createLogger(config.logLevel);
  const bot = await startBot(config, log, commands);
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
