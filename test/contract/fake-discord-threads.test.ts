// Contract of the fake's threads, per-channel permissions and moderator deletions, against a real
// discord.js Client: what discord.js receives and what Discord would answer.
import {
  ActionRowBuilder,
  ApplicationCommandOptionType,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  PermissionFlagsBits,
  Routes,
  StringSelectMenuBuilder,
} from 'discord.js';
import type { AnyThreadChannel, ClientEvents, Interaction, Message, TextChannel } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Permission, startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { discordErrorCode, expectBreach } from './support';

const ACK_DEADLINE_MS = 1000;

let fake: FakeDiscord;
let client: Client;
let alice: FakeUser;

function nextEvent<K extends keyof ClientEvents>(event: K): Promise<ClientEvents[K]> {
  return new Promise((resolve) => client.once(event, (...args) => resolve(args)));
}

function nextInteraction(): Promise<Interaction> {
  return nextEvent(Events.InteractionCreate).then(([interaction]) => interaction);
}

async function textChannel(id: string): Promise<TextChannel> {
  const channel = await client.channels.fetch(id);
  if (channel?.type !== ChannelType.GuildText) throw new Error(`${id} is not a text channel`);
  return channel;
}

/** The bot posts in a fresh channel and starts a thread from that message, through discord.js. */
async function threadFromBotMessage(
  channelName: string,
  threadName = 'Game',
): Promise<{ channel: TextChannel; starter: Message; thread: AnyThreadChannel }> {
  const created = nextEvent(Events.ChannelCreate);
  const id = fake.addChannel(channelName).id;
  await created;
  const channel = await textChannel(id);
  const starter = await channel.send('A new game');
  const thread = await starter.startThread({ name: threadName });
  return { channel, starter, thread };
}

beforeAll(async () => {
  fake = await startFakeDiscord({ ackDeadlineMs: ACK_DEADLINE_MS });
  alice = fake.addUser({ username: 'alice' });
  client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    rest: { api: fake.apiUrl },
  });
  const ready = nextEvent(Events.ClientReady);
  await client.login('any-token-works');
  await ready;
  await client.application!.commands.set(
    [
      {
        name: 'olathe',
        description: 'Play',
        options: [
          {
            type: ApplicationCommandOptionType.Subcommand,
            name: 'play',
            description: 'Start a game',
            options: [{ type: ApplicationCommandOptionType.Integer, name: 'rounds', description: 'Rounds' }],
          },
        ],
      },
    ],
    fake.guildId,
  );
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

afterEach(() => {
  expect(fake.breaches).toEqual([]);
});

describe('threads started from a message', () => {
  it('gives discord.js a public thread with the message id, THREAD_CREATE and the starter message marked', async () => {
    const channel = await textChannel(fake.channelId);
    const starter = await channel.send('Lobby');
    const created = nextEvent(Events.ThreadCreate);
    const thread = await starter.startThread({ name: 'Olathe #1', autoArchiveDuration: 60 });
    const [announced, newlyCreated] = await created;

    expect(thread.id).toBe(starter.id);
    expect(thread.type).toBe(ChannelType.PublicThread);
    expect(thread.parentId).toBe(fake.channelId);
    expect(thread.ownerId).toBe(fake.botUser.id);
    expect(thread.autoArchiveDuration).toBe(60);
    expect(thread.archived).toBe(false);
    expect(thread.locked).toBe(false);
    expect(announced.id).toBe(thread.id);
    expect(newlyCreated).toBe(true);

    const stored = fake.channel(thread.id);
    expect(stored?.type).toBe(11);
    expect(stored?.thread?.autoArchiveDuration).toBe(60);
    expect(fake.threads(fake.channelId).map((t) => t.id)).toEqual([thread.id]);
    expect(fake.channels.some((c) => c.id === thread.id)).toBe(false);
    expect(fake.message(starter.id)?.threadId).toBe(thread.id);
    expect((fake.message(starter.id)?.flags ?? 0) & MessageFlags.HasThread).toBe(MessageFlags.HasThread);
    const raw = (await client.rest.get(Routes.channelMessage(fake.channelId, starter.id))) as {
      thread?: { id: string; thread_metadata?: { archived: boolean } };
    };
    expect(raw.thread?.id).toBe(thread.id);
    expect(raw.thread?.thread_metadata?.archived).toBe(false);
    const guildChannels = (await client.rest.get(Routes.guildChannels(fake.guildId))) as Array<{ id: string }>;
    expect(guildChannels.some((c) => c.id === thread.id)).toBe(false);
  });

  it('carries messages in a thread through the ordinary channel routes', async () => {
    const { thread } = await threadFromBotMessage('routes');
    const first = await thread.send('first move');
    const second = await thread.send('second move');
    await first.edit('first move (edited)');
    expect(fake.messages(thread.id).map((m) => m.content)).toEqual(['first move (edited)', 'second move']);
    const fetched = await thread.messages.fetch();
    expect([...fetched.keys()]).toEqual([second.id, first.id]);
    await second.delete();
    expect(fake.messages(thread.id).map((m) => m.id)).toEqual([first.id]);
    const info = fake.channel(thread.id)?.thread;
    expect(info?.messageCount).toBe(1);
    expect(info?.totalMessageSent).toBe(2);
    const raw = (await client.rest.get(Routes.channel(thread.id))) as {
      message_count: number;
      parent_id: string;
      owner_id: string;
      type: number;
    };
    expect(raw).toMatchObject({ message_count: 1, parent_id: thread.parentId, owner_id: fake.botUser.id, type: 11 });
  });

  it('refuses what Discord refuses: 10003, 10008, 50035, 160004 and 50024', async () => {
    const { channel, starter, thread } = await threadFromBotMessage('refusals');
    const start = (channelId: string, messageId: string, body: unknown) =>
      client.rest.post(Routes.threads(channelId, messageId), { body });

    expect(await discordErrorCode(start('123', starter.id, { name: 'x' }))).toBe(10003);
    const other = await channel.send('no thread yet');
    expect(await discordErrorCode(start(channel.id, '999', { name: 'x' }))).toBe(10008);
    expect(await discordErrorCode(start(fake.channelId, other.id, { name: 'x' }))).toBe(10008);

    expect(await discordErrorCode(start(channel.id, other.id, { name: '' }))).toBe(50035);
    expectBreach(fake, 'thread name is 0 characters');
    expect(await discordErrorCode(start(channel.id, other.id, { name: 'n'.repeat(101) }))).toBe(50035);
    expectBreach(fake, 'thread name is 101 characters');
    expect(await discordErrorCode(start(channel.id, other.id, { name: 'ok', auto_archive_duration: 30 }))).toBe(50035);
    expectBreach(fake, 'auto_archive_duration 30');

    // A retry of a create whose answer was lost meets 160004; the bot should take the thread that exists.
    const error = await start(channel.id, starter.id, { name: 'again' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(160004);
    expect((error as DiscordAPIError).status).toBe(400);
    expect((error as DiscordAPIError).message).toBe('A thread has already been created for this message');

    const inThread = await thread.send('inside');
    expect(await discordErrorCode(start(thread.id, inThread.id, { name: 'nested' }))).toBe(50024);
    expectBreach(fake, 'is a thread');
    expect(fake.threads(channel.id)).toHaveLength(1);
  });

  it('lets a person start a thread that the bot then sees', async () => {
    const message = fake.say(alice, 'shall we play in a thread?');
    const created = nextEvent(Events.ThreadCreate);
    const thread = fake.startThread(alice, message.id, 'alice plays');
    const [seen] = await created;
    expect(seen.id).toBe(thread.id);
    expect(seen.ownerId).toBe(alice.id);
    expect(() => fake.startThread(alice, message.id, 'again')).toThrow(/already has a thread/);
  });
});

describe('interactions in a thread', () => {
  it('delivers a slash command from a thread; reply, button update and select land in the thread', async () => {
    const { thread } = await threadFromBotMessage('interactions', 'Game 7');
    const pending = nextInteraction();
    const handle = fake.slash(alice, 'olathe', { rounds: 3 }, { subcommand: 'play', channelId: thread.id });
    const interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');

    const channelPayload = handle.payload.channel as {
      id: string;
      type: number;
      parent_id: string;
      thread_metadata?: unknown;
    };
    expect(handle.payload.channel_id).toBe(thread.id);
    expect(channelPayload).toMatchObject({ id: thread.id, type: 11, parent_id: thread.parentId });
    expect(channelPayload.thread_metadata).toBeDefined();
    expect(handle.payload.app_permissions).toBe(fake.botPermissions(thread.parentId ?? ''));
    expect(interaction.channelId).toBe(thread.id);
    expect(interaction.channel?.isThread()).toBe(true);
    expect(interaction.options.getInteger('rounds')).toBe(3);
    expect(interaction.appPermissions.has(PermissionFlagsBits.SendMessagesInThreads)).toBe(true);

    await interaction.reply({
      content: 'Round 1',
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('throw').setLabel('Throw').setStyle(ButtonStyle.Primary),
        ),
      ],
    });
    const reply = await handle.reply();
    expect(reply.channelId).toBe(thread.id);
    expect(fake.messages(thread.id).map((m) => m.id)).toContain(reply.id);

    const clicked = nextInteraction();
    const click = fake.click(alice, reply.id, 'throw');
    const button = await clicked;
    if (!button.isButton()) throw new Error('expected a button');
    expect(button.channelId).toBe(thread.id);
    expect((click.payload.channel as { type: number }).type).toBe(11);
    await button.update({
      content: 'Round 1: pick',
      components: [
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder().setCustomId('pick').addOptions({ label: 'Sixes', value: 'sixes' }),
        ),
      ],
    });
    expect((await click.reply()).content).toBe('Round 1: pick');

    const selected = nextInteraction();
    const select = fake.select(alice, reply.id, 'pick', ['sixes']);
    const menu = await selected;
    if (!menu.isStringSelectMenu()) throw new Error('expected a select');
    await menu.reply({ content: 'Sixes it is' });
    const answer = await select.reply();
    expect(answer.channelId).toBe(thread.id);
    expect(answer.referencedMessageId).toBe(reply.id);
  });
});

describe('permissions a moderator takes away in one channel', () => {
  it('refuses posting and thread creation with 50013 and reduces app_permissions; discord.js sees the overwrite', async () => {
    const { channel, thread } = await threadFromBotMessage('locked-down');
    const updated = nextEvent(Events.ChannelUpdate);
    fake.setBotChannelPermissions(channel.id, { deny: Permission.SendMessages | Permission.CreatePublicThreads });
    await updated;
    expect(channel.permissionsFor(client.user!)?.has(PermissionFlagsBits.SendMessages)).toBe(false);
    expect(BigInt(fake.botPermissions(channel.id)) & Permission.SendMessages).toBe(0n);

    expect(await discordErrorCode(channel.send('still here?'))).toBe(50013);
    const older = fake.say(alice, 'start a thread here, bot');
    expect(
      await discordErrorCode(client.rest.post(Routes.threads(channel.id, older.id), { body: { name: 'nope' } })),
    ).toBe(50013);
    // Send Messages has no effect in threads; Send Messages in Threads decides there.
    await thread.send('the thread still works');

    const pending = nextInteraction();
    const handle = fake.slash(alice, 'olathe', {}, { subcommand: 'play', channelId: channel.id });
    const interaction = await pending;
    expect(interaction.appPermissions?.has(PermissionFlagsBits.SendMessages)).toBe(false);
    expect(BigInt(String(handle.payload.app_permissions)) & Permission.SendMessages).toBe(0n);
    // Interaction responses are webhooks; they do not need Send Messages.
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    await interaction.reply('answered anyway');
    expect((await handle.reply()).content).toBe('answered anyway');

    // A thread takes its permissions from its parent, app_permissions included.
    const inThread = nextInteraction();
    const threadHandle = fake.slash(alice, 'olathe', {}, { subcommand: 'play', channelId: thread.id });
    const threadInteraction = await inThread;
    expect(threadInteraction.appPermissions?.has(PermissionFlagsBits.SendMessages)).toBe(false);
    expect(threadInteraction.appPermissions?.has(PermissionFlagsBits.SendMessagesInThreads)).toBe(true);
    expect(threadHandle.payload.app_permissions).toBe(handle.payload.app_permissions);
    if (!threadInteraction.isChatInputCommand()) throw new Error('expected a chat input command');
    await threadInteraction.reply('in the thread');

    fake.setBotChannelPermissions(channel.id, { deny: Permission.SendMessagesInThreads });
    expect(await discordErrorCode(thread.send('and now?'))).toBe(50013);
    fake.setBotChannelPermissions(channel.id, { deny: Permission.ViewChannel });
    expect(
      await discordErrorCode(client.rest.post(Routes.channelMessages(channel.id), { body: { content: 'hidden' } })),
    ).toBe(50001);
    expect(fake.botPermissions(thread.id)).toBe('0');

    fake.setBotChannelPermissions(channel.id, {});
    await channel.send('back');
    expect(fake.channel(channel.id)?.botOverwrite).toBeUndefined();
    expect(() => fake.setBotChannelPermissions(thread.id, { deny: Permission.SendMessages })).toThrow(/parent/);
  });
});

describe('moderator deletions', () => {
  it('deletes any message: MESSAGE_DELETE, then 10008 for the bot', async () => {
    const channel = await textChannel(fake.channelId);
    const sent = await channel.send('delete me');
    const deleted = nextEvent(Events.MessageDelete);
    expect(fake.deleteMessage(sent.id).deleted).toBe(true);
    expect((await deleted)[0].id).toBe(sent.id);
    expect(await discordErrorCode(sent.edit('too late'))).toBe(10008);
    const theirs = fake.say(alice, 'mine');
    fake.deleteMessage(theirs.id);
    expect(fake.messages().some((m) => m.id === theirs.id)).toBe(false);
  });

  it('deletes a thread: THREAD_DELETE, then 10003 on every route, without breaches', async () => {
    const { starter, thread } = await threadFromBotMessage('thread-deletion');
    const inside = await thread.send('in the thread');
    const gone = nextEvent(Events.ThreadDelete);
    fake.deleteChannel(thread.id);
    expect((await gone)[0].id).toBe(thread.id);
    expect(client.channels.cache.has(thread.id)).toBe(false);
    expect(fake.channel(thread.id)).toBeUndefined();
    expect(fake.threads()).not.toContainEqual(expect.objectContaining({ id: thread.id }));
    expect(fake.messages(thread.id)).toEqual([]);
    expect(fake.messages(thread.id, { includeDeleted: true }).map((m) => m.id)).toEqual([inside.id]);

    expect(
      await discordErrorCode(client.rest.post(Routes.channelMessages(thread.id), { body: { content: 'hello?' } })),
    ).toBe(10003);
    expect(
      await discordErrorCode(
        client.rest.patch(Routes.channelMessage(thread.id, inside.id), { body: { content: 'edit' } }),
      ),
    ).toBe(10003);
    expect(await discordErrorCode(client.rest.get(Routes.channelMessages(thread.id)))).toBe(10003);
    expect(await discordErrorCode(client.rest.get(Routes.channel(thread.id)))).toBe(10003);
    // The starter message stays, without its thread.
    expect(fake.message(starter.id)?.deleted).toBeUndefined();
    expect((fake.message(starter.id)?.flags ?? 0) & MessageFlags.HasThread).toBe(0);
    const raw = (await client.rest.get(Routes.channelMessage(starter.channelId, starter.id))) as { thread?: unknown };
    expect(raw.thread).toBeUndefined();
  });

  it('deletes a channel with its threads; interactions from it answer 10003 and never count as late', async () => {
    const { channel, thread } = await threadFromBotMessage('doomed');
    const pending = nextInteraction();
    const handle = fake.slash(alice, 'olathe', {}, { subcommand: 'play', channelId: thread.id });
    const interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');

    const channelGone = nextEvent(Events.ChannelDelete);
    const threadGone = nextEvent(Events.ThreadDelete);
    fake.deleteChannel(channel.id);
    expect((await channelGone)[0].id).toBe(channel.id);
    expect((await threadGone)[0].id).toBe(thread.id);
    expect(fake.threads(channel.id)).toEqual([]);
    expect(fake.channels.some((c) => c.id === channel.id)).toBe(false);

    expect(await discordErrorCode(interaction.reply('anyone?'))).toBe(10003);
    expect(await discordErrorCode(channel.send('hello?'))).toBe(10003);
    expect(() => fake.slash(alice, 'olathe', {}, { subcommand: 'play', channelId: channel.id })).toThrow(/deleted/);
    await new Promise((resolve) => setTimeout(resolve, ACK_DEADLINE_MS + 100));
    expect(handle.expired).toBe(false);
  });
});
