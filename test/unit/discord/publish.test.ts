import { describe, expect, it } from 'vitest';
import { REPOST_AFTER_MS, messageAgeMs } from '../../../src/discord/publish';

describe('message age', () => {
  it('reads a snowflake\'s creation time, so old scoreboards are replaced rather than edited', () => {
    const createdAt = Date.UTC(2026, 10, 22, 12, 0, 0);
    const id = ((BigInt(createdAt) - 1420070400000n) << 22n).toString();
    expect(messageAgeMs(id, createdAt + 1000)).toBe(1000);
    expect(messageAgeMs(id, createdAt + REPOST_AFTER_MS + 1)).toBeGreaterThan(REPOST_AFTER_MS);
  });
});
