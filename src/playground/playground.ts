// The playground: the loopback Discord, the real bot against it (in this process), and a web page on
// localhost that shows the channel the way Discord does and lets a person act as several fake users.
import { PermissionFlagsBits, REST, Routes } from 'discord.js';
import type { FakeDiscord, FakeUser } from '../fake-discord';
import { PERMISSIONS, Permission, startFakeDiscord } from '../fake-discord';
import { readConfig } from '../app/config';
import type { Logger } from '../app/logger';
import { createLogger } from '../app/logger';
import { startBot } from '../app/bot';
import type { RunningBot } from '../app/bot';
import type { CommandMap } from '../discord/context';
import { openSqliteStorage } from '../db/sqlite/storage';
import { GameService } from '../service/game-service';
import { readDieImages } from '../emoji/die-files';
import { cdnImageFetcher, describeFailure, syncDieEmojis } from '../emoji/emoji-sync';
import { startPlaygroundServer } from './server';
import { freePort, listenFirst, pageUrl } from './port';
import { claimDatabase } from './ownership';
import { addPlaces } from './places';
import type { PagePlace } from './places';

export const DEFAULT_PLAYGROUND_PORT = 3000;
export const DEFAULT_PLAYGROUND_DATABASE = './data/playground.sqlite';

export interface PlaygroundOptions {
  /** Port of the web page; 0 picks a free one. */
  port: number;
  /** The bot's SQLite file (kept apart from the real bot's). */
  databasePath: string;
  /** The bot's log; default: warnings and errors on stderr. */
  log?: Logger;
  /** Interface for the web page; default 127.0.0.1 (the page is for this computer only). */
  host?: string;
  /** Repeatable dice (tests); default: OLATHE_DICE_SEED, else real randomness. */
  diceSeed?: string | null;
  /** The pause between a computer player's steps (tests: quick nights); default OLATHE_BOT_STEP_MS, else 1200 ms. */
  botStepMs?: number;
  /** The slash commands the bot answers (commands/, from the entry point). */
  commands: CommandMap;
}

export interface Playground {
  /** The page to open: http://127.0.0.1:PORT */
  url: string;
  fake: FakeDiscord;
  bot: RunningBot;
  users: FakeUser[];
  /** Each person's DM with the app, the friends' group DM and the server without the bot (places.ts). */
  places: PagePlace[];
  stop(): Promise<void>;
}

/**
 * Dana moderates: Manage Messages, and Manage Events and Manage Server, so that someone here may host a
 * tournament and set the server's announcements channel, as the bot asks of them on Discord.
 */
const MODERATOR = (
  BigInt(PERMISSIONS.moderator) |
  PermissionFlagsBits.ManageEvents |
  PermissionFlagsBits.ManageGuild
).toString();

/** The people a player can switch between on the page. */
const PEOPLE = [
  { username: 'alice', globalName: 'Alice' },
  { username: 'bob', globalName: 'Bob' },
  { username: 'carol', globalName: 'Carol' },
  { username: 'dana', globalName: 'Dana', permissions: MODERATOR },
] as const;

/**
 * In this order, so that a playground that cannot start changes nothing: the page's port (busy: another
 * playground, most likely), then the database (in use by another live playground: its games are not ours to
 * end), then the fake Discord, the leftover games of dead runs, the bot, the page.
 */
export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const host = options.host ?? '127.0.0.1';
  const listener = await listenFirst(options.port, host);
  const cleanup: Array<() => Promise<void>> = [() => new Promise<void>((resolve) => listener.close(() => resolve()))];
  const undo = async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  };
  try {
    const claim = claimDatabase(options.databasePath, pageUrl(listener, host));
    cleanup.push(async () => claim.release());
    const fake = await startFakeDiscord({ guildName: 'Olathe Playground', channelName: 'dice' });
    cleanup.push(() => fake.close());
    // Tournaments put an event in the server's Events, which needs Create Events of the bot's role.
    fake.grantBotPermissions(Permission.CreateEvents);
    const users = PEOPLE.map((p) => fake.addUser(p));
    const places = addPlaces(fake, users);
    // The bot serves its Activity on a port of its own; the page reaches it through the playground's.
    const activityPort = await freePort('127.0.0.1');
    // The bot's settings go through the same checks as `npm start` (LOG_LEVEL, OLATHE_DICE_SEED), pointed at the fake.
    const config = readConfig({
      ...process.env,
      DISCORD_TOKEN: fake.botToken,
      DISCORD_CLIENT_ID: fake.applicationId,
      // Registered globally, as only global commands reach DMs, group DMs and servers without the bot.
      DISCORD_GUILD_ID: '',
      DISCORD_API_URL: fake.apiUrl,
      DATABASE_PATH: options.databasePath,
      OLATHE_DICE_SEED: options.diceSeed ?? process.env.OLATHE_DICE_SEED ?? '',
      ...(options.botStepMs !== undefined && { OLATHE_BOT_STEP_MS: String(options.botStepMs) }),
      ACTIVITY_PORT: String(activityPort),
      DISCORD_CLIENT_SECRET: fake.clientSecret,
    });
    const log =
      options.log ?? createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn', undefined, config.logFormat);

    // What `npm run deploy-commands` does without DISCORD_GUILD_ID, against the fake: the commands globally (for
    // both installs, in every context), then the die emojis (before the bot starts, so that it finds them).
    const rest = new REST({ api: fake.apiUrl, cdn: fake.cdnUrl }).setToken(fake.botToken);
    const body = [...options.commands.values()].map((c) => c.data.toJSON());
    await rest.put(Routes.applicationCommands(fake.applicationId), { body });
    await uploadDieEmojis(rest, fake.applicationId, log);
    // The Developer Portal's switch, after the bulk overwrite above (which, with Activities on, would have to keep
    // the Entry Point command it creates: 50240).
    fake.enableActivities();

    const leftover = await endLeftoverGames(options.databasePath, log);
    if (leftover > 0) log.info('ended games left over from an earlier playground run', { games: leftover });

    const ready = fake.nextReady(20_000);
    const bot = await startBot(config, log, options.commands);
    cleanup.push(() => bot.stop());
    await ready;

    const server = await startPlaygroundServer({
      fake,
      users,
      places,
      server: listener,
      host,
      activityUrl: `http://127.0.0.1:${activityPort}`,
    });
    cleanup.push(() => server.close());

    let stopped: Promise<void> | null = null;
    return {
      url: server.url,
      fake,
      bot,
      users,
      places,
      stop() {
        stopped ??= undo();
        return stopped;
      },
    };
  } catch (error) {
    await undo();
    throw error;
  }
}

/**
 * Uploads the die drawings as the application's emojis, as deploy-commands does. Like deploy, it never fails
 * the start: without them the bot plays with Unicode dice, and the log says why once.
 */
async function uploadDieEmojis(rest: REST, applicationId: string, log: Logger): Promise<void> {
  const lines: string[] = [];
  try {
    const result = await syncDieEmojis({
      rest,
      applicationId,
      images: readDieImages(),
      fetchImage: cdnImageFetcher(rest),
      log: (line) => lines.push(line),
    });
    if (result.failed.length > 0) log.warn('die emojis not all uploaded; the bot shows Unicode dice', { lines });
    else log.info(lines.at(-1) ?? 'die emojis synced');
  } catch (error) {
    log.warn('die emojis not uploaded; the bot shows Unicode dice', { reason: describeFailure(error) });
  }
}

/**
 * Each run's fake Discord is a new server with a new channel, so games still open in the database from an
 * earlier run live in a channel that no longer exists: their turn clocks would only fail to post there.
 * They are ended (scored as they stand) before the bot starts. Call it only with the database claimed
 * (claimDatabase): a live playground's games would look the same. Returns how many.
 */
export async function endLeftoverGames(databasePath: string, log: Logger): Promise<number> {
  const storage = openSqliteStorage(databasePath);
  try {
    const service = new GameService(storage);
    let ended = 0;
    for (const id of await service.openGameIds()) {
      try {
        await service.end(id, 'playground', { canManage: true });
        ended++;
      } catch (error) {
        log.warn('could not end a leftover playground game', { gameId: id, error });
      }
    }
    return ended;
  } catch (error) {
    log.warn('could not look for leftover playground games', { error });
    return 0;
  } finally {
    await storage.close();
  }
}
