// Contract of the loopback Discord's places outside the bot's servers: the bot opens and uses its DM
// with a user (Create DM) when Discord lets it reach them; a group DM and a server without the bot tell it
// nothing over the gateway and refuse its routes.
import { ChannelType, Client, Events, GatewayIntentBits, Partials } from 'discord.js';
import type { GatewayDispatchPayload } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { discordErrorCode, expectBreach } from './support';

let fake: FakeDiscord;
let client: Client;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let elsewhere: { guildId: string; channelId: string };
/** Every gateway dispatch the client received, in order. */
const dispatches: GatewayDispatchPayload[] = [];

beforeAll(async () => {
  fake = await startFakeDiscord();
  alice = fake.addUser({ username: 'alice' });
  bob = fake.addUser({ username: 'bob', guildIds: [] });
  carol = fake.addUser({ username: 'carol', guildIds: [] });
  fake.installApp(bob);
  elsewhere = fake.addGuild({ name: 'No Bot Here', botMember: false });
  fake.addMember(alice, elsewhere.guildId);
  client = new Client({
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.DirectMessages,
      GatewayIntentBits.MessageContent,
    ],
    partials: [Partials.Channel],
    rest: { api: fake.apiUrl },
  });
  client.on(Events.Raw, (packet: GatewayDispatchPayload) => dispatches.push(packet));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(fake.botToken);
  await ready;
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

afterEach(() => {
  expect(fake.breaches).toEqual([]);
});

/** Resolves with the first dispatch matching, among those received so far or later. */
function dispatch(match: (d: GatewayDispatchPayload) => boolean): Promise<GatewayDispatchPayload> {
  const seen = dispatches.find(match);
  if (seen) return Promise.resolve(seen);
  return new Promise((resolve) => {
    const listener = (packet: GatewayDispatchPayload): void => {
      if (!match(packet)) return;
      client.off(Events.Raw, listener);
      resolve(packet);
    };
    client.on(Events.Raw, listener);
  });
}

function messageCreateIn(channelId: string): Promise<GatewayDispatchPayload> {
  return dispatch((d) => d.t === 'MESSAGE_CREATE' && (d.d as { channel_id?: string }).channel_id === channelId);
}

describe('the bot’s DM with a user', () => {
  it('opens it with Create DM (one per user) and posts in it when the user shares a server with the bot', async () => {
    const dm = await client.users.createDM(alice.id);
    expect(dm.type).toBe(ChannelType.DM);
    expect(dm.recipientId).toBe(alice.id);
    expect(fake.addDm(alice).id).toBe(dm.id);
    expect((await client.users.createDM(alice.id, { force: true })).id).toBe(dm.id);
    const sent = await dm.send('Your daily dice are ready');
    expect(fake.messages(dm.id).map((m) => m.content)).toEqual(['Your daily dice are ready']);
    expect(sent.channelId).toBe(dm.id);
    // No threads in a DM.
    const thread = client.rest.post(`/channels/${dm.id}/messages/${sent.id}/threads`, { body: { name: 'game' } });
    expect(await discordErrorCode(thread)).toBe(50024);
    expectBreach(fake, 'is a DM');
    // The bot's DM messages come over the gateway with DIRECT_MESSAGES, without a guild.
    const event = await messageCreateIn(dm.id);
    expect((event.d as { guild_id?: string }).guild_id).toBeUndefined();
    fake.say(alice, 'thanks', dm.id);
    await dispatch((d) => d.t === 'MESSAGE_CREATE' && (d.d as { content?: string }).content === 'thanks');
  });

  it('reaches a user who installed the app without a shared server; refuses one it cannot reach (50278)', async () => {
    const bobDm = await client.users.createDM(bob.id);
    await bobDm.send('hello bob');
    expect(fake.messages(bobDm.id)).toHaveLength(1);
    const carolDm = await client.users.createDM(carol.id);
    expect(await discordErrorCode(carolDm.send('hello carol'))).toBe(50278);
    expect(fake.messages(carolDm.id)).toEqual([]);
    expect(await discordErrorCode(client.rest.post('/users/@me/channels', { body: { recipient_id: '1' } }))).toBe(
      10013,
    );
  });
});

describe('places the bot is not in', () => {
  it('a server without the bot is not in READY, sends no events and refuses its routes (403 50001)', async () => {
    expect(client.guilds.cache.has(fake.guildId)).toBe(true);
    expect(client.guilds.cache.has(elsewhere.guildId)).toBe(false);
    expect(await discordErrorCode(client.guilds.fetch({ guild: elsewhere.guildId, force: true }))).toBe(50001);
    expect(
      await discordErrorCode(
        client.rest.put(`/applications/${fake.applicationId}/guilds/${elsewhere.guildId}/commands`, { body: [] }),
      ),
    ).toBe(50001);
    expect(fake.breaches.some((b) => b.includes('is not in guild'))).toBe(true);
    fake.clearRecords();
  });

  it('a group DM and a server without the bot send no gateway events; the bot’s own server still does', async () => {
    const groupDm = fake.addGroupDm([alice, bob, carol]);
    const before = dispatches.length;
    fake.say(alice, 'in the group', groupDm.id);
    fake.say(alice, 'in the other server', elsewhere.channelId);
    fake.addChannel('more', elsewhere.guildId);
    fake.addMember(carol, elsewhere.guildId);
    // A message in the bot's server afterwards: once its event is here, any earlier one would be too.
    fake.say(alice, 'barrier');
    await messageCreateIn(fake.channelId);
    const received = dispatches.slice(before).map((d) => `${d.t} ${JSON.stringify(d.d)}`);
    expect(received.filter((r) => r.includes(groupDm.id) || r.includes(elsewhere.guildId))).toEqual([]);
    expect(received.some((r) => r.includes('barrier'))).toBe(true);
  });

  it('group DMs hold 2–10 users and no bot; only their members act there', () => {
    expect(() => fake.addGroupDm([alice])).toThrow(/2–10 users/);
    expect(() => fake.addGroupDm([alice, fake.botUser])).toThrow(/bots cannot/);
    const groupDm = fake.addGroupDm([alice, bob]);
    expect(groupDm).toMatchObject({ type: 3, recipientIds: [alice.id, bob.id], guildId: '' });
    expect(() => fake.say(carol, 'let me in', groupDm.id)).toThrow(/carol is not in/);
    expect(fake.botPermissions(groupDm.id)).toBe('180224');
  });
});
