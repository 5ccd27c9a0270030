// Contract of the loopback Discord outside the bot's servers: interactions in the bot's DM, a group
// DM and a server without the bot carry context, authorizing_integration_owners and app_permissions as Discord
// documents them; commands are offered only where registered; follow-ups and tokens keep Discord's limits.
import {
  ApplicationIntegrationType,
  ButtonStyle,
  ChannelType,
  Client,
  ComponentType,
  Events,
  GatewayIntentBits,
  InteractionContextType,
  MessageFlags,
  Partials,
  PermissionFlagsBits,
} from 'discord.js';
import type { Interaction } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MessageFlag, startFakeDiscord } from '../../src/fake-discord';
import type { FakeChannel, FakeDiscord, FakeUser } from '../../src/fake-discord';
import { OLATHE_EVERYWHERE, discordErrorCode, expectBreach, nextCommand } from './support';

let fake: FakeDiscord;
let client: Client;
/** In the bot's server and in the server without the bot; installed the app to her account. */
let alice: FakeUser;
/** In no server with the bot; installed the app. */
let bob: FakeUser;
/** In no server with the bot; never installed the app. */
let carol: FakeUser;
/** A server the bot is not in. */
let elsewhere: { guildId: string; channelId: string };
let groupDm: FakeChannel;

const BOT_DM_PERMISSIONS = '442368'; // Attach Files, Embed Links, Mention Everyone, Use External Emojis
const GROUP_DM_PERMISSIONS = '180224'; // Attach Files, Embed Links, Mention Everyone

function nextInteraction(): Promise<Interaction> {
  return new Promise((resolve) => client.once(Events.InteractionCreate, resolve));
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  alice = fake.addUser({ username: 'alice' });
  bob = fake.addUser({ username: 'bob', guildIds: [] });
  carol = fake.addUser({ username: 'carol', guildIds: [] });
  elsewhere = fake.addGuild({ name: 'No Bot Here', botMember: false });
  fake.addMember(alice, elsewhere.guildId);
  fake.installApp(alice);
  fake.installApp(bob);
  groupDm = fake.addGroupDm([alice, bob, carol]);
  client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.DirectMessages],
    partials: [Partials.Channel],
    rest: { api: fake.apiUrl },
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(fake.botToken);
  await ready;
  await client.application!.commands.set([
    OLATHE_EVERYWHERE,
    { name: 'settings', description: 'Server settings', contexts: [InteractionContextType.Guild] },
    {
      name: 'profile',
      description: 'Your record',
      integrationTypes: [ApplicationIntegrationType.UserInstall],
      contexts: [InteractionContextType.BotDM],
    },
  ]);
  await client.application!.commands.set([{ name: 'tryout', description: 'Guild command' }], fake.guildId);
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

afterEach(() => {
  expect(fake.breaches).toEqual([]);
});

describe('interactions outside the bot’s servers', () => {
  it('in the bot’s DM: context 1, the user instead of a member, owners of both installs, DM permissions', async () => {
    const dm = fake.addDm(alice);
    const got = nextCommand(client);
    const handle = fake.slash(alice, 'olathe', {}, { channelId: dm.id });
    const interaction = await got;
    expect(handle.payload).toMatchObject({
      context: 1,
      authorizing_integration_owners: { '0': '0', '1': alice.id },
      app_permissions: BOT_DM_PERMISSIONS,
      channel_id: dm.id,
      channel: { id: dm.id, type: 1, recipients: [{ id: alice.id }] },
      user: { id: alice.id },
    });
    expect(handle.payload).not.toHaveProperty('member');
    expect(handle.payload).not.toHaveProperty('guild_id');
    // What discord.js makes of it.
    expect(interaction.context).toBe(InteractionContextType.BotDM);
    expect(interaction.inGuild()).toBe(false);
    expect(interaction.user.id).toBe(alice.id);
    expect(interaction.channel?.type).toBe(ChannelType.DM);
    expect(interaction.authorizingIntegrationOwners.userId).toBe(alice.id);
    expect(interaction.appPermissions.has(PermissionFlagsBits.SendMessages)).toBe(false);
    expect(interaction.appPermissions.has(PermissionFlagsBits.UseExternalEmojis)).toBe(true);
    await interaction.reply('Your game');
    expect((await handle.reply()).channelId).toBe(dm.id);

    // Bob shares no server with the bot: only his user install reaches him.
    const bobDm = fake.addDm(bob);
    const bobGot = nextCommand(client);
    const bobHandle = fake.slash(bob, 'olathe', {}, { channelId: bobDm.id });
    await (await bobGot).reply('hi');
    expect(bobHandle.payload.authorizing_integration_owners).toEqual({ '1': bob.id });
  });

  it('in a group DM: context 2, only the user install, no Send Messages; channel routes answer 403 50001', async () => {
    const got = nextCommand(client);
    const handle = fake.slash(alice, 'olathe', {}, { channelId: groupDm.id });
    const interaction = await got;
    expect(handle.payload).toMatchObject({
      context: 2,
      authorizing_integration_owners: { '1': alice.id },
      app_permissions: GROUP_DM_PERMISSIONS,
      channel: { id: groupDm.id, type: 3, owner_id: alice.id },
      user: { id: alice.id },
    });
    expect(handle.payload).not.toHaveProperty('member');
    expect(interaction.context).toBe(InteractionContextType.PrivateChannel);
    expect(interaction.authorizingIntegrationOwners.guildId).toBeNull();
    expect(interaction.appPermissions.has(PermissionFlagsBits.ViewChannel)).toBe(false);
    // The interaction's own routes work there…
    await interaction.reply({ content: 'Lobby' });
    const lobby = await handle.reply();
    expect(lobby.channelId).toBe(groupDm.id);
    expect(lobby.flags & MessageFlag.Ephemeral).toBe(0);
    // …the bot's channel routes do not: it is no member.
    expect(
      await discordErrorCode(client.rest.post(`/channels/${groupDm.id}/messages`, { body: { content: 'x' } })),
    ).toBe(50001);
    expectBreach(fake, 'is a group DM');
    expect(await discordErrorCode(client.rest.get(`/channels/${groupDm.id}`))).toBe(50001);
    expectBreach(fake, 'is a group DM');
    expect(
      await discordErrorCode(
        client.rest.patch(`/channels/${groupDm.id}/messages/${lobby.id}`, { body: { content: 'y' } }),
      ),
    ).toBe(50001);
    expectBreach(fake, 'is a group DM');
    expect(
      await discordErrorCode(
        client.rest.post(`/channels/${groupDm.id}/messages/${lobby.id}/threads`, { body: { name: 't' } }),
      ),
    ).toBe(50001);
    expectBreach(fake, 'is a group DM');
  });

  it('in a server without the bot: context 0 with a member, only the user install, @everyone’s response permissions', async () => {
    const got = nextCommand(client);
    const handle = fake.slash(alice, 'olathe', {}, { channelId: elsewhere.channelId });
    const interaction = await got;
    const expected =
      PermissionFlagsBits.AttachFiles | PermissionFlagsBits.EmbedLinks | PermissionFlagsBits.UseExternalEmojis;
    expect(handle.payload).toMatchObject({
      context: 0,
      guild_id: elsewhere.guildId,
      member: { user: { id: alice.id } },
      authorizing_integration_owners: { '1': alice.id },
      app_permissions: expected.toString(),
    });
    expect(interaction.inGuild()).toBe(true);
    expect(interaction.inCachedGuild()).toBe(false);
    expect(interaction.authorizingIntegrationOwners.guildId).toBeNull();
    await interaction.reply('Here too');
    await handle.reply();
    expect(
      await discordErrorCode(client.rest.post(`/channels/${elsewhere.channelId}/messages`, { body: { content: 'x' } })),
    ).toBe(50001);
    expectBreach(fake, 'which the bot is not in');
  });

  it('in the bot’s own server, a user who installed the app brings both owners', async () => {
    const got = nextCommand(client);
    const handle = fake.slash(alice, 'olathe');
    await (await got).reply('ok');
    expect(handle.payload.authorizing_integration_owners).toEqual({ '0': fake.guildId, '1': alice.id });
    expect(handle.payload.context).toBe(0);
    expect(handle.payload.app_permissions).toBe(fake.botPermissions());
  });
});

describe('commands are offered only where they were registered for', () => {
  it('a guild-install command only in its servers, a BOT_DM command only in the bot’s DM, a guild command never in DMs', async () => {
    const dm = fake.addDm(alice);
    expect(() => fake.slash(alice, 'settings', {}, { channelId: dm.id })).toThrow(
      /does not offer "\/settings".*contexts are \[0\]/,
    );
    expect(() => fake.slash(alice, 'settings', {}, { channelId: elsewhere.channelId })).toThrow(
      /the bot is not in this server/,
    );
    expect(() => fake.slash(alice, 'profile', {}, { channelId: groupDm.id })).toThrow(/contexts are \[1\]/);
    expect(() => fake.slash(alice, 'profile')).toThrow(/contexts are \[1\]/);
    expect(() => fake.slash(alice, 'tryout', {}, { channelId: dm.id })).toThrow(/never in DMs/);
    // Carol never installed the app and shares no server with the bot: nothing is offered to her anywhere.
    expect(() => fake.slash(carol, 'olathe', {}, { channelId: groupDm.id })).toThrow(/carol has not installed the app/);
    expect(() => fake.slash(carol, 'profile', {}, { channelId: fake.addDm(carol).id })).toThrow(/not installed/);
    // Someone outside the group DM cannot use anything there.
    const dave = fake.addUser({ username: 'dave' });
    expect(() => fake.slash(dave, 'olathe', {}, { channelId: groupDm.id })).toThrow(/dave is not in/);

    const got = nextCommand(client);
    const handle = fake.slash(alice, 'profile', {}, { channelId: dm.id });
    await (await got).reply({ content: 'Your record', flags: MessageFlags.Ephemeral });
    expect(handle.payload.authorizing_integration_owners).toEqual({ '1': alice.id });
    const settings = nextCommand(client);
    fake.slash(alice, 'settings');
    await (await settings).reply('Settings');
    expect(fake.breaches).toEqual([]);
  });
});

describe('limits of a user-installed app', () => {
  it('an interaction authorized only by a user install creates at most 5 follow-ups (40094)', async () => {
    const got = nextCommand(client);
    const handle = fake.slash(alice, 'olathe', {}, { channelId: groupDm.id });
    const interaction = await got;
    await interaction.deferReply();
    // The first follow-up after a deferred reply edits it; it is no new message and does not count.
    await interaction.followUp('the reply');
    for (let i = 1; i <= 5; i++) await interaction.followUp(`follow-up ${i}`);
    expect(handle.followUps()).toHaveLength(5);
    expect(await discordErrorCode(interaction.followUp('one too many'))).toBe(40094);
    expectBreach(fake, '5 follow-ups');
    expect(handle.followUps()).toHaveLength(5);
    // Editing what exists is no follow-up.
    await interaction.editReply('the reply, edited');

    // Where the bot is in the server, the limit does not apply.
    const inServer = nextCommand(client);
    const serverHandle = fake.slash(alice, 'olathe');
    const serverInteraction = await inServer;
    await serverInteraction.reply('start');
    for (let i = 1; i <= 6; i++) await serverInteraction.followUp(`follow-up ${i}`);
    expect(serverHandle.followUps()).toHaveLength(6);
  });

  it('a token works for 15 minutes (401 50027 after, on the test clock); a click brings a fresh one and keeps the installer’s owners', async () => {
    const got = nextCommand(client);
    const handle = fake.slash(alice, 'olathe', {}, { channelId: groupDm.id });
    const interaction = await got;
    await interaction.reply({
      content: 'Lobby',
      components: [
        {
          type: ComponentType.ActionRow,
          components: [{ type: ComponentType.Button, style: ButtonStyle.Primary, label: 'Join', custom_id: 'join' }],
        },
      ],
    });
    const lobby = await handle.reply();
    fake.advanceTime(14 * 60_000);
    await interaction.editReply('Lobby (14 minutes on)');
    fake.advanceTime(60_000 + 1000);
    expect(await discordErrorCode(interaction.editReply('too late'))).toBe(50027);
    expectBreach(fake, 'tokens live 15 min');
    expect(await discordErrorCode(interaction.followUp('too late'))).toBe(50027);
    expectBreach(fake, 'tokens live 15 min');

    // Carol, who never installed the app, clicks: the installer's owner stays.
    const clicked = nextInteraction();
    const click = fake.click(carol, lobby.id, 'join');
    const button = await clicked;
    expect(click.payload).toMatchObject({
      context: 2,
      user: { id: carol.id },
      authorizing_integration_owners: { '1': alice.id },
      app_permissions: GROUP_DM_PERMISSIONS,
    });
    if (!button.isButton()) throw new Error('expected a button');
    await button.update({ content: 'Lobby: carol joined' });
    expect((await click.reply()).content).toBe('Lobby: carol joined');
  });

  it('a server that switched off Use External Apps gets the app’s answers ephemeral', async () => {
    const strict = fake.addGuild({ name: 'Strict', botMember: false, externalApps: false });
    fake.addMember(alice, strict.guildId);
    const got = nextCommand(client);
    const handle = fake.slash(alice, 'olathe', {}, { channelId: strict.channelId });
    await (await got).reply('Public, the app thinks');
    const reply = await handle.reply();
    expect(reply.flags & MessageFlag.Ephemeral).toBe(MessageFlag.Ephemeral);
    expect(reply.ephemeralFor).toBe(alice.id);
    expect(fake.messagesVisibleTo(bob, strict.channelId)).toEqual([]);
  });
});
