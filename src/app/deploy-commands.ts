// `npm run deploy-commands`: registers the slash commands and the Activity's Entry Point, and syncs the die-face
// emojis (./deploy.ts), with the settings of .env and the environment; exit code 1 only when the commands could
// not be registered.
import dotenv from 'dotenv';
import { ConfigError, readConfig } from './config';
import { deployCommands } from './deploy';
import { commands } from '../../commands';

dotenv.config({ quiet: true });

const deploy = async () => deployCommands(readConfig(process.env), commands, (line) => console.log(line));

deploy().catch((error: unknown) => {
  console.error(
    `deploy-commands: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});
