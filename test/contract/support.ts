// What the contract tests share: Discord's error code from a discord.js call, and a breach the fake recorded.
import { DiscordAPIError } from 'discord.js';
import { expect } from 'vitest';
import type { FakeDiscord } from '../../src/fake-discord';

/** The error a discord.js REST call rejected with, as Discord's code. */
export async function discordErrorCode(promise: Promise<unknown>): Promise<number | string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DiscordAPIError)) throw new Error(`expected a DiscordAPIError, got ${String(error)}`);
  return error.code;
}

/** The fake recorded a breach naming `fragment`; the records are cleared for the next check. */
export function expectBreach(fake: FakeDiscord, fragment: string): void {
  expect(
    fake.breaches.some((b) => b.includes(fragment)),
    `breaches: ${JSON.stringify(fake.breaches)}`,
  ).toBe(true);
  fake.clearRecords();
}
