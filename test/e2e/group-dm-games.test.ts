// Olathe in a group DM (issue 24, context 2), end to end: the bot is no member there, so every message of a
// game is an interaction's reply, a follow-up, or an edit through a token — never a channel route (the fake
// answers those 403 and counts a breach). A two-player Olathe game with a lobby joined by a click, a stranger's
// click refused, each turn pinging its player, a kill -9 and relaunch mid-game, and a token that expired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel, FakeMessage, FakeUser } from '../../src/fake-discord';
import type { World } from './harness';
import {
  control,
  embedText,
  ephemeralAnswer,
  findControl,
  playSimpleTurn,
  publicMessages,
  startWorld,
} from './harness';

let world: World;
let alice: FakeUser;
let bob: FakeUser;
/** In the group DM, not in the game. */
let erin: FakeUser;
let group: FakeChannel;

beforeAll(async () => {
  world = await startWorld({ diceSeed: 'group-dm-games', env: { DISCORD_GUILD_ID: '' } });
  const { fake } = world;
  alice = world.users.alice;
  bob = world.users.bob;
  erin = fake.addUser({ username: 'erin', globalName: 'Erin', guildIds: [] });
  fake.installApp(alice);
  group = fake.addGroupDm([alice, bob, erin], 'dice night');
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const inGroup = () => publicMessages(world.fake, [group.id]);
const isResults = (m: FakeMessage) => (m.embeds[0]?.title ?? '').includes('game over');
/** The group's message that offers `user` a move now. */
const turnOf = (user: FakeUser) =>
  inGroup().find(
    (m) =>
      m.content.includes(`<@${user.id}>`) &&
      (findControl(m, 'throw') ?? findControl(m, 'write') ?? findControl(m, 'declare')),
  );

/** Opens a game in the group DM, Bob joins with a click, Alice starts it. */
async function openAndStart(options: Record<string, string | number>): Promise<FakeMessage> {
  const { fake } = world;
  const lobby = await fake.slash(alice, 'olathe', options, { subcommand: 'start', channelId: group.id }).reply();
  expect(lobby.channelId).toBe(group.id);
  expect(lobby.ephemeralFor).toBeUndefined();
  await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
  expect(embedText(fake.message(lobby.id)!)).toContain(`<@${bob.id}>`);
  await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
  return lobby;
}

describe('a group DM, where the bot is no member', () => {
  it('plays a two-player Olathe game through replies and follow-ups, each turn pinging its player', async () => {
    const { fake } = world;
    await openAndStart({ free: 2, down: 0, up: 0, throws: 2 });
    const first = await fake.waitFor(() => turnOf(alice));
    expect(first.interactionId).toBeDefined(); // a follow-up, not a channel post
    expect(fake.pingsOf(alice, group.id).map((m) => m.id)).toContain(first.id);
    // Erin is in the group but not in the game: refused privately, nothing changes.
    const before = JSON.stringify(fake.message(first.id)!.components);
    const declare = control(first, 'declare');
    const refused = await ephemeralAnswer(fake.select(erin, first.id, declare.customId, [declare.options![0]!.value]));
    expect(refused).toMatch(/only they can use its buttons/);
    expect(JSON.stringify(fake.message(first.id)!.components)).toBe(before);
    let turns = 0;
    for (;;) {
      const next = await fake.waitFor(
        () => (inGroup().some(isResults) ? 'done' : (turnOf(alice) ?? turnOf(bob))),
        20_000,
      );
      if (next === 'done') break;
      const player = next.content.includes(`<@${alice.id}>`) ? alice : bob;
      await playSimpleTurn(fake, player, next);
      turns++;
    }
    expect(turns).toBe(28);
    // Bob was pinged by his turns' messages, one per turn.
    expect(fake.pingsOf(bob, group.id).length).toBeGreaterThanOrEqual(14);
    expect(fake.threads()).toEqual([]);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 180_000);
});
