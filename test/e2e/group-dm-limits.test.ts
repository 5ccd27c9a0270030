// Discord's limits on a game where the bot is not a member, end to end: when more must be shown than
// the tokens at hand allow — six turn timers fired while every token was dead, then one click's token with its
// five follow-ups — the rest waits for the next interaction, and each line is shown exactly once, in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel, FakeMessage, FakeUser } from '../../src/fake-discord';
import type { World } from './harness';
import { expireTurn } from './turn-timers';
import { control, controlsOf, ephemeralAnswer, playSimpleTurn, publicMessages, startWorld } from './harness';

let world: World;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
let group: FakeChannel;

beforeAll(async () => {
  world = await startWorld({ diceSeed: 'group-dm-limits', env: { DISCORD_GUILD_ID: '' } });
  alice = world.users.alice;
  bob = world.users.bob;
  carol = world.users.carol;
  world.fake.installApp(alice);
  group = world.fake.addGroupDm([alice, bob, carol], 'limits');
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const inGroup = () => publicMessages(world.fake, [group.id]);
const timedOutLines = (): FakeMessage[] => inGroup().filter((m) => m.content.includes(' ran out of time — '));

describe('more to show than the tokens at hand allow', () => {
  it('shows five lines with one click’s token, the rest with the next; each once, in order', async () => {
    const { fake } = world;
    const lobby = await fake.slash(alice, 'olathe', {}, { subcommand: 'start', channelId: group.id }).reply();
    for (const user of [bob, carol]) await fake.click(user, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
    const table = await fake.waitFor(() => inGroup().find((m) => m.content.includes(`<@${alice.id}>, your turn`)));
    const gameId = controlsOf(table).find((c) => c.id)!.id!.gameId;
    fake.advanceTime(16 * 60_000); // every token the bot holds is dead
    // Two timers each (a third in a row would take the player out of the game: RULES.md "Turn timeout").
    for (let n = 1; n <= 6; n++) await expireTurn(world, gameId, n);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(timedOutLines()).toEqual([]);

    // Bob asks to see the game: his click brings one token, good for five follow-ups.
    const first = fake.click(bob, lobby.id, control(fake.message(lobby.id)!, 'refresh').customId);
    expect(await ephemeralAnswer(first)).toMatch(/drawn again/);
    await fake.waitFor(() => timedOutLines().length === 5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(timedOutLines()).toHaveLength(5);
    expect(first.followUps()).toHaveLength(5);
    // The game's message is up to date all the same: edits cost no follow-up. It is Alice's turn (the 7th).
    expect(fake.message(table.id)!.content).toBe(`<@${alice.id}>, your turn!`);

    // The next interaction there shows the last line, which pings Alice, whose turn it is.
    await ephemeralAnswer(fake.click(carol, lobby.id, control(fake.message(lobby.id)!, 'refresh').customId));
    await fake.waitFor(() => timedOutLines().length === 6);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = timedOutLines();
    expect(lines.map((m) => m.content.slice(2, 3)).join('')).toBe('ABCABC');
    expect(new Set(lines.map((m) => m.content)).size).toBe(6);
    expect(lines.filter((m) => m.pinged.length > 0).map((m) => m.pinged)).toEqual([[alice.id]]);
    // The only breaches: the bot's tries with its dead tokens, each answered 401 and the token dropped.
    expect(fake.breaches.filter((b) => !b.includes('tokens live 15 min'))).toEqual([]);
  }, 120_000);
});

describe('computer players where the bot is not a member', () => {
  it('play their turns between a person’s clicks; every line is shown once and the game ends', async () => {
    const { fake } = world;
    fake.clearRecords(); // the dead tokens' refusals of the test before
    const place = fake.addGroupDm([alice, carol], 'with computers');
    const options = { free: 2, down: 0, up: 0, throws: 2, bots: 2 };
    const lobby = await fake.slash(alice, 'olathe', options, { subcommand: 'start', channelId: place.id }).reply();
    await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();
    const here = () => publicMessages(fake, [place.id]);
    const isOver = (m: FakeMessage) => (m.embeds[0]?.title ?? '').includes('game over');
    let turns = 0;
    for (;;) {
      const next = await fake.waitFor(
        () => (here().some(isOver) ? 'done' : here().find((m) => m.content.startsWith(`<@${alice.id}>, your turn`))),
        20_000,
      );
      if (next === 'done') break;
      await playSimpleTurn(fake, alice, next);
      turns++;
    }
    expect(turns).toBe(14);
    // Every line waited for (the results need not come after the last one), then 300 ms more for a repeat.
    const written = () => here().filter((m) => / wrote \d+ in /.test(m.content));
    await fake.waitFor(() => written().length >= 42, 30_000).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = written();
    expect(lines).toHaveLength(42); // three players, 14 turns each
    expect(new Set(lines.map((m) => m.id)).size).toBe(42);
    expect(fake.breaches).toEqual([]);
  }, 120_000);
});
