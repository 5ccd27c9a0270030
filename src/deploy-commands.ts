// `npm run deploy-commands`: registers the slash commands — in one server when DISCORD_GUILD_ID is set
// (instant, for development), else globally.
import dotenv from 'dotenv';
import { REST, Routes } from 'discord.js';
import { ConfigError, readConfig } from './config';
import { commands } from '../commands';

dotenv.config({ quiet: true });

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const rest = new REST(config.apiUrl ? { api: config.apiUrl } : {}).setToken(config.token);
  const body = [...commands.values()].map((c) => c.data.toJSON());
  const route = config.guildId
    ? Routes.applicationGuildCommands(config.clientId, config.guildId)
    : Routes.applicationCommands(config.clientId);
  const registered = (await rest.put(route, { body })) as unknown[];
  console.log(
    `Registered ${registered.length} command(s) ${config.guildId ? `in guild ${config.guildId}` : 'globally'}.`,
  );
}

main().catch((error) => {
  console.error(
    `deploy-commands: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});
