// The bot's settings, read from the environment (and .env through dotenv), validated before anything starts.

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
  /** SHARDS: null runs one process; 'auto' or N runs a shard manager with a process per gateway shard. */
  shards: null | 'auto' | number;
}

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
  return {
    token,
    clientId,
    guildId,
    databasePath: env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH,
    apiUrl: apiUrl?.replace(/\/+$/, '') ?? null,
    logLevel,
    diceSeed: env.OLATHE_DICE_SEED?.trim() || null,
    botStepMs: wholeMs(env.OLATHE_BOT_STEP_MS, 'OLATHE_BOT_STEP_MS', DEFAULT_BOT_STEP_MS),
    reconcileMs: reconcileMs(env.OLATHE_RECONCILE_MS),
    shards: shardsSetting(env.SHARDS),
  };
}
