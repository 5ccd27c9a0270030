// What a failed Discord request means for the Publisher (classify), and when an old message is posted
// again instead of edited (messageAgeMs against REPOST_AFTER_MS).
import { describe, expect, it } from 'vitest';
import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import {
  MISSING_ACCESS,
  MISSING_PERMISSIONS,
  UNKNOWN_CHANNEL,
  UNKNOWN_MESSAGE,
  classify,
  describeFailure,
  errorCode,
} from '../../../src/discord/discord-errors';
import { REPOST_AFTER_MS, messageAgeMs } from '../../../src/discord/channel-rest';

const NO_BODY = { body: undefined, files: undefined };

function apiError(code: number, status: number, message = 'refused'): DiscordAPIError {
  return new DiscordAPIError({ code, message }, code, status, 'POST', '/channels/1/messages?token=secret', NO_BODY);
}

/** A snowflake made at `createdAt` (ms since the epoch). */
const snowflake = (createdAt: number) => ((BigInt(createdAt) - 1420070400000n) << 22n).toString();

describe('classify', () => {
  it('Unknown Message: the message is drawn again', () => {
    expect(UNKNOWN_MESSAGE).toBe(10008);
    expect(classify(apiError(10008, 404, 'Unknown Message'))).toBe('message-gone');
  });

  it('Unknown Channel, Missing Access, Missing Permissions: the channel is gone', () => {
    expect([UNKNOWN_CHANNEL, MISSING_ACCESS, MISSING_PERMISSIONS]).toEqual([10003, 50001, 50013]);
    expect(classify(apiError(10003, 404, 'Unknown Channel'))).toBe('channel-gone');
    expect(classify(apiError(50001, 403, 'Missing Access'))).toBe('channel-gone');
    expect(classify(apiError(50013, 403, 'Missing Permissions'))).toBe('channel-gone');
  });

  it('server errors and rate limits are tried again, whatever code they carry', () => {
    expect(classify(apiError(0, 500, 'Internal Server Error'))).toBe('retry');
    expect(classify(apiError(0, 502, 'Bad Gateway'))).toBe('retry');
    expect(classify(apiError(0, 429, 'You are being rate limited.'))).toBe('retry');
    expect(classify(apiError(10008, 503))).toBe('retry'); // a 5xx is never taken for a deleted message
  });

  it('anything else Discord refuses is not retried', () => {
    expect(classify(apiError(50035, 400, 'Invalid Form Body'))).toBe('refused');
    expect(classify(apiError(30046, 400, 'Maximum number of edits to messages older than 1 hour reached.'))).toBe(
      'refused',
    );
  });

  it('an HTTP error without a Discord body: 5xx retried, 4xx refused', () => {
    expect(classify(new HTTPError(503, 'Service Unavailable', 'POST', '/x', NO_BODY))).toBe('retry');
    expect(classify(new HTTPError(429, 'Too Many Requests', 'POST', '/x', NO_BODY))).toBe('retry');
    expect(classify(new HTTPError(404, 'Not Found', 'POST', '/x', NO_BODY))).toBe('refused');
  });

  it('a rate limit discord.js gave up waiting for, and the network, are retried', () => {
    const limited = new RateLimitError({
      timeToReset: 1000,
      limit: 5,
      method: 'POST',
      hash: 'h',
      url: '/x',
      route: '/x',
      majorParameter: '1',
      global: false,
      retryAfter: 1000,
      sublimitTimeout: 0,
      scope: 'user',
    });
    expect(classify(limited)).toBe('retry');
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(classify(reset)).toBe('retry');
    expect(classify(new Error('Request aborted'))).toBe('retry');
  });

  it('errorCode and describeFailure report the code and status, never the request URL', () => {
    const error = apiError(50013, 403, 'Missing Permissions');
    expect(errorCode(error)).toBe(50013);
    expect(errorCode(new Error('x'))).toBeNull();
    expect(describeFailure(error)).toEqual({ status: 403, code: 50013, message: 'Missing Permissions' });
    expect(JSON.stringify(describeFailure(error))).not.toContain('secret');
  });
});

describe('messageAgeMs', () => {
  it("reads a message's age from its snowflake", () => {
    const createdAt = 1_700_000_000_000;
    const id = snowflake(createdAt);
    expect(messageAgeMs(id, createdAt)).toBe(0);
    expect(messageAgeMs(id, createdAt + 90_000)).toBe(90_000);
    // The low 22 bits (worker, process, increment) do not change the time.
    const sameMs = ((BigInt(createdAt) - 1420070400000n) << 22n) | 0x3fffffn;
    expect(messageAgeMs(sameMs.toString(), createdAt + 5)).toBe(5);
  });

  it('a message is posted again only once it is older than REPOST_AFTER_MS, which is under the hour Discord allows', () => {
    expect(REPOST_AFTER_MS).toBeLessThan(60 * 60_000);
    const now = 1_750_000_000_000;
    expect(messageAgeMs(snowflake(now - REPOST_AFTER_MS + 1), now)).toBeLessThan(REPOST_AFTER_MS);
    expect(messageAgeMs(snowflake(now - REPOST_AFTER_MS - 1), now)).toBeGreaterThan(REPOST_AFTER_MS);
    const fresh = snowflake(Date.now() - 1000);
    expect(messageAgeMs(fresh)).toBeGreaterThanOrEqual(1000);
    expect(messageAgeMs(fresh)).toBeLessThan(REPOST_AFTER_MS);
  });
});
