// Contract of the fake's "Create Reaction" route against a real discord.js Client, as Discord documents it:
// PUT /channels/{channel}/messages/{message}/reactions/{emoji}/@me answers 204; one reaction per user and emoji;
// Add Reactions is needed only for an emoji not yet on the message; unknown emoji (10014), unknown and
// ephemeral messages (10008), the 21st emoji (30010); MESSAGE_REACTION_ADD for the reactions intent.
import { ChannelType, Client, Events, GatewayIntentBits, MessageFlags, Routes } from 'discord.js';
import type { ClientEvents, TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission, startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { MAX_REACTION_EMOJI, isKnownEmoji } from '../../src/fake-discord/reactions';
import { discordErrorCode } from './support';

let fake: FakeDiscord;
let client: Client;
let alice: FakeUser;

function nextEvent<K extends keyof ClientEvents>(event: K): Promise<ClientEvents[K]> {
  return new Promise((resolve) => client.once(event, (...args) => resolve(args)));
}

async function freshChannel(name: string): Promise<TextChannel> {
  const created = nextEvent(Events.ChannelCreate);
  const id = fake.addChannel(name).id;
  await created;
  const channel = await client.channels.fetch(id);
  if (channel?.type !== ChannelType.GuildText) throw new Error(`${id} is not a text channel`);
  return channel;
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  alice = fake.addUser({ username: 'alice' });
  client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.GuildMessageReactions],
    rest: { api: fake.apiUrl },
  });
  const ready = nextEvent(Events.ClientReady);
  await client.login('any-token-works');
  await ready;
  await client.application!.commands.set([{ name: 'ask', description: 'Ask' }], fake.guildId);
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

describe('Create Reaction', () => {
  it("adds the bot's reaction once however often it is asked, and shows it on the message", async () => {
    const channel = await freshChannel('reactions');
    const message = await channel.send('five sixes!');
    const told = nextEvent(Events.MessageReactionAdd);
    await message.react('🎉');
    const [reaction, user] = await told;
    expect(reaction.emoji.name).toBe('🎉');
    expect(user.id).toBe(client.user!.id);
    // The same call again, as a retried delivery would make it: 204, nothing added.
    await client.rest.put(Routes.channelMessageOwnReaction(channel.id, message.id, encodeURIComponent('🎉')));
    expect(fake.message(message.id)!.reactions).toEqual([{ emoji: '🎉', userIds: [client.user!.id] }]);
    const fetched = (await client.rest.get(Routes.channelMessage(channel.id, message.id))) as {
      reactions: unknown[];
    };
    expect(fetched.reactions).toEqual([
      {
        count: 1,
        count_details: { burst: 0, normal: 1 },
        me: true,
        me_burst: false,
        emoji: { id: null, name: '🎉' },
        burst_colors: [],
      },
    ]);
    expect(fake.breaches).toEqual([]);
  });

  it('needs Add Reactions only for an emoji not yet on the message, and Read Message History always', async () => {
    const channel = await freshChannel('no-reactions');
    const message = await channel.send('a turn');
    await message.react('🎉');
    fake.setBotChannelPermissions(channel.id, { deny: Permission.AddReactions });
    await message.react('🎉');
    expect(await discordErrorCode(message.react('🎲'))).toBe(50013);
    fake.setBotChannelPermissions(channel.id, { deny: Permission.ReadMessageHistory });
    expect(await discordErrorCode(message.react('🎉'))).toBe(50013);
    expect(fake.message(message.id)!.reactions).toEqual([{ emoji: '🎉', userIds: [client.user!.id] }]);
  });

  it('refuses an unknown emoji, an unknown message, an ephemeral one, and the 21st emoji', async () => {
    const channel = await freshChannel('refusals');
    const message = await channel.send('many reactions');
    const put = (messageId: string, emoji: string) =>
      client.rest.put(Routes.channelMessageOwnReaction(channel.id, messageId, encodeURIComponent(emoji)));
    expect(await discordErrorCode(put(message.id, 'tada'))).toBe(10014);
    expect(await discordErrorCode(put(message.id, 'party:123'))).toBe(10014);
    expect(await discordErrorCode(put('1234567890', '🎉'))).toBe(10008);

    const asked = nextEvent(Events.InteractionCreate);
    const handle = fake.slash(alice, 'ask', {}, { channelId: channel.id });
    const [interaction] = await asked;
    if (!interaction.isChatInputCommand()) throw new Error('expected a command');
    await interaction.reply({ content: 'only you', flags: MessageFlags.Ephemeral });
    const ephemeral = await handle.reply();
    expect(await discordErrorCode(put(ephemeral.id, '🎉'))).toBe(10008);

    const emoji = ['😀', '😁', '😂', '🤣', '😃', '😄', '😅', '😆', '😉', '😊', '😋', '😎', '😍', '😘', '🥰'];
    const twenty = [...emoji, '🙂', '🤗', '🤩', '🤔', '🫡'];
    expect(twenty).toHaveLength(MAX_REACTION_EMOJI);
    for (const e of twenty) await put(message.id, e);
    expect(await discordErrorCode(put(message.id, '🎉'))).toBe(30010);
    await put(message.id, '😀'); // one already there is still fine
    expect(fake.message(message.id)!.reactions).toHaveLength(MAX_REACTION_EMOJI);
  });

  it('knows Unicode emoji, with joiners, variation selectors, flags and keycaps', () => {
    for (const ok of ['🎉', '👍🏽', '👩‍👩‍👧', '❤️', '🇩🇰', '6️⃣', '🎲']) expect(isKnownEmoji(ok), ok).toBe(true);
    for (const bad of ['', 'tada', '6', '#', ':tada:', 'a🎉', 'party:123']) expect(isKnownEmoji(bad), bad).toBe(false);
  });
});
