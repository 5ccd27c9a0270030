// The running bot: a discord.js client on the Guilds intent only, the game service on SQLite, one router
// for every interaction, a clock for turn deadlines, and a clean shutdown.
import type { Interaction, REST } from 'discord.js';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import type { Config } from './config';
import type { Logger } from './logger';
import { redact } from './logger';
import { GameService } from '../service/game-service';
import type { ShardSlice } from '../service/game-service';
import { DEFAULT_THROWS, seededRng } from '../game';
import { buildSolverTables } from '../solver/valuation';
import type { BotContext, CommandMap } from '../discord/context';
import { interactionKind, routeInteraction } from '../discord/router';
import { floodGuardOf } from '../discord/flood-guard';
import { Publisher } from '../discord/publisher';
import { CLIENT_CACHES } from '../discord/caches';
import type { Operations } from './operations';
import { startOperations } from './operations';
import { loadDailySecret } from './daily-secret';
import type { ShardOwnership } from '../cluster/shard-ownership';
import { openStorage } from './open-storage';
import { loadDieEmojis } from '../emoji/load-die-emojis';
import { UNICODE_DICE, emojiDice, useDiceGlyphs } from '../discord/render/dice-glyphs';
import type { RunningActivity } from '../activity/start';
import { startActivity } from '../activity/start';
import { useOpenBoardButton } from '../discord/render/open-board';
import { FED_CLOCK_SLEEP_MS, MAX_CLOCK_SLEEP_MS, TurnClock } from './turn-clock';
import { troubleLog } from './trouble-log';
import { SeasonPublisher } from '../discord/season-publisher';
import { languageOf } from '../discord/i18n';
import { SeasonSchedule } from './season-schedule';

/**
 * How long a stop waits for interactions under way, then for the Publisher's channel work: together well
 * inside the 10 s a container gets between SIGTERM and SIGKILL (Discord fails a click after 3 s anyway).
 */
export const STOP_INTERACTIONS_GRACE_MS = 3000;
export const STOP_PUBLISHER_GRACE_MS = 5000;

export interface RunningBot {
  client: Client;
  context: BotContext;
  /** The port of /healthz and /metrics (METRICS_PORT), or null when they are off. */
  opsPort: number | null;
  /** The Activity's port (ACTIVITY_PORT), or null when this process serves no Activity. */
  activityPort: number | null;
  /** Stop taking interactions, finish the ones in flight, deliver pending channel work, close everything. */
  stop(): Promise<void>;
}

export interface BotOptions {
  /** The gateway shard this process runs (started by the shard manager); default: the only one. */
  shard?: ShardSlice;
  /**
   * With DATABASE_URL: the shard's lock. The bot stands by (no gateway, no clock, no Publisher) until it holds
   * it, identifies in its bucket's turn, and releases it when it stops.
   */
  ownership?: ShardOwnership;
  /**
   * Serve the Activity on ACTIVITY_PORT (when set): one process per host does, since any process can show any game
   * and hear every change. Default: unless this is a shard process.
   */
  serveActivity?: boolean;
}

export async function startBot(
  config: Config,
  log: Logger,
  commands: CommandMap,
  options: BotOptions = {},
): Promise<RunningBot> {
  const shard = options.shard ?? { id: 0, count: 1 };
  redact(config.token);
  if (config.clientSecret) redact(config.clientSecret);
  // 🎲 Open the board follows the bot's own settings (the playground gives ACTIVITY_PORT to readConfig only), and
  // every shard process shows it, whether or not it is the one serving the board: any host can serve any game.
  useOpenBoardButton(config.activityPort !== null);
  const storage = await openStorage(config, shard);
  let dailySecret: string;
  try {
    // Beside the database (whose folder now exists), made on the first start when OLATHE_DAILY_SECRET is unset.
    dailySecret = loadDailySecret(config.dailySecret, config.databasePath);
  } catch (error) {
    await storage.close();
    throw error;
  }
  redact(dailySecret);
  // Before anything else starts, so a port already in use leaves nothing to undo but the database. A shard
  // process does not serve: the manager that started it owns the port.
  let ops: Operations;
  try {
    ops = await startOperations(config, storage, { shard: shard.id, serve: !options.shard });
  } catch (error) {
    await storage.close();
    throw error;
  }
  // The solver's tables are built once, before the first hint or computer move needs them (other throw
  // counts than the default build theirs on first use, about 11 ms).
  log.info('solver ready', { tableBuildMs: Math.round(buildSolverTables(DEFAULT_THROWS) * 10) / 10 });
  if (config.diceSeed !== null)
    log.warn('dice are seeded by OLATHE_DICE_SEED: for tests and replays only, never for real games');
  // The clock of games, deadlines and seasons: the machine's, moved by OLATHE_CLOCK_OFFSET_MS in tests.
  const offset = config.clockOffsetMs;
  const now = () => Date.now() + offset;
  if (offset !== 0) log.warn('the clock is moved by OLATHE_CLOCK_OFFSET_MS: for tests only', { offsetMs: offset });
  const service = new GameService(storage, {
    now,
    botStepMs: config.botStepMs,
    lobbyExpiryMs: config.lobbyExpiryMs,
    dailySecret,
    ...(config.diceSeed !== null ? { rng: seededRng(config.diceSeed) } : {}),
  });
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...CLIENT_CACHES,
    // Given, so discord.js never reads SHARDS from the environment (there it is the operator's `auto` or N).
    shards: shard.id,
    shardCount: shard.count,
    // Spreading `rest: { api: undefined }` would replace discord.js's default address, so only pass one when set.
    ...(config.apiUrl ? { rest: { api: config.apiUrl } } : {}),
  });
  // The dice every message draws, chosen once before the first message: the app's emojis, or Unicode dice.
  client.rest.setToken(config.token);
  await chooseDice(client.rest, config.clientId, log);
  const { metrics, acks } = ops;
  const publisher = new Publisher(
    { service, log, rest: client.rest, metrics },
    { reconcileEveryMs: config.reconcileMs },
  );
  const context: BotContext = { service, log, rest: client.rest, publisher, commands, metrics, acks };
  const { ownership } = options;
  // Before the gateway, like METRICS_PORT: a port in use stops the start before anything reaches Discord.
  let activity: RunningActivity | null = null;
  if (config.activityPort !== null && (options.serveActivity ?? !options.shard)) {
    try {
      activity = await startActivity(
        config,
        service,
        (gameId) => void publisher.kick(gameId),
        log,
        options.shard !== undefined,
        metrics,
      );
    } catch (error) {
      await ops.close();
      await storage.close();
      throw error;
    }
  }
  ops.watch({ client, publisher, ...(ownership ? { ownership } : {}) });

  let accepting = true;
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  client.on(Events.InteractionCreate, (interaction: Interaction) => {
    const kind = interactionKind(interaction);
    if (!accepting) {
      // Stopping: no work is started. Discord tells the user the interaction failed; nothing changed.
      if (!kind) return;
      metrics.interaction(kind, 'dropped', null);
      return log.info('interaction', { interactionId: interaction.id, kind, outcome: 'dropped' });
    }
    if (kind) acks.received(interaction.id);
    track(routeInteraction(interaction, context).catch((error) => log.error('interaction crashed', { error })));
  });
  client.on(Events.Error, (error) => log.error('discord client error', { error }));
  client.on(Events.ShardDisconnect, (_event, shard) => log.warn('gateway disconnected', { shard }));

  // On PostgreSQL the shard lock's confirmation (every 2 s) is the clock's look too: one round trip, not two.
  const deadlineRead = ownership ? storage.games.nextDeadlineRead?.() : undefined;
  const clock = new TurnClock(
    service,
    {
      changed: (gameId) => void context.publisher.kick(gameId),
      // What the channels show may then differ from what is saved — a click's commit may have landed though its
      // answer never came, or the server lost commits it had acknowledged — so every game is compared
      // with its channel at once, as at start-up, not at the next minute's reconcile.
      databaseBack: () => {
        log.info('database reachable again: every game compared with its channel');
        void context.publisher.reconcile().catch((error) => log.error('reconcile failed', { error }));
      },
    },
    log,
    deadlineRead ? FED_CLOCK_SLEEP_MS : MAX_CLOCK_SLEEP_MS,
    now,
  );
  // The season podiums, posted by the process that holds the server's shard (it reads only its own servers).
  const seasonPublisher = new SeasonPublisher({ service, log, rest: client.rest, metrics }, (guildId) =>
    languageOf(client.guilds.cache.get(guildId)?.preferredLocale),
  );
  const seasons = new SeasonSchedule(seasonPublisher, now, config.reconcileMs);

  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  const login = async () => {
    await client.login(config.token);
    await ready;
  };
  try {
    if (ownership) {
      await ownership.acquire();
      await ownership.identifyTurn(login);
    } else await login();
  } catch (error) {
    await client.destroy();
    await ownership?.release();
    await activity?.close();
    await ops.close();
    await storage.close();
    throw error;
  }
  log.info('bot ready', { user: client.user?.tag, guilds: client.guilds.cache.size });
  clock.start();
  seasons.start();
  const refusals = troubleLog(
    (error) =>
      log.warn('the turn clock’s look on the shard lock’s session was refused; looking through the pool', { error }),
    () => log.info('the shard lock’s session answers the turn clock’s look again'),
  );
  if (ownership && deadlineRead)
    ownership.confirmWith({
      text: deadlineRead.text,
      values: deadlineRead.values,
      answered: (rows) => {
        refusals.fine();
        clock.heard(deadlineRead.answer(rows));
      },
      refused: (error) => {
        refusals.trouble(error);
        clock.lookNow();
      },
      failed: () => clock.unheard(),
    });
  // Whatever the channel missed while the bot was away (or Discord was), shown now, then checked every minute.
  const reconciled = context.publisher.start().catch((error) => log.error('first reconcile failed', { error }));
  track(reconciled);

  return {
    client,
    context,
    opsPort: ops.port,
    activityPort: activity?.port ?? null,
    async stop() {
      const started = performance.now();
      accepting = false;
      ops.stopping();
      // Boards are told the bot stops and reconnect to another host (or to this one once it is back).
      await activity?.close();
      ownership?.confirmWith(null);
      await clock.stop();
      await seasons.stop();
      const unfinished = await settleWithin([...inFlight], STOP_INTERACTIONS_GRACE_MS);
      // The refusals of the last minute, summed, before the log ends.
      floodGuardOf(context).refusals.close();
      const queued = context.publisher.backlog;
      await context.publisher.stop(STOP_PUBLISHER_GRACE_MS);
      await ops.close();
      await client.destroy();
      // Only once the gateway is closed: a standby may take the shard as soon as the lock is free.
      await ownership?.release();
      await storage.close();
      log.info('stopped', { unfinished, channelUpdatesAtStop: queued, ms: Math.round(performance.now() - started) });
    },
  };
}

/**
 * Draws dice with the application's die emojis when it has all twelve, else with Unicode dice, saying why in
 * one warning: a missing emoji is a deploy to run, not an error on every message. Never throws.
 */
async function chooseDice(rest: REST, applicationId: string, log: Logger): Promise<void> {
  const loaded = await loadDieEmojis(rest, applicationId);
  if (loaded.emojis) {
    useDiceGlyphs(emojiDice(loaded.emojis));
    log.info('die emojis ready');
  } else {
    useDiceGlyphs(UNICODE_DICE);
    log.warn('die emojis unavailable, showing Unicode dice', { reason: loaded.reason });
  }
}

/** Waits for `work` to settle, `ms` at most; resolves with how many had not settled by then. */
async function settleWithin(work: ReadonlyArray<Promise<unknown>>, ms: number): Promise<number> {
  let settled = 0;
  const all = Promise.allSettled(work.map((w) => w.finally(() => settled++)));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
  return work.length - settled;
}
