// A server the bot is not in, reached through a user's own install of the app (context 0 with only
// the user's owner entry), end to end: a game plays there through replies like in a group DM; the server's own
// subcommands are refused; a server that keeps its members' apps private gets a plain refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../../src/fake-discord';
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

beforeAll(async () => {
  world = await startWorld({ diceSeed: 'server-without-bot', env: { DISCORD_GUILD_ID: '' } });
  alice = world.users.alice;
  bob = world.users.bob;
  world.fake.installApp(alice);
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe('a server without the bot, reached through a user install', () => {
  it('plays a game there through replies; where the server keeps apps private, refuses plainly', async () => {
    const { fake } = world;
    const open = fake.addGuild({ name: 'Friends', botMember: false });
    for (const user of [alice, bob]) fake.addMember(user, open.guildId);
    const lobby = await fake
      .slash(
        alice,
        'olathe',
        { free: 2, down: 0, up: 0, throws: 2 },
        { subcommand: 'start', channelId: open.channelId },
      )
      .reply();
    expect(lobby.ephemeralFor).toBeUndefined();
    await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();
    const there = () => publicMessages(fake, [open.channelId]);
    const first = await fake.waitFor(() => there().find((m) => findControl(m, 'declare')));
    expect(first.interactionId).toBeDefined();
    await playSimpleTurn(fake, alice, first);
    // Her turn's line follows as a message of its own; the game's message shows her next turn.
    const line = await fake.waitFor(() => there().find((m) => m.content.startsWith('**Alice** wrote ')));
    // Alone in her game, she is not pinged for each turn of her own (as a turn message would not ping her).
    expect(line.pinged).toEqual([]);
    expect(embedText(fake.message(first.id)!)).toContain('turn 2 of 14');
    // The server's own leaderboard is not for a server without the bot.
    const board = fake.slash(alice, 'olathe', {}, { subcommand: 'leaderboard', channelId: open.channelId });
    expect(await ephemeralAnswer(board)).toMatch(/This is about a server that has added me/);

    const closed = fake.addGuild({ name: 'Strict', botMember: false, externalApps: false });
    fake.addMember(alice, closed.guildId);
    const refused = await fake.slash(alice, 'olathe', {}, { subcommand: 'start', channelId: closed.channelId }).reply();
    expect(refused.ephemeralFor).toBe(alice.id);
    // The lobby Discord made private is turned into the reason, and the lobby closed.
    await fake.waitFor(() => /answer only the one who asked/.test(fake.message(refused.id)!.content));
    expect(fake.message(refused.id)!.embeds).toEqual([]);
    expect(fake.message(refused.id)!.components).toEqual([]);
    expect(publicMessages(fake, [closed.channelId])).toEqual([]);
    expect(fake.threads()).toEqual([]);
    expect(fake.breaches).toEqual([]);
  }, 120_000);
});
