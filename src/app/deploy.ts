// Registering the slash commands — in one server when DISCORD_GUILD_ID is set (instant, for development), else
// globally — and the Activity's Entry Point command when ACTIVITY_PORT is set (ENTRY_POINT_COMMAND below), then
// syncing the die-face emojis (src/emoji/emoji-sync.ts). An emoji or an Entry Point that cannot be registered is
// said and is not an error: the bot falls back to Unicode dice, and the board still opens from its buttons once
// Activities are enabled. Run by `npm run deploy-commands` (./deploy-commands.ts).
import type { APIApplicationCommand, RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody } from 'discord.js';
import { ApplicationCommandType, EntryPointCommandHandlerType, REST, Routes } from 'discord.js';
import type { Config } from './config';
import type { CommandMap } from '../discord/context';
import { readDieImages } from '../emoji/die-files';
import { cdnImageFetcher, describeFailure, syncDieEmojis } from '../emoji/emoji-sync';

/** Emoji routes are limited per app and may answer 429 with a long wait: longer than this is a failure. */
const LONGEST_RATE_LIMIT_WAIT_MS = 10_000;

/** The loopback Discord serves its "CDN" beside its API (http://host:port for http://host:port/api). */
function cdnFor(apiUrl: string): string {
  return apiUrl.replace(/\/api$/, '');
}

/**
 * The Activity's Entry Point: what the App Launcher shows for the app (PRIMARY_ENTRY_POINT), opened by Discord
 * itself (handler 2, DISCORD_LAUNCH_ACTIVITY). Named as the one Discord creates when Activities are enabled
 * ("Launch", application-commands#default-entry-point-command), so registering ours updates that one in place;
 * offered where /olathe is (integration_types and contexts as in the documentation's example).
 */
const ENTRY_POINT_COMMAND: RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody = {
  type: ApplicationCommandType.PrimaryEntryPoint,
  name: 'Launch',
  description: 'Open the board: play Olathe and Balut with the dice on screen',
  handler: EntryPointCommandHandlerType.DiscordLaunchActivity,
  integration_types: [0, 1],
  contexts: [0, 1, 2],
};

type CommandBody = Record<string, unknown>;

/**
 * An Entry Point already registered, as a bulk overwrite sends it back unchanged: its id and what it shows. Read
 * fields only (version, application_id, nsfw …) stay out: Discord's schema for the request has no place for them.
 */
function keptAsItIs(existing: APIApplicationCommand): CommandBody {
  const kept: CommandBody = { id: existing.id, type: existing.type, name: existing.name };
  for (const key of [
    'name_localizations',
    'description',
    'description_localizations',
    'handler',
    'contexts',
    'integration_types',
  ] as const)
    if (existing[key] !== undefined && existing[key] !== null) kept[key] = existing[key];
  return kept;
}

const isEntryPoint = (command: APIApplicationCommand) => command.type === ApplicationCommandType.PrimaryEntryPoint;

/** Registers `commands` (and the Entry Point), then syncs the die emojis; says what it did, line by line. */
export async function deployCommands(config: Config, commands: CommandMap, say: (line: string) => void): Promise<void> {
  const rest = new REST({
    ...(config.apiUrl ? { api: config.apiUrl, cdn: cdnFor(config.apiUrl) } : {}),
    rejectOnRateLimit: (limit) => limit.route.includes('/emojis') && limit.retryAfter > LONGEST_RATE_LIMIT_WAIT_MS,
  }).setToken(config.token);
  const activity = config.activityPort !== null;
  // `integration_types` and `contexts` apply to global commands only (a guild's commands are offered in that
  // guild alone): registered in one server, the commands go without them.
  const body: CommandBody[] = [...commands.values()].map((c) => {
    const json = { ...(c.data.toJSON() as Record<string, unknown>) };
    if (config.guildId) {
      delete json.integration_types;
      delete json.contexts;
    }
    return json;
  });
  // Discord makes an Entry Point the moment Activities are enabled, and refuses a global bulk overwrite that
  // leaves it out (50240): so the global list is read first, and its Entry Point goes back in — ours, with its
  // id, when ACTIVITY_PORT is set; as it is otherwise.
  const globalRoute = Routes.applicationCommands(config.clientId);
  const existing = ((await rest.get(globalRoute)) as APIApplicationCommand[]).find(isEntryPoint);
  if (!config.guildId && existing)
    body.push(activity ? { ...ENTRY_POINT_COMMAND, id: existing.id } : keptAsItIs(existing));
  const route = config.guildId ? Routes.applicationGuildCommands(config.clientId, config.guildId) : globalRoute;
  const registered = (await rest.put(route, { body })) as unknown[];
  say(`Registered ${registered.length} command(s) ${config.guildId ? `in guild ${config.guildId}` : 'globally'}.`);
  // Ours still to register: an Entry Point is global only, so a guild's deploy and an app without one reach it here.
  if (activity && (config.guildId || !existing)) await registerEntryPoint(rest, config.clientId, existing, say);
  else if (existing)
    say(
      activity ? 'Entry Point command: registered (global).' : `Entry Point command "${existing.name}" kept (global).`,
    );
  try {
    await syncDieEmojis({
      rest,
      applicationId: config.clientId,
      images: readDieImages(),
      fetchImage: cdnImageFetcher(rest),
      log: say,
    });
  } catch (error) {
    // The drawings missing from the install: still only a warning, as for any emoji failure.
    say(`Die emojis not synced: ${describeFailure(error)}; the bot will show Unicode dice.`);
  }
}

/**
 * Ours on its own: over the existing Entry Point (PATCH, so the one Entry Point an app may have stays one), else
 * created. Discord refuses an Entry Point to an app without Activities enabled: one line saying so, exit code 0.
 */
async function registerEntryPoint(
  rest: REST,
  clientId: string,
  existing: APIApplicationCommand | undefined,
  say: (line: string) => void,
): Promise<void> {
  try {
    const body = ENTRY_POINT_COMMAND;
    if (existing) await rest.patch(Routes.applicationCommand(clientId, existing.id), { body });
    else await rest.post(Routes.applicationCommands(clientId), { body });
    say('Entry Point command: registered (global).');
  } catch (error) {
    say(
      `Entry Point command not registered: ${describeFailure(error)}. Enable Activities for the app in the Developer Portal (docs/HOSTING.md, "Deploying the Activity"), then run deploy-commands again.`,
    );
  }
}
