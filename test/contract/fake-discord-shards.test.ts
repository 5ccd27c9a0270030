// Contract of the fake's guilds and shards: real discord.js clients identify with `shard: [id, n]` and each
// is told of, and receives the events and interactions of, the guilds with (guild_id >> 22) % n == id only;
// REST answers per guild; an interaction of a guild whose shard is down fails as on Discord.
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, Client, Events, GatewayIntentBits, Routes } from 'discord.js';
import type { ClientOptions, Interaction } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { shardOfGuild, startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { discordErrorCode, expectBreach } from './support';

interface Bot {
  client: Client;
  /** guild_id of every interaction this client received. */
  seen: string[];
  errors: unknown[];
}

let fake: FakeDiscord;
/** On shard 1 of 2; the default guild is on shard 0 of 2. */
let second: { guildId: string; channelId: string };
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;

async function answer(interaction: Interaction): Promise<void> {
  const where = `shard ${interaction.guild?.shardId} in ${interaction.guild?.name}`;
  if (interaction.isChatInputCommand()) await interaction.reply(`rolled on ${where}`);
  else if (interaction.isButton()) await interaction.update({ content: `clicked on ${where}`, components: [] });
}

async function login(options: Partial<ClientOptions> = {}): Promise<Bot> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl }, ...options });
  const bot: Bot = { client, seen: [], errors: [] };
  client.on(Events.InteractionCreate, (interaction) => {
    bot.seen.push(interaction.guildId ?? '');
    answer(interaction).catch((error: unknown) => bot.errors.push(error));
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(fake.botToken);
  await ready;
  return bot;
}

/**
 * Resolves once `bot` has a new channel of `guildId`: a session gets its events in order, so anything sent
 * to it earlier has arrived by then. That is how a test shows an earlier event did not come.
 */
async function settled(bot: Bot, guildId: string): Promise<void> {
  const created = new Promise<void>((resolve) =>
    bot.client.on(Events.ChannelCreate, (channel) => {
      if (channel.name === `marker-${guildId}`) resolve();
    }),
  );
  fake.addChannel(`marker-${guildId}`, guildId);
  await created;
}

function rollCommand(): { name: string; description: string } {
  return { name: 'roll', description: 'Roll the dice' };
}

beforeAll(async () => {
  fake = await startFakeDiscord({ recommendedShards: 2, maxConcurrency: 2, guildShard: [0, 2], ackDeadlineMs: 1000 });
  second = fake.addGuild({ name: 'Second Server', channelName: 'dice-two', shard: [1, 2] });
  alice = fake.addUser({ username: 'alice', guildIds: [fake.guildId, second.guildId] });
  bob = fake.addUser({ username: 'bob', guildIds: [second.guildId] });
  carol = fake.addUser({ username: 'carol' });
});

afterAll(async () => {
  await fake?.close();
});

afterEach(() => {
  expect(fake.breaches).toEqual([]);
});

describe('guilds of the fake', () => {
  it('mints guild ids on the shard asked for, and refuses an id on another', () => {
    expect(shardOfGuild(fake.guildId, 2)).toBe(0);
    expect(shardOfGuild(second.guildId, 2)).toBe(1);
    for (const shardId of [2, 0, 1]) {
      const { guildId } = fake.addGuild({ name: `Three-way ${shardId}`, shard: [shardId, 3] });
      expect(shardOfGuild(guildId, 3)).toBe(shardId);
    }
    expect(() => fake.addGuild({ id: fake.guildId })).toThrow(/already taken/);
    // Two milliseconds after the second guild's id: on its shard, and free.
    const onShard1 = (BigInt(second.guildId) + (2n << 22n)).toString();
    expect(() => fake.addGuild({ id: onShard1, shard: [0, 2] })).toThrow(/shard 1 of 2, not 0/);
  });

  it('makes users members of the default guild unless told otherwise', () => {
    const names = (guildId: string) => fake.members(guildId).map((u) => u.username);
    expect(names(fake.guildId)).toEqual(expect.arrayContaining(['Olathe', 'server-owner', 'alice', 'carol']));
    expect(names(fake.guildId)).not.toContain('bob');
    expect(names(second.guildId)).toEqual(['Olathe', 'server-owner', 'alice', 'bob']);
    expect(fake.guildChannels(second.guildId).map((c) => [c.name, c.guildId])).toEqual([['dice-two', second.guildId]]);
    expect(fake.channels.map((c) => c.guildId)).toEqual([fake.guildId]);
  });
});

describe('two guilds on two shards, one discord.js client per shard', () => {
  let shard0: Bot;
  let shard1: Bot;

  beforeAll(async () => {
    [shard0, shard1] = await Promise.all([login({ shards: 0, shardCount: 2 }), login({ shards: [1], shardCount: 2 })]);
  });

  afterAll(async () => {
    await shard0?.client.destroy();
    await shard1?.client.destroy();
  });

  afterEach(() => {
    expect([...shard0.errors, ...shard1.errors]).toEqual([]);
    expect(shard0.seen.every((id) => id === fake.guildId)).toBe(true);
    expect(shard1.seen.every((id) => id === second.guildId)).toBe(true);
  });

  it('answers GET /gateway/bot with the configured shard count', async () => {
    const body = (await shard0.client.rest.get(Routes.gatewayBot())) as {
      shards: number;
      session_start_limit: { max_concurrency: number };
    };
    expect(body.shards).toBe(2);
    expect(body.session_start_limit.max_concurrency).toBe(2);
  });

  it('tells each shard of its own guilds only', async () => {
    await fake.waitForShards(2);
    expect(fake.liveShards()).toEqual([0, 1]);
    expect(fake.connectedBots).toBe(2);
    const onShard = (shardId: number) => fake.guildIds.filter((id) => shardOfGuild(id, 2) === shardId).sort();
    expect([...shard0.client.guilds.cache.keys()].sort()).toEqual(onShard(0));
    expect([...shard1.client.guilds.cache.keys()].sort()).toEqual(onShard(1));
    expect(onShard(0)).toContain(fake.guildId);
    expect(onShard(1)).toContain(second.guildId);
    const guild = shard1.client.guilds.cache.get(second.guildId);
    expect(guild?.name).toBe('Second Server');
    expect(guild?.shardId).toBe(1);
    expect(guild?.channels.cache.get(second.channelId)?.name).toBe('dice-two');
    expect(guild?.members.me?.id).toBe(fake.botUser.id);
    expect(guild?.members.cache.has(bob.id)).toBe(true);
    expect(guild?.members.cache.has(carol.id)).toBe(false);
    expect(guild?.members.me?.permissionsIn(second.channelId).has('SendMessages')).toBe(true);
    expect(shard0.client.guilds.cache.get(fake.guildId)?.members.cache.has(bob.id)).toBe(false);
  });

  it('registers commands per guild', async () => {
    await shard0.client.application!.commands.set([rollCommand()], fake.guildId);
    await shard1.client.application!.commands.set([rollCommand()], second.guildId);
    const { guilds } = fake.registeredCommands;
    expect(guilds[fake.guildId]?.map((c) => c.guild_id)).toEqual([fake.guildId]);
    expect(guilds[second.guildId]?.map((c) => c.guild_id)).toEqual([second.guildId]);
    expect(guilds[second.guildId]?.[0]?.id).not.toBe(guilds[fake.guildId]?.[0]?.id);
  });

  it("sends an interaction to the shard of its guild, whose reply lands in that guild's channel", async () => {
    const inSecond = fake.slash(alice, 'roll', {}, { channelId: second.channelId });
    expect(inSecond.payload.guild_id).toBe(second.guildId);
    const reply = await inSecond.reply();
    expect(reply.content).toBe('rolled on shard 1 in Second Server');
    expect([reply.channelId, reply.guildId]).toEqual([second.channelId, second.guildId]);

    const inDefault = await fake.slash(alice, 'roll').reply();
    expect(inDefault.content).toBe('rolled on shard 0 in Olathe Test Server');
    expect([inDefault.channelId, inDefault.guildId]).toEqual([fake.channelId, fake.guildId]);
    expect([shard0.seen, shard1.seen]).toEqual([[fake.guildId], [second.guildId]]);
  });

  it('routes a click in the second guild to its shard; update() edits the message there', async () => {
    const channel = await shard1.client.channels.fetch(second.channelId);
    if (!channel?.isSendable()) throw new Error('#dice-two is not sendable');
    const sent = await channel.send({
      content: 'Roll again?',
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('again').setLabel('Again').setStyle(ButtonStyle.Primary),
        ),
      ],
    });
    expect(fake.message(sent.id)?.guildId).toBe(second.guildId);
    const clicked = await fake.click(bob, sent.id, 'again').reply();
    expect(clicked.id).toBe(sent.id);
    expect(clicked.content).toBe('clicked on shard 1 in Second Server');
    expect(fake.messages(second.channelId).map((m) => m.id)).toContain(sent.id);
    expect(fake.messages().some((m) => m.id === sent.id)).toBe(false);
  });

  it('answers the guild routes per guild', async () => {
    const { rest } = shard1.client;
    const channels = (await rest.get(Routes.guildChannels(second.guildId))) as Array<{ id: string }>;
    expect(channels.map((c) => c.id)).toEqual(fake.guildChannels(second.guildId).map((c) => c.id));
    const member = (await rest.get(Routes.guildMember(second.guildId, bob.id))) as { user: { id: string } };
    expect(member.user.id).toBe(bob.id);
    expect(await discordErrorCode(rest.get(Routes.guildMember(fake.guildId, bob.id)))).toBe(10007);
    const roles = (await rest.get(Routes.guildRoles(second.guildId))) as Array<{ id: string; name: string }>;
    expect(roles[0]).toMatchObject({ id: second.guildId, name: '@everyone' });
    expect(await discordErrorCode(rest.get(Routes.guild('1')))).toBe(10004);
    expect(
      await discordErrorCode(rest.put(Routes.applicationGuildCommands(fake.applicationId, '1'), { body: [] })),
    ).toBe(50001);
    expectBreach(fake, 'not in guild 1');
  });

  it('lets only members act in a guild, and notifies only members', async () => {
    expect(() => fake.slash(carol, 'roll', {}, { channelId: second.channelId })).toThrow(/not a member/);
    expect(() => fake.say(carol, 'hi', second.channelId)).toThrow(/not a member/);
    const channel = await shard1.client.channels.fetch(second.channelId);
    if (!channel?.isSendable()) throw new Error('#dice-two is not sendable');
    const sent = await channel.send(`<@${carol.id}> and <@${bob.id}>, your turn`);
    expect(fake.message(sent.id)?.pinged).toEqual([bob.id]);
    fake.addMember(carol, second.guildId);
    expect(fake.members(second.guildId).map((u) => u.id)).toContain(carol.id);
    expect((await fake.slash(carol, 'roll', {}, { channelId: second.channelId }).reply()).guildId).toBe(second.guildId);
  });

  it("sends a guild's channel events to its shard only", async () => {
    const created = new Promise<string>((resolve) =>
      shard1.client.once(Events.ChannelCreate, (channel) => resolve(channel.guildId)),
    );
    const lobby = fake.addChannel('lobby', second.guildId);
    expect(await created).toBe(second.guildId);
    await settled(shard0, fake.guildId);
    expect(shard1.client.channels.cache.has(lobby.id)).toBe(true);
    expect(shard0.client.channels.cache.has(lobby.id)).toBe(false);
  });

  it('sends GUILD_CREATE of a guild added later to the shard that owns it', async () => {
    const joined = new Promise<string>((resolve) => shard1.client.once(Events.GuildCreate, (g) => resolve(g.id)));
    const third = fake.addGuild({ name: 'Third Server', shard: [1, 2] });
    expect(await joined).toBe(third.guildId);
    await settled(shard0, fake.guildId);
    expect(shard0.client.guilds.cache.has(third.guildId)).toBe(false);
    expect(shard1.client.guilds.cache.get(third.guildId)?.channels.cache.has(third.channelId)).toBe(true);
  });

  it('fails an interaction of a guild whose shard is down, as Discord does; the other shard goes on', async () => {
    await shard1.client.destroy();
    await fake.waitFor(() => fake.liveShards().length === 1);
    expect(fake.liveShards()).toEqual([0]);

    const lost = fake.slash(alice, 'roll', {}, { channelId: second.channelId });
    expect(lost.delivered).toBe(false);
    await expect(lost.acked()).rejects.toThrow(/not acknowledged/);
    expect(lost.expired).toBe(true);
    expectBreach(fake, 'no bot session holds the shard');

    const served = fake.slash(alice, 'roll');
    expect(served.delivered).toBe(true);
    expect((await served.reply()).content).toBe('rolled on shard 0 in Olathe Test Server');
  });

  it('serves the guild again once its shard is back', async () => {
    shard1 = await login({ shards: [1], shardCount: 2 });
    await fake.waitForShards(2);
    const reply = await fake.slash(bob, 'roll', {}, { channelId: second.channelId }).reply();
    expect(reply.content).toBe('rolled on shard 1 in Second Server');
  });
});

describe('one client for every shard', () => {
  let bot: Bot | undefined;

  afterEach(async () => {
    expect(bot?.errors).toEqual([]);
    await bot?.client.destroy();
    await fake.waitFor(() => fake.connectedBots === 0);
  });

  it('sees every guild without sharding (shard [0, 1])', async () => {
    bot = await login();
    expect(fake.liveShards()).toEqual([0]);
    expect([...bot.client.guilds.cache.keys()].sort()).toEqual([...fake.guildIds].sort());
    const reply = await fake.slash(bob, 'roll', {}, { channelId: second.channelId }).reply();
    expect(reply.content).toBe('rolled on shard 0 in Second Server');
    expect((await fake.slash(alice, 'roll').reply()).content).toBe('rolled on shard 0 in Olathe Test Server');
    expect(bot.seen).toEqual([second.guildId, fake.guildId]);
  });

  it("starts the recommended shard count with shards: 'auto', each shard holding its guilds", async () => {
    bot = await login({ shards: 'auto' });
    await fake.waitForShards(2);
    expect(bot.client.options.shardCount).toBe(2);
    expect([...bot.client.guilds.cache.keys()].sort()).toEqual([...fake.guildIds].sort());
    for (const guild of bot.client.guilds.cache.values()) expect(guild.shardId).toBe(shardOfGuild(guild.id, 2));
    const reply = await fake.slash(alice, 'roll', {}, { channelId: second.channelId }).reply();
    expect(reply.content).toBe('rolled on shard 1 in Second Server');
  });
});
