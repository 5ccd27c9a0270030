// Contract of the loopback Discord's languages: a user's client language arrives as an interaction's `locale`,
// a server's preferred locale as `guild_locale` and in GUILD_CREATE, as on Discord; both default to en-US.
import { Client, Events, GatewayIntentBits, MessageFlags } from 'discord.js';
import type { Interaction } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';

let fake: FakeDiscord;
let client: Client;

beforeAll(async () => {
  fake = await startFakeDiscord();
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login('any-token-works');
  await ready;
  await client.application!.commands.set([{ name: 'roll', description: 'Roll the dice' }], fake.guildId);
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

afterEach(() => {
  expect(fake.breaches).toEqual([]);
});

/** The locales a slash command by `userId` arrives with, once the client has answered it. */
async function localesOf(userId: string): Promise<{ locale: string; guildLocale: string | null }> {
  const pending = new Promise<Interaction>((resolve) => client.once(Events.InteractionCreate, resolve));
  const handle = fake.slash(userId, 'roll', {});
  const interaction = await pending;
  if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
  await interaction.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
  await handle.acked();
  return { locale: interaction.locale, guildLocale: interaction.guildLocale };
}

describe('languages on the fake Discord', () => {
  it("sends a user's own locale and the guild's preferred locale, en-US unless set", async () => {
    const plain = fake.addUser({ username: 'plain' });
    const dane = fake.addUser({ username: 'dane', locale: 'da' });
    expect(await localesOf(plain.id)).toEqual({ locale: 'en-US', guildLocale: 'en-US' });
    expect(await localesOf(dane.id)).toEqual({ locale: 'da', guildLocale: 'en-US' });

    fake.setPreferredLocale('da');
    expect(await localesOf(plain.id)).toEqual({ locale: 'en-US', guildLocale: 'da' });
    fake.setPreferredLocale('en-US');
  });

  it('gives a new guild its preferred locale in GUILD_CREATE', async () => {
    const created = new Promise<string>((resolve) =>
      client.once(Events.GuildCreate, (guild) => resolve(guild.preferredLocale)),
    );
    fake.addGuild({ name: 'Danish', preferredLocale: 'da' });
    expect(await created).toBe('da');
  });
});
