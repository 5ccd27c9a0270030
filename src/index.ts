// The bot's entry point (`npm start`): read .env, check it, run until SIGINT/SIGTERM.
import dotenv from 'dotenv';
import { ConfigError, readConfig } from './config';
import { createLogger } from './logger';
import { startBot } from './bot';

dotenv.config({ quiet: true });

async function main(): Promise<void> {
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
