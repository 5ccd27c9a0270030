// What a failed Discord request means for the Publisher: try again later, redraw a deleted message, give up on
// a channel that is gone, or a refusal that no retry will change.
import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';

export type Failure =
  /** 5xx, 429 past what discord.js waits, a network error or time-out: the same request may work later. */
  | 'retry'
  /** Unknown Message: someone deleted it, so it is drawn again as a new message. */
  | 'message-gone'
  /** Unknown Channel, Missing Access, Missing Permissions: the game cannot be shown there any more. */
  | 'channel-gone'
  /** Anything else Discord refused (a bad body, say): logged, not retried in a loop. */
  | 'refused';

export const UNKNOWN_MESSAGE = 10008;
export const UNKNOWN_CHANNEL = 10003;
export const MISSING_ACCESS = 50001;
export const MISSING_PERMISSIONS = 50013;
export const THREAD_ALREADY_CREATED = 160004;
export const WRONG_CHANNEL_TYPE = 50024;

const CHANNEL_GONE = new Set<number | string>([UNKNOWN_CHANNEL, MISSING_ACCESS, MISSING_PERMISSIONS]);

export function classify(error: unknown): Failure {
  if (error instanceof DiscordAPIError) {
    if (error.status >= 500 || error.status === 429) return 'retry';
    if (error.code === UNKNOWN_MESSAGE) return 'message-gone';
    if (CHANNEL_GONE.has(error.code)) return 'channel-gone';
    return 'refused';
  }
  if (error instanceof HTTPError) return error.status >= 500 || error.status === 429 ? 'retry' : 'refused';
  if (error instanceof RateLimitError) return 'retry';
  // Everything else is the network: refused connections, resets, discord.js's own request time-out.
  return 'retry';
}

/** A failure with no HTTP answer at all (refused connection, reset, time-out): REST events never see it. */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof DiscordAPIError || error instanceof HTTPError || error instanceof RateLimitError);
}

export function errorCode(error: unknown): number | string | null {
  return error instanceof DiscordAPIError ? error.code : null;
}

/** For the log: the status and code, never the request (it may hold a token in its URL). */
export function describeFailure(error: unknown): Record<string, unknown> {
  if (error instanceof DiscordAPIError) return { status: error.status, code: error.code, message: error.message };
  if (error instanceof HTTPError) return { status: error.status, message: error.message };
  return { message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}
