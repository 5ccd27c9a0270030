// The results' Rematch button on the loopback Discord: two people and a computer player finish a game, both
// click Rematch, and one lobby appears where the game was (its thread), with everyone seated and the other
// person pinged; one leaves from it, the host starts it, and the rematch plays to its results. A rematch is
// refused plainly when the channel has another game open, and to someone who did not play.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../../src/fake-discord';
import type { World } from './harness';
import {
  control,
  embedText,
  ephemeralAnswer,
  playToTheEnd,
  publicMessages,
  resultsMessage,
  startWorld,
  threadOf,
} from './harness';

let world: World;
beforeAll(async () => {
  world = await startWorld({ diceSeed: 'rematch', botStepMs: 30 });
});
afterAll(async () => {
  await world?.close();
});

/** The smallest card, one throw a turn: 14 turns each. */
const SHORT = { free: 2, down: 0, up: 0, throws: 1 };
const isOpenLobby = (m: FakeMessage) => (m.embeds[0]?.title ?? '').endsWith('— new game');

describe('Rematch', () => {
  it('opens one lobby for two clicks, seating everyone; one leaves, the host starts it, it plays', async () => {
    const { fake, users } = world;
    const { alice, bob } = users;
    const lobby = await fake
      .slash(alice, 'olathe', { ...SHORT, bots: 1, difficulty: 'easy' }, { subcommand: 'start' })
      .reply();
    await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
    const thread = await fake.waitFor(() => threadOf(fake, lobby.id));
    await playToTheEnd(fake, [alice, bob]);
    const results = resultsMessage(fake)!;
    expect(results.channelId).toBe(thread);
    const rematch = control(results, 'rematch');
    expect(rematch.label).toBe('🔁 Rematch');

    // Both players click at once: one lobby, and each is pointed to it.
    const answers = await Promise.all([
      ephemeralAnswer(fake.click(alice, results.id, rematch.customId)),
      ephemeralAnswer(fake.click(bob, results.id, rematch.customId)),
    ]);
    const lobbies = publicMessages(fake, [thread]).filter(isOpenLobby);
    expect(lobbies).toHaveLength(1);
    expect(publicMessages(fake, [fake.channelId]).filter(isOpenLobby)).toEqual([]);
    const again = lobbies[0]!;
    const link = `https://discord.com/channels/${fake.guildId}/${thread}/${again.id})`;
    expect(answers.every((a) => a.includes(link))).toBe(true);
    expect(answers.filter((a) => a.startsWith('🔁 Rematch lobby opened'))).toHaveLength(1);
    expect(answers.filter((a) => a.startsWith('The rematch lobby is already open'))).toHaveLength(1);
    // A third click, later, still finds the same lobby.
    expect(await ephemeralAnswer(fake.click(alice, results.id, rematch.customId))).toContain(link);
    expect(publicMessages(fake, [thread]).filter(isOpenLobby)).toHaveLength(1);

    const hostId = /Host: <@(\d+)>/.exec(embedText(again))![1]!;
    const guest = hostId === alice.id ? bob : alice;
    const host = hostId === alice.id ? alice : bob;
    // In their old seats: Alice hosted, seated the computer player with /olathe start, then Bob joined.
    expect(embedText(again)).toMatch(new RegExp(`Players 3/8: <@${alice.id}> 🤖 \\w+ \\(easy\\) <@${bob.id}>\n`));
    expect(again.content).toMatch(/^🔁 Rematch of game \d+ — /);
    // Seated without asking, the other person is told (pinged once); the one who clicked is not.
    expect(again.pinged).toEqual([guest.id]);

    // The guest would rather not play: Leave works for a seat the rematch gave them.
    await fake.click(guest, again.id, control(again, 'leave').customId).acked();
    expect(embedText(fake.message(again.id)!)).toMatch(/Players 2\/8: .*\(easy\)/);
    expect(embedText(fake.message(again.id)!)).toContain(`<@${host.id}>`);
    expect(embedText(fake.message(again.id)!)).not.toContain(`<@${guest.id}>`);

    await fake.click(host, again.id, control(fake.message(again.id)!, 'start').customId).acked();
    // No thread inside a thread: the rematch plays right there.
    const turns = await playToTheEnd(fake, [host]);
    expect(turns).toBe(14);
    const second = resultsMessage(fake)!;
    expect(second.id).not.toBe(results.id);
    expect(second.channelId).toBe(thread);
    // Its lobby becomes the game's summary, like any lobby's.
    await fake.waitFor(() => fake.message(again.id)!.embeds[0]!.title === '🎲 Olathe — finished');
    expect(fake.message(again.id)!.content).toMatch(/^🔁 Rematch of game \d+$/);
    // The rematch's own results offer the next one.
    expect(control(second, 'rematch').id).toEqual({ action: 'rematch', gameId: expect.any(Number) as number });
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 120_000);

  it('is refused, with the reason, when the channel has another game open, and to someone who did not play', async () => {
    const { fake, users } = world;
    const { alice, carol, mod } = users;
    const channelId = fake.addChannel('rematch-busy').id;
    const lobby = await fake
      .slash(alice, 'olathe', { ...SHORT, bots: 1, thread: false }, { subcommand: 'start', channelId })
      .reply();
    await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();
    await fake.slash(alice, 'olathe', {}, { subcommand: 'end', channelId }).reply();
    const results = await fake.waitFor(() =>
      fake.messages(channelId).find((m) => m.components.length > 0 && /game over/.test(m.embeds[0]?.title ?? '')),
    );
    const rematch = control(results, 'rematch').customId;

    expect(await ephemeralAnswer(fake.click(carol, results.id, rematch))).toBe(
      'Only the people who played this game can open its rematch.',
    );
    // Carol opens a game of her own there: the rematch must wait for it.
    await fake.slash(carol, 'olathe', {}, { subcommand: 'start', channelId }).reply();
    expect(await ephemeralAnswer(fake.click(alice, results.id, rematch))).toBe(
      'This channel already has another game open: the rematch can be opened once it is over. The host can end it with /olathe end.',
    );
    expect(fake.messages(channelId).filter(isOpenLobby)).toHaveLength(1);
    // Once hers is closed, the rematch opens.
    await fake.slash(mod, 'olathe', {}, { subcommand: 'end', channelId }).reply();
    expect(await ephemeralAnswer(fake.click(alice, results.id, rematch))).toMatch(/^🔁 Rematch lobby opened/);
    await fake.waitFor(() => fake.messages(channelId).filter(isOpenLobby).length === 1);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 60_000);
});
