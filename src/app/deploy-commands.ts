// `npm run deploy-commands`: registers the slash commands — in one server when DISCORD_GUILD_ID is set
// (instant, for development), else globally — then syncs the die-face emojis (src/emoji/emoji-sync.ts). An emoji
// that cannot be uploaded is logged and leaves the exit code alone: the bot falls back to Unicode dice.
import dotenv from 'dotenv';
import { REST, Routes } from 'discord.js';
import { ConfigError, readConfig } from './config';
import { commands } from '../../commands';
import { readDieImages } from '../emoji/die-files';
import { cdnImageFetcher, describeFailure, syncDieEmojis } from '../emoji/emoji-sync';

dotenv.config({ quiet: true });

/** Emoji routes are limited per app and may answer 429 with a long wait: longer than this is a failure. */
const LONGEST_RATE_LIMIT_WAIT_MS = 10_000;

/** The loopback Discord serves its "CDN" beside its API (http://host:port for http://host:port/api). */
function cdnFor(apiUrl: string): string {
  return apiUrl.replace(/\/api$/, '');
}

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const rest = new REST({
    ...(config.apiUrl ? { api: config.apiUrl, cdn: cdnFor(config.apiUrl) } : {}),
    rejectOnRateLimit: (limit) => limit.route.includes('/emojis') && limit.retryAfter > LONGEST_RATE_LIMIT_WAIT_MS,
  }).setToken(config.token);
  // `integration_types` and `contexts` apply to global commands only (a guild's commands are offered in that
  // guild alone): registered in one server, the commands go without them.
  const body = [...commands.values()].map((c) => {
    const json = { ...(c.data.toJSON() as Record<string, unknown>) };
    if (config.guildId) {
      delete json.integration_types;
      delete json.contexts;
    }
    return json;
  });
  const route = config.guildId
    ? Routes.applicationGuildCommands(config.clientId, config.guildId)
    : Routes.applicationCommands(config.clientId);
  const registered = (await rest.put(route, { body })) as unknown[];
  console.log(
    `Registered ${registered.length} command(s) ${config.guildId ? `in guild ${config.guildId}` : 'globally'}.`,
  );
  try {
    await syncDieEmojis({
      rest,
      applicationId: config.clientId,
      images: readDieImages(),
      fetchImage: cdnImageFetcher(rest),
      log: (line) => console.log(line),
    });
  } catch (error) {
    // The drawings missing from the install: still only a warning, as for any emoji failure.
    console.log(`Die emojis not synced: ${describeFailure(error)}; the bot will show Unicode dice.`);
  }
}

main().catch((error) => {
  console.error(
    `deploy-commands: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});
