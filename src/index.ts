// The bot's entry point (`npm start`): read .env, check it, run until SIGINT/SIGTERM. Without DISCORD_TOKEN
// it starts the playground instead (src/playground): the bot against a local fake Discord, in a web page.
import dotenv from 'dotenv';
import { ConfigError, readConfig } from './config';
import { createLogger } from './logger';
import { startBot } from './bot';

dotenv.config({ quiet: true });

async function main(): Promise<void> {
  if (!process.env.DISCORD_TOKEN?.trim()) {
    // No bot token: nothing to connect to, so play locally against the loopback Discord instead.
    console.error('olathe: DISCORD_TOKEN is not set — starting the playground (the bot against a local fake Discord).');
    const { runPlayground } = await import('./playground/cli');
    return runPlayground(process.env);
  }
  let config;
  try {
    config = readConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`olathe: ${error.message}`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  const bot = await startBot(config, log);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal });
    bot.stop().then(
      () => process.exit(0),
      (error) => {
        log.error('unclean stop', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
  console.error(`olathe: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
