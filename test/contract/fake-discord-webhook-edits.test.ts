// Contract of the loopback Discord for what a game outside the bot's servers relies on: an interaction's token
// edits any of the app's non-ephemeral messages in its own channel by id (the app's interaction webhook made
// them), never another interaction's ephemeral message, nor a message in another channel.
import { MessageFlags, Routes } from 'discord.js';
import type { ChatInputCommandInteraction, Client } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeChannel, FakeDiscord, FakeUser } from '../../src/fake-discord';
import { discordErrorCode, expectBreach, nextCommand, readyClient } from './support';

let fake: FakeDiscord;
let client: Client;
let alice: FakeUser;
let group: FakeChannel;
let otherGroup: FakeChannel;

/** A /olathe in the channel, answered with `content` (ephemeral when asked); its interaction and message id. */
async function answered(channel: FakeChannel, content: string, ephemeral = false) {
  const got = nextCommand(client);
  const handle = fake.slash(alice, 'olathe', {}, { channelId: channel.id });
  const interaction = await got;
  await interaction.reply({ content, ...(ephemeral && { flags: MessageFlags.Ephemeral }) });
  return { interaction, messageId: (await handle.reply()).id };
}

const editWith = (interaction: ChatInputCommandInteraction, messageId: string, content: string) =>
  client.rest.patch(Routes.webhookMessage(interaction.applicationId, interaction.token, messageId), {
    auth: false,
    body: { content },
  });

beforeAll(async () => {
  fake = await startFakeDiscord();
  alice = fake.addUser({ username: 'alice' });
  const bob = fake.addUser({ username: 'bob', guildIds: [] });
  fake.installApp(alice);
  group = fake.addGroupDm([alice, bob]);
  otherGroup = fake.addGroupDm([alice, bob], 'another');
  client = await readyClient(fake);
});
afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

describe('editing the app’s messages through an interaction token', () => {
  it('reaches another interaction’s public message in the same channel', async () => {
    const table = await answered(group, 'the table');
    const later = await answered(group, 'a later answer');
    await editWith(later.interaction, table.messageId, 'the table, edited with a later token');
    expect(fake.message(table.messageId)!.content).toBe('the table, edited with a later token');
    expect(fake.breaches).toEqual([]);
  });

  it('never another interaction’s ephemeral message, nor a message in another channel (10008)', async () => {
    const secret = await answered(group, 'for alice only', true);
    const later = await answered(group, 'a later answer');
    expect(await discordErrorCode(editWith(later.interaction, secret.messageId, 'x'))).toBe(10008);
    expectBreach(fake, 'belongs to another interaction');
    const elsewhere = await answered(otherGroup, 'elsewhere');
    expect(await discordErrorCode(editWith(later.interaction, elsewhere.messageId, 'x'))).toBe(10008);
    expect(fake.message(secret.messageId)!.content).toBe('for alice only');
    expect(fake.message(elsewhere.messageId)!.content).toBe('elsewhere');
  });
});
