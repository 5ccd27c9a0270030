// Contract of the loopback Discord fake: a real discord.js Client, unmodified, talks to it exactly as
// to Discord, and the fake records every rule the client breaks.
import {
  ActionRowBuilder,
  ApplicationCommandOptionType,
  ButtonBuilder,
  ButtonStyle,
  Client,
  EmbedBuilder,
  Events,
  GatewayIntentBits,
  MessageFlags,
  Routes,
  StringSelectMenuBuilder,
} from 'discord.js';
import type { Interaction, SendableChannels } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, startFakeDiscord } from '../../src/fake-discord';
import type { ChangeEvent, FakeDiscord, FakeUser } from '../../src/fake-discord';
import { discordErrorCode, expectBreach } from './support';

let fake: FakeDiscord;
let client: Client;
let alice: FakeUser;
let bob: FakeUser;

async function login(): Promise<Client> {
  const next = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
  const ready = new Promise<void>((resolve) => next.once(Events.ClientReady, () => resolve()));
  await next.login('any-token-works');
  await ready;
  return next;
}

function nextInteraction(): Promise<Interaction> {
  return new Promise((resolve) => client.once(Events.InteractionCreate, resolve));
}

async function diceChannel(): Promise<SendableChannels> {
  const channel = await client.channels.fetch(fake.channelId);
  if (!channel?.isSendable()) throw new Error('#dice is not sendable');
  return channel;
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
  bob = fake.addUser({ username: 'bob', permissions: PERMISSIONS.moderator });
  client = await login();
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

afterEach(() => {
  // Tests that break a rule on purpose check and clear their breach; anything left is a fake bug.
  expect(fake.breaches).toEqual([]);
});

describe('fake Discord with a real discord.js client', () => {
  it('logs in and sees the guild, its channel and members', async () => {
    await fake.ready();
    expect(fake.connectedBots).toBe(1);
    expect(client.user?.id).toBe(fake.botUser.id);
    expect(client.application?.id).toBe(fake.applicationId);
    const guild = client.guilds.cache.get(fake.guildId);
    expect(guild?.name).toBe('Olathe Test Server');
    expect(client.channels.cache.get(fake.channelId)?.toString()).toBe(`<#${fake.channelId}>`);
    expect(guild?.channels.cache.get(fake.channelId)?.name).toBe('dice');
    expect(guild?.members.me?.id).toBe(fake.botUser.id);
  });

  it('stores registered guild commands and returns them with ids', async () => {
    const set = await client.application!.commands.set(
      [
        {
          name: 'roll',
          description: 'Roll the dice',
          options: [
            {
              type: ApplicationCommandOptionType.Integer,
              name: 'count',
              description: 'How many',
              required: true,
              minValue: 1,
              maxValue: 5,
            },
            { type: ApplicationCommandOptionType.User, name: 'opponent', description: 'Who to play' },
            { type: ApplicationCommandOptionType.Boolean, name: 'loud', description: 'Public?' },
          ],
        },
        {
          name: 'game',
          description: 'Games',
          options: [
            {
              type: ApplicationCommandOptionType.Subcommand,
              name: 'start',
              description: 'Start a game',
              options: [
                {
                  type: ApplicationCommandOptionType.String,
                  name: 'mode',
                  description: 'Mode',
                  choices: [
                    { name: 'Olathe', value: 'olathe' },
                    { name: 'Balut', value: 'balut' },
                  ],
                },
              ],
            },
          ],
        },
      ],
      fake.guildId,
    );
    expect(set.size).toBe(2);
    const stored = fake.registeredCommands.guilds[fake.guildId] ?? [];
    expect(stored.map((c) => c.name)).toEqual(['roll', 'game']);
    expect(stored.every((c) => /^\d+$/.test(c.id))).toBe(true);
    expect(set.map((c) => c.id).sort()).toEqual(stored.map((c) => c.id).sort());
  });

  it('refuses an invalid command tree with 50035 and a breach', async () => {
    const code = await discordErrorCode(
      client.application!.commands.set([{ name: 'Bad Name', description: 'x' }], fake.guildId),
    );
    expect(code).toBe(50035);
    expectBreach(fake, 'name "Bad Name"');
  });

  it('delivers a slash command; an ephemeral reply is visible only to its user', async () => {
    const pending = nextInteraction();
    const start = performance.now();
    const handle = fake.slash(alice, 'roll', { count: 3, opponent: bob });
    const interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    expect(interaction.commandName).toBe('roll');
    expect(interaction.options.getInteger('count')).toBe(3);
    expect(interaction.options.getUser('opponent')?.username).toBe('bob');
    expect(interaction.options.getMember('opponent')).toBeTruthy();
    expect(interaction.user.id).toBe(alice.id);
    await interaction.reply({ content: 'You rolled 3 dice', flags: MessageFlags.Ephemeral });

    const ack = await handle.acked();
    expect(ack.type).toBe(4);
    // When the callback reached the fake: after the dispatch, and before the fake read and applied it.
    expect(ack.arrivedAfterMs).toBeGreaterThan(0);
    // The dispatch on this process's clock, for a bench to line up with its other clocks (the click bench's relay).
    expect(ack.dispatchedAt).toBeGreaterThanOrEqual(start);
    expect(ack.dispatchedAt + ack.arrivedAfterMs).toBeLessThanOrEqual(performance.now());
    expect(ack.arrivedAfterMs).toBeLessThanOrEqual(ack.afterMs + 0.5);
    const reply = await handle.reply();
    expect(reply.content).toBe('You rolled 3 dice');
    expect(reply.ephemeralFor).toBe(alice.id);
    expect(reply.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
    expect(fake.messagesVisibleTo(bob).some((m) => m.id === reply.id)).toBe(false);
    expect(fake.messagesVisibleTo(alice).some((m) => m.id === reply.id)).toBe(true);

    // The bot's own channel routes cannot reach an ephemeral message.
    const code = await discordErrorCode(
      client.rest.patch(Routes.channelMessage(fake.channelId, reply.id), { body: { content: 'edited' } }),
    );
    expect(code).toBe(10008);
    expectBreach(fake, 'ephemeral');
  });

  it('supports deferReply then editReply on a subcommand', async () => {
    const pending = nextInteraction();
    const handle = fake.slash(alice, 'game', { mode: 'balut' }, { subcommand: 'start' });
    const interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    expect(interaction.options.getSubcommand()).toBe('start');
    expect(interaction.options.getString('mode')).toBe('balut');
    await interaction.deferReply();
    expect(fake.messages().at(-1)?.flags).toBe(MessageFlags.Loading);
    await interaction.editReply({ content: 'Balut begins' });
    const reply = await handle.reply();
    expect(reply.content).toBe('Balut begins');
    expect(reply.flags).toBe(0);
    expect(reply.editCount).toBe(0);
    expect(handle.ack?.type).toBe(5);
  });

  it('answers withResponse with the created message', async () => {
    const pending = nextInteraction();
    fake.slash(bob, 'roll', { count: 1 });
    const interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    const response = await interaction.reply({ content: 'one die', withResponse: true });
    expect(response.resource?.message?.content).toBe('one die');
    const fetched = await interaction.fetchReply();
    expect(fetched.id).toBe(response.resource?.message?.id);
    const followUp = await interaction.followUp({ content: 'and another', flags: MessageFlags.Ephemeral });
    expect(fake.message(followUp.id)?.ephemeralFor).toBe(bob.id);
  });

  it('routes a button click to a ButtonInteraction whose update() edits the message', async () => {
    const channel = await diceChannel();
    const sent = await channel.send({
      embeds: [new EmbedBuilder().setTitle('Turn 1').setDescription('Roll!').addFields({ name: 'Alice', value: '0' })],
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('roll').setLabel('Roll').setStyle(ButtonStyle.Primary),
          new ButtonBuilder().setCustomId('keep').setLabel('Keep').setStyle(ButtonStyle.Secondary),
        ),
      ],
    });
    expect(fake.message(sent.id)?.embeds[0]?.title).toBe('Turn 1');

    const pending = nextInteraction();
    const handle = fake.click(alice, sent.id, 'roll');
    const interaction = await pending;
    if (!interaction.isButton()) throw new Error('expected a button');
    expect(interaction.customId).toBe('roll');
    expect(interaction.message.id).toBe(sent.id);
    expect(interaction.message.embeds[0]?.title).toBe('Turn 1');
    await interaction.update({ content: 'Rolled: 6 6 6 6 6', components: [] });

    const updated = await handle.reply();
    expect(updated.id).toBe(sent.id);
    expect(updated.content).toBe('Rolled: 6 6 6 6 6');
    expect(updated.components).toEqual([]);
    expect(updated.editCount).toBe(1);
    expect(updated.history[0]?.embeds[0]?.title).toBe('Turn 1');
  });

  it('routes a string select and supports deferUpdate + editReply', async () => {
    const channel = await diceChannel();
    const sent = await channel.send({
      content: 'Pick a category',
      components: [
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId('category')
            .setPlaceholder('Category')
            .addOptions({ label: 'Fours', value: 'fours' }, { label: 'Sixes', value: 'sixes' }),
        ),
      ],
    });
    const pending = nextInteraction();
    const handle = fake.select(alice, sent.id, 'category', ['sixes']);
    const interaction = await pending;
    if (!interaction.isStringSelectMenu()) throw new Error('expected a string select');
    expect(interaction.values).toEqual(['sixes']);
    await interaction.deferUpdate();
    await interaction.editReply({ content: 'Scored sixes', components: [] });
    const reply = await handle.reply();
    expect(reply.id).toBe(sent.id);
    expect(reply.content).toBe('Scored sixes');
    expect(handle.ack?.type).toBe(6);
  });

  it('answers a second acknowledgement with 40060 and records a breach', async () => {
    const pending = nextInteraction();
    fake.slash(alice, 'roll', { count: 2 });
    const interaction = await pending;
    await (interaction as Extract<Interaction, { reply: unknown }>).reply({ content: 'first' });
    const second = client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
      body: { type: 4, data: { content: 'second' } },
      auth: false,
    });
    expect(await discordErrorCode(second)).toBe(40060);
    expectBreach(fake, 'already acknowledged');
  });

  it('refuses a message with 6 action rows with 400 / 50035 and a breach', async () => {
    const channel = await diceChannel();
    const rows = Array.from({ length: 6 }, (_, i) =>
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId(`b${i}`).setLabel(`B${i}`).setStyle(ButtonStyle.Primary),
      ),
    );
    const before = fake.messages().length;
    expect(await discordErrorCode(channel.send({ content: 'too many rows', components: rows }))).toBe(50035);
    expect(fake.messages().length).toBe(before);
    expectBreach(fake, '6 action rows');
  });

  it('refuses over-long content and duplicate custom ids', async () => {
    const channel = await diceChannel();
    expect(await discordErrorCode(channel.send({ content: 'x'.repeat(2001) }))).toBe(50035);
    expectBreach(fake, 'content is 2001 characters');
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId('same').setLabel('A').setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId('same').setLabel('B').setStyle(ButtonStyle.Primary),
    );
    expect(await discordErrorCode(channel.send({ content: 'dupes', components: [row] }))).toBe(50035);
    expectBreach(fake, 'custom_id "same"');
  });

  it('expires an interaction acknowledged after the deadline (10062) and tokens after 15 minutes', async () => {
    const pending = nextInteraction();
    const late = fake.slash(alice, 'roll', { count: 1 });
    const interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    fake.advanceTime(4000);
    expect(await discordErrorCode(interaction.reply('too late'))).toBe(10062);
    expect(late.expired).toBe(true);
    await expect(late.acked()).rejects.toThrow(/not acknowledged/);
    expectBreach(fake, 'past the 3000 ms deadline');

    const pending2 = nextInteraction();
    fake.slash(alice, 'roll', { count: 1 });
    const second = await pending2;
    if (!second.isChatInputCommand()) throw new Error('expected a chat input command');
    await second.deferReply();
    fake.advanceTime(16 * 60 * 1000);
    expect(await discordErrorCode(second.editReply('much later'))).toBe(50027);
    expectBreach(fake, 'tokens live 15 min');
  });

  it('accepts multipart uploads and serves the attachment', async () => {
    const channel = await diceChannel();
    const sent = await channel.send({
      content: 'scores',
      files: [{ attachment: Buffer.from('a,b\n1,2\n'), name: 'scores.csv' }],
    });
    const stored = fake.message(sent.id);
    expect(stored?.content).toBe('scores');
    expect(stored?.attachments[0]?.filename).toBe('scores.csv');
    const body = await (await fetch(stored?.attachments[0]?.url ?? '')).text();
    expect(body).toBe('a,b\n1,2\n');
  });

  it('emits change events and waitFor re-checks on each change', async () => {
    const events: ChangeEvent[] = [];
    const listener = (event: ChangeEvent): void => void events.push(event);
    fake.on('change', listener);
    const channel = await diceChannel();
    const sent = await channel.send('hello');
    await sent.edit('hello again');
    await sent.delete();
    fake.off('change', listener);
    expect(events.map((e) => e.type)).toEqual(['messageCreate', 'messageUpdate', 'messageDelete']);
    expect(events[1]?.message.content).toBe('hello again');
    expect(fake.messages().some((m) => m.id === sent.id)).toBe(false);
    expect(fake.messages(fake.channelId, { includeDeleted: true }).find((m) => m.id === sent.id)?.deleted).toBe(true);

    const waiting = fake.waitForMessage((m) => m.content === 'later');
    await channel.send('later');
    expect((await waiting).content).toBe('later');
    await expect(fake.waitFor(() => false, 50)).rejects.toThrow(/#dice/);
  });

  it('lets discord.js RESUME after the gateway drops the connection', async () => {
    const resumed = fake.nextReady();
    const shardResumed = new Promise<boolean>((resolve) => client.once(Events.ShardResume, () => resolve(true)));
    fake.disconnectBots();
    await resumed;
    expect(await shardResumed).toBe(true);
    const pending = nextInteraction();
    const handle = fake.slash(alice, 'roll', { count: 2 });
    const interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    await interaction.reply({
      content: 'still here',
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('mine').setLabel('Mine').setStyle(ButtonStyle.Primary),
        ),
      ],
      flags: MessageFlags.Ephemeral,
    });
    const reply = await handle.reply();
    // Only the user who sees an ephemeral message can click it; its update goes through the new token.
    expect(() => fake.click(bob, reply.id, 'mine')).toThrow(/ephemeral/);
    const clicked = nextInteraction();
    const click = fake.click(alice, reply.id, 'mine');
    const button = await clicked;
    if (!button.isButton()) throw new Error('expected a button');
    await button.update({ content: 'clicked privately', components: [] });
    const updated = await click.reply();
    expect(updated.id).toBe(reply.id);
    expect(updated.ephemeralFor).toBe(alice.id);
    expect(updated.content).toBe('clicked privately');
  });

  it('lets a new client identify again after the old one is destroyed, keeping state', async () => {
    const messagesBefore = fake.messages().length;
    await client.destroy();
    await fake.waitFor(() => fake.connectedBots === 0);
    expect(() => fake.slash(alice, 'roll', { count: 1 })).toThrow(/no bot is connected/);

    const nextReady = fake.nextReady();
    client = await login();
    await nextReady;
    expect(fake.messages().length).toBe(messagesBefore);
    expect(fake.registeredCommands.guilds[fake.guildId]?.length).toBe(2);

    const pending = nextInteraction();
    const handle = fake.slash(bob, 'roll', { count: 5, loud: true });
    const interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    expect(interaction.options.getBoolean('loud')).toBe(true);
    expect(interaction.memberPermissions?.has('ManageMessages')).toBe(true);
    await interaction.reply('back online');
    expect((await handle.reply()).content).toBe('back online');
  });
});

describe('fake Discord over raw HTTP', () => {
  it('answers an unknown route with 404 and records it', async () => {
    const response = await fetch(`${fake.apiUrl}/v10/channels/${fake.channelId}/pins`, {
      headers: { Authorization: `Bot ${fake.botToken}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: '404: Not Found', code: 0 });
    expect(fake.unknownRoutes).toContain(`GET /api/v10/channels/${fake.channelId}/pins`);
    expectBreach(fake, 'unknown route');
  });

  it('describes the gateway like /gateway/bot does', async () => {
    const response = await fetch(`${fake.apiUrl}/v10/gateway/bot`, {
      headers: { Authorization: `Bot ${fake.botToken}` },
    });
    const body = (await response.json()) as { url: string; shards: number };
    expect(body.url).toBe(`ws://127.0.0.1:${fake.port}/gateway`);
    expect(body.shards).toBe(1);
  });

  const button = (customId: string, label = 'B') => ({ type: 2, style: 1, custom_id: customId, label });
  const select = (customId: string, count: number) => ({
    type: 3,
    custom_id: customId,
    options: Array.from({ length: count }, (_, i) => ({ label: `L${i}`, value: `v${i}` })),
  });
  const limitCases: Array<[string, Record<string, unknown>, string]> = [
    ['11 embeds', { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, '11 embeds'],
    ['embed title 257', { embeds: [{ title: 't'.repeat(257) }] }, 'embed 0 title is 257'],
    ['embed description 4097', { embeds: [{ description: 'd'.repeat(4097) }] }, 'embed 0 description is 4097'],
    ['26 fields', { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] }, '26 fields'],
    ['field value 1025', { embeds: [{ fields: [{ name: 'n', value: 'v'.repeat(1025) }] }] }, 'field 0 value is 1025'],
    [
      'embeds over 6000 together',
      { embeds: [{ description: 'd'.repeat(4000) }, { description: 'd'.repeat(2001) }] },
      '6001 characters together',
    ],
    [
      '6 buttons in a row',
      { components: [{ type: 1, components: Array.from({ length: 6 }, (_, i) => button(`b${i}`)) }] },
      'holds 6 components',
    ],
    [
      'select plus button',
      { components: [{ type: 1, components: [select('s', 2), button('b')] }] },
      'a select menu fills its row',
    ],
    ['26 select options', { components: [{ type: 1, components: [select('s', 26)] }] }, 'has 26 options'],
    ['custom_id 101', { components: [{ type: 1, components: [button('c'.repeat(101))] }] }, 'custom_id is 101'],
    ['button label 81', { components: [{ type: 1, components: [button('b', 'l'.repeat(81))] }] }, 'label is 81'],
    ['empty message', { content: '' }, 'empty message'],
  ];
  it.each(limitCases)('refuses %s', async (_name, body, breach) => {
    const response = await fetch(`${fake.apiUrl}/v10/channels/${fake.channelId}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bot ${fake.botToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    const error = (await response.json()) as { code: number; errors?: unknown };
    expect(error.code).toBe(breach === 'empty message' ? 50006 : 50035);
    expectBreach(fake, breach);
  });

  it('records a message sent to an unknown channel', async () => {
    const response = await fetch(`${fake.apiUrl}/v10/channels/123/messages`, {
      method: 'POST',
      headers: { Authorization: `Bot ${fake.botToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'hi' }),
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: number }).code).toBe(10003);
    expectBreach(fake, 'unknown channel 123');
  });
});
