// The Discord side of the Activity's launch, with the unmodified bot: with ACTIVITY_PORT set, the lobby,
// the Olathe turn messages, the Balut cards, a group DM's table and its private cards carry 🎲 Open the board; a
// click on it is answered with callback type 12 (LAUNCH_ACTIVITY), which opens (or joins) the activity instance of
// that channel with the clicker in it; a launch Discord refuses is told privately and counted as refused. Without
// ACTIVITY_PORT no message has the button.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel, FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import { tr } from '../../src/discord/i18n';
import { freePort } from '../support/ports';
import type { World } from './harness';
import {
  control,
  controlsOf,
  ephemeralAnswer,
  eventually,
  findControl,
  gameChannelIds,
  publicMessages,
  startWorld,
  waitForTurn,
} from './harness';

const LAUNCH_ACTIVITY = 12;
const OPEN_THE_BOARD = tr('en')('board.open');

let world: World;
let fake: FakeDiscord;
let alice: FakeUser;
let bob: FakeUser;
let group: FakeChannel;

beforeAll(async () => {
  world = await startWorld({
    diceSeed: 'activity-launch',
    // Global commands, as only they reach a group DM; the Activity's server listens on a port of its own.
    env: {
      DISCORD_GUILD_ID: '',
      ACTIVITY_PORT: String(await freePort()),
      DISCORD_CLIENT_SECRET: 'activity-launch-test-secret',
    },
  });
  fake = world.fake;
  ({ alice, bob } = world.users);
  fake.installApp(alice);
  group = fake.addGroupDm([alice, bob], 'board night');
  // deploy-commands could not register the Entry Point yet (Activities are off until the test enables them).
  fake.clearRecords();
}, 60_000);
afterAll(async () => {
  await world?.close();
});

/** The bot's log line for one interaction: its outcome, and when it was acknowledged. */
function loggedInteraction(interactionId: string): Record<string, unknown> | undefined {
  return world.bot
    .log()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((entry) => entry.msg === 'interaction' && entry.interactionId === interactionId);
}

/** Clicks the message's Open the board as `user`: the launch's callback type, and the instance of its channel. */
async function openBoard(user: FakeUser, message: FakeMessage) {
  const board = control(message, 'open-board');
  expect(board.label).toBe(OPEN_THE_BOARD);
  const click = fake.click(user, message.id, board.customId);
  const ack = await click.acked();
  await eventually(() => loggedInteraction(click.id) !== undefined);
  const instance = fake.activityInstances().find((i) => i.channelId === message.channelId);
  return { ack, instance, logged: loggedInteraction(click.id)! };
}

/** Discord's limits on a message's components hold with the button added: 5 rows, 5 buttons a row. */
function expectWithinLimits(message: FakeMessage): void {
  const rows = message.components as Array<{ components?: unknown[] }>;
  expect(rows.length).toBeLessThanOrEqual(5);
  for (const row of rows) expect(row.components?.length ?? 0).toBeLessThanOrEqual(5);
}

const startLobby = (user: FakeUser, options: Record<string, string | number>, channelId = fake.channelId) =>
  fake.slash(user, 'olathe', options, { subcommand: 'start', channelId }).reply();

describe('with ACTIVITY_PORT set', () => {
  it('a launch Discord refuses (Activities not enabled for the app) is told privately and counted as refused', async () => {
    const lobby = await startLobby(alice, { free: 2, down: 0, up: 0, throws: 1 });
    const click = fake.click(alice, lobby.id, control(lobby, 'open-board').customId);
    expect(await ephemeralAnswer(click)).toBe(tr('en')('board.unavailable'));
    await eventually(() => loggedInteraction(click.id) !== undefined);
    expect(loggedInteraction(click.id)).toMatchObject({ kind: 'button', outcome: 'refused' });
    expect(fake.activityInstances()).toEqual([]);
    expect(fake.breaches).toEqual([expect.stringContaining('LAUNCH_ACTIVITY, but the app does not have Activities')]);
    await fake.click(alice, lobby.id, control(lobby, 'cancel').customId).acked();
    fake.clearRecords();
    fake.enableActivities();
  });

  it('the lobby and every Olathe turn message open the board of their channel for whoever clicks', async () => {
    const lobby = await startLobby(alice, { free: 2, down: 0, up: 0, throws: 1 });
    // Beside the lobby's four buttons, in their row.
    expect((lobby.components[0] as { components: unknown[] }).components).toHaveLength(5);
    const fromLobby = await openBoard(bob, lobby);
    expect(fromLobby.ack.type).toBe(LAUNCH_ACTIVITY);
    expect(fromLobby.instance?.userIds).toEqual([bob.id]);
    expect(fromLobby.logged).toMatchObject({ kind: 'button', outcome: 'ok' });
    expect(fromLobby.logged.ackMs).toBeGreaterThan(0);

    await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
    const turn = await waitForTurn(fake, alice);
    expect(turn.channelId).not.toBe(lobby.channelId); // the game's thread
    expectWithinLimits(turn);
    // In the row of Throw and Hint.
    const row = controlsOf(turn).filter((c) => ['throw', 'hint', 'open-board'].includes(c.id?.action ?? ''));
    expect(row.map((c) => c.id!.action)).toEqual(['throw', 'hint', 'open-board']);
    const fromTurn = await openBoard(alice, turn);
    expect(fromTurn.ack.type).toBe(LAUNCH_ACTIVITY);
    expect(fromTurn.instance?.userIds).toEqual([alice.id]);
    // Bob, who is not playing now, opens the same board from Alice's turn message: he joins her instance.
    const joined = await openBoard(bob, fake.message(turn.id)!);
    expect(joined.instance?.instanceId).toBe(fromTurn.instance!.instanceId);
    expect(joined.instance?.userIds).toEqual([alice.id, bob.id]);
    // The lobby, now the game's summary, still opens the board.
    expect(findControl(fake.message(lobby.id)!, 'open-board')).not.toBeNull();
    expect(fake.breaches).toEqual([]);
  });

  it('a Balut card keeps its controls within Discord limits with the button, after a throw too', async () => {
    const channelId = fake.addChannel('balut-board').id;
    const lobby = await startLobby(alice, { variant: 'balut' }, channelId);
    await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();
    // Alice's card in this channel's thread (her Olathe turn above is in the default channel's).
    let card = await fake.waitFor(() =>
      publicMessages(fake, gameChannelIds(fake, channelId)).find((m) => findControl(m, 'throw')),
    );
    expect(findControl(card, 'open-board')).not.toBeNull();
    await fake.click(alice, card.id, control(card, 'throw').customId).acked();
    card = fake.message(card.id)!;
    // Dice, Throw/Hint/Open the board, and the two write menus.
    expect(card.components).toHaveLength(4);
    expectWithinLimits(card);
    const { ack, instance } = await openBoard(alice, card);
    expect(ack.type).toBe(LAUNCH_ACTIVITY);
    expect(instance?.userIds).toEqual([alice.id]);
    expect(fake.breaches).toEqual([]);
  });

  it("in a group DM, the Balut table and each player's private card open the board of the group", async () => {
    const lobby = await startLobby(alice, { variant: 'balut' }, group.id);
    await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
    const table = await fake.waitFor(() => publicMessages(fake, [group.id]).find((m) => findControl(m, 'mycard')));
    expect(findControl(table, 'open-board')).not.toBeNull();
    const card = await fake.click(bob, table.id, control(table, 'mycard').customId).reply();
    expect(card.ephemeralFor).toBe(bob.id);
    expectWithinLimits(card);
    const { ack, instance } = await openBoard(bob, card);
    expect(ack.type).toBe(LAUNCH_ACTIVITY);
    expect(instance?.channelId).toBe(group.id);
    expect(instance?.userIds).toEqual([bob.id]);
    expect(fake.breaches).toEqual([]);
  });
});

describe('without ACTIVITY_PORT', () => {
  let plain: World;
  beforeAll(async () => {
    plain = await startWorld({ diceSeed: 'activity-launch' });
  }, 60_000);
  afterAll(async () => {
    await plain?.close();
  });

  it('no lobby or card has the button', async () => {
    const { alice: host } = plain.users;
    const lobby = await plain.fake.slash(host, 'olathe', { variant: 'balut' }, { subcommand: 'start' }).reply();
    expect(findControl(lobby, 'open-board')).toBeNull();
    await plain.fake.click(host, lobby.id, control(lobby, 'start').customId).acked();
    const card = await waitForTurn(plain.fake, host);
    expect(controlsOf(card).map((c) => c.id?.action)).toEqual(['throw', 'hint']);
    expect(publicMessages(plain.fake).some((m) => findControl(m, 'open-board'))).toBe(false);
    expect(plain.fake.breaches).toEqual([]);
  });
});
