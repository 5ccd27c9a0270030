// One thread per game, one message per card: a full Balut table stays readable, pings are counted the way
// Discord counts them (content mentions let through by allowed_mentions), and a server without threads
// (no permission, a refused creation, or its own setting) plays in the channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultRoute, PERMISSIONS, Permission } from '../../src/fake-discord';
import type { FakeMessage, FakeUser } from '../../src/fake-discord';
import type { World } from './harness';
import {
  control,
  embedText,
  ephemeralAnswer,
  gameChannelIds,
  playSimpleTurn,
  playToTheEnd,
  publicMessages,
  startWorld,
  threadOf,
} from './harness';

let world: World;
beforeAll(async () => {
  world = await startWorld({ diceSeed: 'threads' });
});
afterAll(async () => {
  await world?.close();
});

const title = (m: FakeMessage) => m.embeds[0]?.title ?? '';
const isShout = (m: FakeMessage) => /Ba-lut!|O-la-the!/.test(m.content);

/** A lobby in a channel of its own (null: the default channel), joined by `others` and started by `host`. */
async function startIn(
  channelName: string | null,
  host: FakeUser,
  others: FakeUser[],
  options: Record<string, string | number | boolean> = {},
) {
  const { fake } = world;
  const channelId = channelName === null ? fake.channelId : fake.addChannel(channelName).id;
  const lobby = await fake.slash(host, 'olathe', options, { subcommand: 'start', channelId }).reply();
  for (const p of others) await fake.click(p, lobby.id, control(lobby, 'join').customId).acked();
  const start = fake.click(host, lobby.id, control(fake.message(lobby.id)!, 'start').customId);
  await start.acked();
  return { channelId, lobby, start, messages: () => publicMessages(fake, gameChannelIds(fake, channelId)) };
}

describe('one thread per game', () => {
  it('a 4-player Balut game: 4 cards, 1 progress, 1 results (+ shouts) in its thread, and one ping each', async () => {
    const { fake, users } = world;
    const players = [users.alice, users.bob, users.carol, users.mod];
    const game = await startIn(null, users.alice, players.slice(1), { variant: 'balut' });
    const thread = await fake.waitFor(() => threadOf(fake, game.lobby.id));
    expect(fake.channel(thread)!.name).toBe(
      `🎲 Balut #${control(game.lobby, 'join').id!.gameId} — Alice, Bob, Carol, Mod`,
    );
    const turns = await playToTheEnd(fake, players);
    expect(turns).toBe(4 * 28);

    const inThread = publicMessages(fake, [thread]);
    const cards = inThread.filter((m) => m.embeds.length > 0 && / — turn \d+ of 28$/.test(title(m)));
    expect(cards).toHaveLength(4);
    expect(inThread.filter((m) => title(m).includes('progress'))).toHaveLength(1);
    expect(inThread.filter((m) => title(m).includes('game over'))).toHaveLength(1);
    expect(inThread.length).toBe(6 + inThread.filter(isShout).length);
    // Every card ends as its player's final card, with no controls left.
    for (const card of cards) expect(card.components).toEqual([]);

    // Discord's own rule: a create notifies whom its content mentions and allowed_mentions lets through.
    const gameChannels = [thread, game.channelId];
    for (const p of players) {
      const pings = gameChannels.flatMap((c) => fake.pingsOf(p, c));
      expect(pings).toHaveLength(1);
      expect(pings[0]!.channelId).toBe(thread);
    }
    // The lobby stays in the channel as the game's summary: where it was played and a link to the results.
    await fake.waitFor(() => embedText(fake.message(game.lobby.id)!).includes('See the results'));
    const summary = embedText(fake.message(game.lobby.id)!);
    expect(summary).toContain(`<#${thread}>`);
    expect(summary).toMatch(/See the results\]\(https:\/\/discord\.com\/channels\/\d+\/\d+\/\d+\)/);
    expect(publicMessages(fake, [game.channelId]).filter((m) => !isShout(m))).toHaveLength(1); // only the lobby
    expect(fake.breaches).toEqual([]);
  }, 180_000);

  it("Olathe pings a player when their turn follows another player's, never for their own steps", async () => {
    const { fake, users } = world;
    const { alice, bob } = users;
    const game = await startIn('olathe-pings', alice, [bob], { free: 2, down: 0, up: 0, throws: 1 });
    const thread = await fake.waitFor(() => threadOf(fake, game.lobby.id));
    const turnOf = (u: FakeUser) =>
      game.messages().find((m) => m.content.includes(`<@${u.id}>, your turn`) && m.components.length > 0);
    for (let round = 0; round < 3; round++) {
      await playSimpleTurn(fake, alice, await fake.waitFor(() => turnOf(alice)));
      await playSimpleTurn(fake, bob, await fake.waitFor(() => turnOf(bob)));
    }
    expect(fake.pingsOf(alice, thread)).toHaveLength(3);
    expect(fake.pingsOf(bob, thread)).toHaveLength(3);
    // Bob leaves from inside the thread; from then on Alice's turns follow her own, and nobody is pinged.
    await fake.waitFor(() => turnOf(alice));
    expect(await ephemeralAnswer(fake.slash(bob, 'olathe', {}, { subcommand: 'quit', channelId: thread }))).toMatch(
      /You left the game/,
    );
    for (let n = 3; n < 14; n++) await playSimpleTurn(fake, alice, await fake.waitFor(() => turnOf(alice)));
    await fake.waitFor(() => game.messages().find((m) => title(m).includes('game over')));
    expect(fake.pingsOf(alice, thread)).toHaveLength(4); // the turn that was open when Bob left pinged her already
    expect(fake.pingsOf(bob, thread)).toHaveLength(3);
    expect(fake.breaches).toEqual([]);
  }, 60_000);
});

describe('when there is no thread', () => {
  it('plays in the channel when the bot may not start threads there, and tells the host why', async () => {
    const { fake, users } = world;
    const { alice } = users;
    const channelId = fake.addChannel('no-threads').id;
    fake.setBotChannelPermissions(channelId, { deny: Permission.CreatePublicThreads });
    const lobby = await fake
      .slash(alice, 'olathe', { free: 2, down: 0, up: 0 }, { subcommand: 'start', channelId })
      .reply();
    const start = fake.click(alice, lobby.id, control(lobby, 'start').customId);
    const note = await start.reply().then(() => fake.waitFor(() => start.followUps()[0]));
    expect(note.ephemeralFor).toBe(alice.id);
    expect(note.content).toMatch(/can't start a thread in this channel.*played right here/);
    const turn = await fake.waitFor(() =>
      fake.messages(channelId).find((m) => m.content.includes(`<@${alice.id}>, your turn`)),
    );
    expect(turn.channelId).toBe(channelId);
    expect(fake.threads(channelId)).toEqual([]);
    expect(fake.breaches).toEqual([]);
  }, 30_000);

  it('falls back to the channel when Discord refuses the thread, and says so once to the host', async () => {
    const { fake, users } = world;
    const { bob } = users;
    const refusal = fake.injectFault({
      route: FaultRoute.threadCreate,
      kind: 'status',
      status: 403,
      body: { message: 'Missing Permissions', code: 50013 },
    });
    const channelId = fake.addChannel('thread-refused').id;
    const lobby = await fake
      .slash(bob, 'olathe', { free: 2, down: 0, up: 0 }, { subcommand: 'start', channelId })
      .reply();
    await fake.click(bob, lobby.id, control(lobby, 'start').customId).acked();
    await fake.waitFor(() => fake.messages(channelId).find((m) => m.content.includes(`<@${bob.id}>, your turn`)));
    expect(refusal.hits).toBe(1);
    const notes = fake.messages(channelId).filter((m) => m.content.includes("can't start threads in this channel"));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.pinged).toEqual([bob.id]);
    expect(fake.threads(channelId)).toEqual([]);
  }, 30_000);

  it('follows the server setting (changed by a manager only) and the start option', async () => {
    const { fake, users } = world;
    const { carol } = users;
    const admin = fake.addUser({ username: 'admin', globalName: 'Admin', permissions: PERMISSIONS.admin });
    expect(await ephemeralAnswer(fake.slash(carol, 'olathe', { threads: false }, { subcommand: 'settings' }))).toMatch(
      /Only members who can manage the server/,
    );
    expect(await ephemeralAnswer(fake.slash(admin, 'olathe', { threads: false }, { subcommand: 'settings' }))).toMatch(
      /^Saved\. 💬 New games are played in the channel/,
    );
    const plain = await startIn('setting-off', carol, []);
    await fake.waitFor(() =>
      fake.messages(plain.channelId).find((m) => m.content.includes(`<@${carol.id}>, your turn`)),
    );
    expect(fake.threads(plain.channelId)).toEqual([]);
    const threaded = await startIn('option-on', carol, [], { thread: true });
    await fake.waitFor(() => threadOf(fake, threaded.lobby.id));
    expect(await ephemeralAnswer(fake.slash(carol, 'olathe', {}, { subcommand: 'settings' }))).toMatch(
      /^💬 New games are played in the channel/,
    );
    await fake.slash(admin, 'olathe', { threads: true }, { subcommand: 'settings' }).reply();
    expect(fake.breaches).toEqual([]);
  }, 30_000);
});
