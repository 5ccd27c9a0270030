// Contract of the loopback Discord's Activity side: the app's Entry Point command (type 4) and its rules
// (interactions/application-commands#entry-point-commands; 50240 for a bulk overwrite that drops it), the
// LAUNCH_ACTIVITY callback (type 12) only for an app with Activities enabled, and the activity instances it opens,
// as GET /applications/{app}/activity-instances/{id} shows them (resources/application#get-application-activity-instance).
import { ButtonStyle, ComponentType, Events } from 'discord.js';
import type { Client, Interaction } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { send } from './spec-requests';
import { expectBreach, nextCommand, readyClient } from './support';

let fake: FakeDiscord;
let client: Client;
let alice: FakeUser;
let bob: FakeUser;

const OLATHE = { name: 'olathe', description: 'Play dice' };
const commands = () => `/applications/${fake.applicationId}/commands`;
const instanceUrl = (id: string) => `/applications/${fake.applicationId}/activity-instances/${id}`;

/** The interactions discord.js lets answer with LAUNCH_ACTIVITY. */
type Launchable = Extract<Interaction, { launchActivity: unknown }>;

function nextInteraction(): Promise<Interaction> {
  return new Promise((resolve) => client.once(Events.InteractionCreate, resolve));
}

/** A message with an "Open the board" button, as the bot would post it. */
async function boardButton(): Promise<string> {
  const row = { type: 1, components: [{ type: 2, style: 1, custom_id: 'board', label: 'Open the board' }] };
  const { json } = await send(fake, {
    method: 'POST',
    path: `/channels/${fake.channelId}/messages`,
    body: { content: 'Lobby', components: [row] },
  });
  return (json as { id: string }).id;
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  alice = fake.addUser({ username: 'alice' });
  bob = fake.addUser({ username: 'bob' });
  client = await readyClient(fake);
});
afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

describe('before Activities are enabled', () => {
  it('refuses an Entry Point command and LAUNCH_ACTIVITY', async () => {
    const { status } = await send(fake, { method: 'POST', path: commands(), body: { name: 'board', type: 4 } });
    expect(status).toBe(400);
    expectBreach(fake, 'does not have Activities enabled');
    const handle = fake.slash(alice, 'olathe');
    const interaction = await nextCommand(client);
    await expect(interaction.launchActivity()).rejects.toThrow(/Invalid Form Body/);
    expectBreach(fake, 'LAUNCH_ACTIVITY, but the app does not have Activities enabled');
    expect(handle.payload.type).toBe(2);
  });
});

describe('the Entry Point command', () => {
  it('is created by enabling Activities: "Launch", handler 2, global', async () => {
    fake.enableActivities();
    const { json } = await send(fake, { method: 'GET', path: commands() });
    expect(json).toEqual([
      expect.objectContaining({ name: 'olathe', type: 1 }),
      expect.objectContaining({ name: 'Launch', type: 4, handler: 2, description: '' }),
    ]);
    expect(fake.breaches).toEqual([]);
  });

  it('refuses a bulk overwrite that drops it with 50240, and takes one that keeps it', async () => {
    const dropped = await send(fake, { method: 'PUT', path: commands(), body: [OLATHE] });
    expect(dropped).toEqual({
      status: 400,
      json: {
        code: 50240,
        message:
          "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
      },
    });
    expectBreach(fake, '50240');
    const launch = { name: 'launch', description: 'Open the board', type: 4, handler: 1 };
    const kept = await send(fake, { method: 'PUT', path: commands(), body: [OLATHE, launch] });
    expect(kept.status).toBe(200);
    expect(fake.registeredCommands.global.map((c) => [c.name, c.type])).toEqual([
      ['olathe', 1],
      ['launch', 4],
    ]);
    expect(fake.breaches).toEqual([]);
  });

  it('is one per app, global only, option-less; handler belongs to it alone', async () => {
    const refused = async (path: string, body: unknown, breach: string) => {
      expect((await send(fake, { method: 'POST', path, body })).status).toBe(400);
      expectBreach(fake, breach);
    };
    await refused(commands(), { name: 'second', type: 4 }, 'an app may have only one');
    await refused(
      `/applications/${fake.applicationId}/guilds/${fake.guildId}/commands`,
      { name: 'g', type: 4 },
      'only be global',
    );
    await refused(commands(), { name: 'roll', description: 'Roll', handler: 2 }, 'only an Entry Point command may');
    const withOptions = { name: 'launch', type: 4, options: [{ type: 3, name: 'x', description: 'x' }] };
    await refused(commands(), withOptions, 'may not have options');
    const twice = [OLATHE, { name: 'a', type: 4 }, { name: 'b', type: 4 }];
    expect((await send(fake, { method: 'PUT', path: commands(), body: twice })).status).toBe(400);
    expectBreach(fake, '2 Entry Point commands');
  });

  it('with APP_HANDLER reaches the bot as a type 4 command, which may launch the Activity', async () => {
    const got = nextInteraction();
    const use = fake.useEntryPoint(alice);
    const interaction = await got;
    expect(interaction.isPrimaryEntryPointCommand()).toBe(true);
    const response = await (interaction as Launchable).launchActivity({ withResponse: true });
    expect('interaction' in use && (await use.interaction.acked()).type).toBe(12);
    const [instance] = fake.activityInstances();
    expect(instance).toMatchObject({ channelId: fake.channelId, guildId: fake.guildId, userIds: [alice.id] });
    expect(response.interaction.activityInstanceId).toBe(instance!.instanceId);
    expect(response.resource?.activityInstance?.id).toBe(instance!.instanceId);
    fake.leaveActivity(alice, instance!.instanceId);
    expect(fake.breaches).toEqual([]);
  });

  it('with DISCORD_LAUNCH_ACTIVITY opens the Activity without the bot', async () => {
    const [launch] = fake.registeredCommands.global.filter((c) => c.type === 4);
    await send(fake, { method: 'PATCH', path: `${commands()}/${launch!.id}`, body: { handler: 2 } });
    const use = fake.useEntryPoint(bob);
    expect('instance' in use && use.instance.userIds).toEqual([bob.id]);
    fake.leaveActivity(bob, fake.activityInstances()[0]!.instanceId);
    expect(fake.breaches).toEqual([]);
  });
});

describe('LAUNCH_ACTIVITY and activity instances', () => {
  let instanceId = '';

  it('answers a button: the clicker opens an instance in the channel, which the bot can look up', async () => {
    const messageId = await boardButton();
    const got = nextInteraction();
    const handle = fake.click(alice, messageId, 'board');
    const interaction = await got;
    if (!interaction.isButton()) throw new Error('expected a button');
    expect(interaction.component.type).toBe(ComponentType.Button);
    expect(interaction.component.style).toBe(ButtonStyle.Primary);
    await interaction.launchActivity();
    expect((await handle.acked()).type).toBe(12);
    instanceId = fake.activityInstances()[0]!.instanceId;
    const { status, json } = await send(fake, { method: 'GET', path: instanceUrl(instanceId) });
    expect(status).toBe(200);
    const launchId = (json as { launch_id: string }).launch_id;
    expect(json).toEqual({
      application_id: fake.applicationId,
      instance_id: `i-${launchId}-gc-${fake.guildId}-${fake.channelId}`,
      launch_id: launchId,
      location: {
        id: `gc-${fake.guildId}-${fake.channelId}`,
        kind: 'gc',
        channel_id: fake.channelId,
        guild_id: fake.guildId,
      },
      users: [alice.id],
    });
    expect(fake.breaches).toEqual([]);
  });

  it('joins the running instance on a second launch in the same channel, and on joinActivity', async () => {
    const got = nextInteraction();
    const handle = fake.slash(bob, 'olathe');
    await ((await got) as Launchable).launchActivity();
    await handle.acked();
    expect(fake.activityInstances().map((i) => [i.instanceId, i.userIds])).toEqual([[instanceId, [alice.id, bob.id]]]);
    const carol = fake.addUser({ username: 'carol' });
    fake.joinActivity(carol, instanceId);
    const { json } = await send(fake, { method: 'GET', path: instanceUrl(instanceId) });
    expect((json as { users: string[] }).users).toEqual([alice.id, bob.id, carol.id]);
    const stranger = fake.addUser({ username: 'stranger', guildIds: [] });
    expect(() => fake.joinActivity(stranger, instanceId)).toThrow();
  });

  it('ends with its last person: then 404 "404: Not Found", code 0, and no breach', async () => {
    for (const id of fake.activityInstance(instanceId)!.userIds) fake.leaveActivity(id, instanceId);
    expect(fake.activityInstances()).toEqual([]);
    expect(await send(fake, { method: 'GET', path: instanceUrl(instanceId) })).toEqual({
      status: 404,
      json: { message: '404: Not Found', code: 0 },
    });
    expect((await send(fake, { method: 'GET', path: instanceUrl('i-1-gc-2-3') })).status).toBe(404);
    expect(fake.breaches).toEqual([]);
  });

  it('is a "pc" location in a DM', async () => {
    fake.installApp(alice);
    const dm = fake.addDm(alice);
    const use = fake.useEntryPoint(alice, { channelId: dm.id });
    if (!('instance' in use)) throw new Error('expected Discord to launch');
    const { json } = await send(fake, { method: 'GET', path: instanceUrl(use.instance.instanceId) });
    expect((json as { location: unknown }).location).toEqual({ id: `pc-${dm.id}`, kind: 'pc', channel_id: dm.id });
    expect(use.instance.instanceId).toMatch(new RegExp(`^i-\\d+-pc-${dm.id}$`));
  });
});
