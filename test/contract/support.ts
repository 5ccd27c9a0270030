// What the contract tests share: a discord.js client ready on the fake, Discord's error code from a discord.js call,
// and a breach the fake recorded.
import { ApplicationIntegrationType, Client, DiscordAPIError, Events, InteractionContextType } from 'discord.js';
import type { ApplicationCommandDataResolvable, ChatInputCommandInteraction, Interaction } from 'discord.js';
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

/** /olathe as the bot registers it globally: both installs, every context. */
export const OLATHE_EVERYWHERE: ApplicationCommandDataResolvable = {
  name: 'olathe',
  description: 'Play dice',
  integrationTypes: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  contexts: [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel],
};

/** The next slash command the client receives. */
export function nextCommand(client: Client): Promise<ChatInputCommandInteraction> {
  return new Promise((resolve) => {
    const listener = (interaction: Interaction): void => {
      if (!interaction.isChatInputCommand()) return;
      client.off(Events.InteractionCreate, listener);
      resolve(interaction);
    };
    client.on(Events.InteractionCreate, listener);
  });
}

/** A discord.js client logged in to the fake, with /olathe registered for every place. */
export async function readyClient(fake: FakeDiscord): Promise<Client> {
  const client = new Client({ intents: [], rest: { api: fake.apiUrl } });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(fake.botToken);
  await ready;
  await client.application!.commands.set([OLATHE_EVERYWHERE]);
  return client;
}
