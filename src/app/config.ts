// The bot's settings, read from the environment (and .env through dotenv), validated before anything starts.
import { DEFAULT_LOBBY_EXPIRY_MS } from '../service/options';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

export interface Config {
  token: string;
  clientId: string;
  guildId: string | null;
  databasePath: string;
  /** REST base handed to discord.js as `rest.api`; null means Discord's own. */
  apiUrl: string | null;
  logLevel: LogLevel;
  /** Tests and replays only: makes the dice repeatable. Unset in production, where dice use crypto.randomInt. */
  diceSeed: string | null;
  /** The pause between a computer player's steps, so people can follow them (ms). */
  botStepMs: number;
  /** How often every game in play is checked against what its channel shows (ms). */
  reconcileMs: number;
  /** How long a lobby nobody starts stays open (ms). */
  lobbyExpiryMs: number;
  /** SHARDS: null runs one process; 'auto' or N runs a shard manager with a process per gateway shard. */
  shards: null | 'auto' | number;
  /**
   * SHARD_IDS: the shards this host runs, ascending; null runs all of them (0…N-1). Only with a numeric SHARDS:
   * several hosts split one bot's shards between them, and may name the same shard to stand by for it.
   */
  shardIds: number[] | null;
  /**
   * DATABASE_URL: a postgres:// URL, or null for SQLite alone. With it, the hosts of one bot agree through
   * PostgreSQL on who runs which shard (src/cluster/). It carries a password: show it only through
   * src/db/postgres/connection.ts's redactedUrl.
   */
  databaseUrl: string | null;
  /** METRICS_PORT: where GET /healthz and GET /metrics are served; null serves neither. */
  metricsPort: number | null;
  /** METRICS_HOST: the address that port is bound to; loopback unless the operator opens it up. */
  metricsHost: string;
  /** LOG_FORMAT: JSON lines for a log collector, or text lines for a person at a terminal. */
  logFormat: LogFormat;
  /**
   * OLATHE_DAILY_SECRET: the key of the daily challenge's dice; null when unset, and then one is made on first
   * start and kept in a file beside the database (src/app/daily-secret.ts). Never logged.
   */
  dailySecret: string | null;
  /** ACTIVITY_PORT: where the Activity's page, token exchange and live game are served (src/activity/); null: no Activity. */
  activityPort: number | null;
  /** DISCORD_CLIENT_SECRET: the OAuth2 client secret of the Activity's code exchange; required with ACTIVITY_PORT. Never logged. */
  clientSecret: string | null;
  /**
   * OLATHE_CLOCK_OFFSET_MS, tests only: the bot's clock (games, deadlines, seasons) runs this far ahead of the
   * machine's (behind when negative), so a test reaches a season's end without waiting for it. 0 unset.
   */
  clockOffsetMs: number;
}

export type LogFormat = 'json' | 'text';
const LOG_FORMATS: readonly LogFormat[] = ['json', 'text'];

export const DEFAULT_METRICS_HOST = '127.0.0.1';

/** Far past what one database host serves (Discord recommends a shard per 1,000 guilds or so). */
export const MAX_SHARDS = 64;

export const DEFAULT_RECONCILE_MS = 60_000;

export const DEFAULT_BOT_STEP_MS = 1200;

export const DEFAULT_DATABASE_PATH = './data/olathe.sqlite';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const SNOWFLAKE = /^\d{15,21}$/;

function wholeMs(value: string | undefined, name: string, fallback: number): number {
  const text = value?.trim();
  if (!text) return fallback;
  if (!/^\d{1,7}$/.test(text)) throw new ConfigError(`${name}, when set, must be a whole number of milliseconds.`);
  return Number(text);
}

/** Ten years either way: further is a typo, not a test. */
const MAX_CLOCK_OFFSET_MS = 10 * 366 * 24 * 60 * 60_000;

function clockOffsetMs(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return 0;
  const ms = /^-?\d{1,12}$/.test(text) ? Number(text) : NaN;
  if (!(Math.abs(ms) <= MAX_CLOCK_OFFSET_MS))
    throw new ConfigError(
      'OLATHE_CLOCK_OFFSET_MS, when set, must be whole milliseconds, at most ten years either way.',
    );
  return ms;
}

/** The longest a lobby may wait for its start: a day. */
export const MAX_LOBBY_EXPIRY_MS = 24 * 60 * 60_000;

function lobbyExpiryMs(value: string | undefined): number {
  const text = value?.trim();
  if (!text) return DEFAULT_LOBBY_EXPIRY_MS;
  const ms = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(ms >= 1000 && ms <= MAX_LOBBY_EXPIRY_MS))
    throw new ConfigError(
      `OLATHE_LOBBY_EXPIRY_MS, when set, must be a whole number of milliseconds from 1000 to ${MAX_LOBBY_EXPIRY_MS} (a day); unset, a lobby closes after 30 minutes.`,
    );
  return ms;
}

function reconcileMs(value: string | undefined): number {
  const ms = wholeMs(value, 'OLATHE_RECONCILE_MS', DEFAULT_RECONCILE_MS);
  if (ms < 500)
    throw new ConfigError(
      'OLATHE_RECONCILE_MS, when set, must be at least 500 (milliseconds between checks of every game).',
    );
  return ms;
}

function shardsSetting(value: string | undefined): Config['shards'] {
  const text = value?.trim().toLowerCase();
  if (!text) return null;
  if (text === 'auto') return 'auto';
  const n = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= MAX_SHARDS))
    throw new ConfigError(
      `SHARDS, when set, must be auto (Discord's recommendation) or a number of shards from 1 to ${MAX_SHARDS}; leave it unset for one process.`,
    );
  return n;
}

// Port 0 (any free port) is refused: nobody could scrape a port the operator does not know.
function metricsPort(value: string | undefined): number | null {
  const text = value?.trim();
  if (!text) return null;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535))
    throw new ConfigError(
      'METRICS_PORT, when set, must be a port number from 1 to 65535 (leave it unset to serve no health check or metrics).',
    );
  return port;
}

function activityPort(value: string | undefined): number | null {
  const text = value?.trim();
  if (!text) return null;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535))
    throw new ConfigError(
      'ACTIVITY_PORT, when set, must be a port number from 1 to 65535 (leave it unset to serve no Activity).',
    );
  return port;
}

function metricsHost(value: string | undefined): string {
  const text = value?.trim();
  if (!text) return DEFAULT_METRICS_HOST;
  if (!/^[\w.:-]+$/.test(text) || text.length > 253)
    throw new ConfigError(
      `METRICS_HOST, when set, must be an address of this machine such as ${DEFAULT_METRICS_HOST} (the default) or 0.0.0.0 (every interface).`,
    );
  return text;
}

function logFormat(value: string | undefined): LogFormat {
  const text = (value?.trim().toLowerCase() || 'text') as LogFormat;
  if (!LOG_FORMATS.includes(text))
    throw new ConfigError('LOG_FORMAT, when set, must be json (one JSON object a line) or text (the default).');
  return text;
}

/** The shortest OLATHE_DAILY_SECRET taken: a short key could be guessed, and with it every day's dice. */
export const MIN_DAILY_SECRET_LENGTH = 16;

function dailySecret(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  // The message never repeats the value: it is a secret, and this line may end up in a log.
  if (text.length < MIN_DAILY_SECRET_LENGTH)
    throw new ConfigError(
      `OLATHE_DAILY_SECRET, when set, must be at least ${MIN_DAILY_SECRET_LENGTH} characters (leave it unset and one is made and kept beside the database).`,
    );
  return text;
}

const SHARD_IDS_FORM = 'a list such as 0, 1, 0,2 or 0-3';

/** One id or a range `a-b` of SHARD_IDS, as the ids it names; null when it is not written so. */
function shardIdsIn(part: string): number[] | null {
  const range = /^(\d{1,3})\s*-\s*(\d{1,3})$/.exec(part);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    return from <= to ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : null;
  }
  return /^\d{1,3}$/.test(part) ? [Number(part)] : null;
}

/** SHARD_IDS as the ascending list of shards this host runs; null (unset) runs all of 0…N-1. */
export function parseShardIds(value: string | undefined, shards: Config['shards']): number[] | null {
  const text = value?.trim();
  if (!text) return null;
  if (shards === 'auto')
    throw new ConfigError(
      'SHARD_IDS needs a fixed number of shards, not SHARDS=auto: set SHARDS to the same number on every host (or unset SHARD_IDS).',
    );
  if (shards === null)
    throw new ConfigError(
      `SHARD_IDS needs SHARDS set to the total number of shards (the same on every host), from 1 to ${MAX_SHARDS}.`,
    );
  const ids = new Set<number>();
  for (const part of text.split(',').map((p) => p.trim())) {
    const named = shardIdsIn(part);
    if (!named) throw new ConfigError(`SHARD_IDS must be ${SHARD_IDS_FORM} (shard ids from 0 to ${shards - 1}).`);
    for (const id of named) {
      if (id >= shards)
        throw new ConfigError(
          `SHARD_IDS names shard ${id}, but SHARDS=${shards} numbers the shards 0 to ${shards - 1}.`,
        );
      ids.add(id);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** DATABASE_URL, checked for its form only (reaching the server is start-up's job); never echoed, it holds a password. */
function postgresUrl(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  let parsed: URL | null = null;
  try {
    parsed = new URL(text);
  } catch {
    // refused below
  }
  if (!parsed || !/^postgres(ql)?:$/.test(parsed.protocol) || !parsed.hostname)
    throw new ConfigError(
      'DATABASE_URL, when set, must be a PostgreSQL URL such as postgres://USER:PASSWORD@HOST:5432/DATABASE (postgres:// or postgresql://); leave it unset to keep SQLite at DATABASE_PATH.',
    );
  return text;
}

/** DATABASE_PATH as the bot reads it; the backup command reads it the same way. */
export function databasePathOf(env: NodeJS.ProcessEnv): string {
  return env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH;
}

/** The configuration, or a ConfigError whose message is one line saying what to fix in `.env`. */
export function readConfig(env: NodeJS.ProcessEnv): Config {
  const token = env.DISCORD_TOKEN?.trim();
  if (!token) {
    throw new ConfigError('DISCORD_TOKEN is not set: put your bot token in .env (see .env.example).');
  }
  const clientId = env.DISCORD_CLIENT_ID?.trim() ?? '';
  if (!SNOWFLAKE.test(clientId)) {
    throw new ConfigError('DISCORD_CLIENT_ID must be your application id (a number of 15–21 digits) in .env.');
  }
  const guildId = env.DISCORD_GUILD_ID?.trim() || null;
  if (guildId !== null && !SNOWFLAKE.test(guildId)) {
    throw new ConfigError('DISCORD_GUILD_ID, when set, must be a server id (a number of 15–21 digits).');
  }
  const apiUrl = env.DISCORD_API_URL?.trim() || null;
  if (apiUrl !== null && !/^https?:\/\/[^\s]+$/.test(apiUrl)) {
    throw new ConfigError('DISCORD_API_URL, when set, must be an http(s) URL such as http://127.0.0.1:8080/api.');
  }
  const logLevel = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  }
  const shards = shardsSetting(env.SHARDS);
  const secret = dailySecret(env.OLATHE_DAILY_SECRET);
  const databaseUrl = postgresUrl(env.DATABASE_URL);
  // Each host would make its own secret file and deal its own daily dice: one secret for all is a setting.
  if (databaseUrl !== null && secret === null)
    throw new ConfigError(
      'OLATHE_DAILY_SECRET must be set (the same on every host) when DATABASE_URL is set: otherwise each host would deal different daily dice.',
    );
  const activity = activityPort(env.ACTIVITY_PORT);
  const clientSecret = env.DISCORD_CLIENT_SECRET?.trim() || null;
  // The message never repeats the secret's value.
  if (activity !== null && clientSecret === null)
    throw new ConfigError(
      "DISCORD_CLIENT_SECRET must be set with ACTIVITY_PORT: the board signs players in with it (the Developer Portal's OAuth2 page, Client Secret).",
    );
  return {
    token,
    clientId,
    guildId,
    databasePath: databasePathOf(env),
    apiUrl: apiUrl?.replace(/\/+$/, '') ?? null,
    logLevel,
    diceSeed: env.OLATHE_DICE_SEED?.trim() || null,
    botStepMs: wholeMs(env.OLATHE_BOT_STEP_MS, 'OLATHE_BOT_STEP_MS', DEFAULT_BOT_STEP_MS),
    reconcileMs: reconcileMs(env.OLATHE_RECONCILE_MS),
    lobbyExpiryMs: lobbyExpiryMs(env.OLATHE_LOBBY_EXPIRY_MS),
    shards,
    shardIds: parseShardIds(env.SHARD_IDS, shards),
    databaseUrl,
    metricsPort: metricsPort(env.METRICS_PORT),
    metricsHost: metricsHost(env.METRICS_HOST),
    logFormat: logFormat(env.LOG_FORMAT),
    dailySecret: secret,
    activityPort: activity,
    clientSecret,
    clockOffsetMs: clockOffsetMs(env.OLATHE_CLOCK_OFFSET_MS),
  };
}
