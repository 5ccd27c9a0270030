// The lobby message from opening to the end, on the loopback Discord: leaving by /olathe quit or the Leave
// button keeps it showing who is in; a leaving host hands it on, saying so; the last one out closes it; a
// lobby nobody starts expires on the bot's clock, even across a restart; and every way a game ends leaves
// the lobby saying so, with a link to the results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage, FakeUser } from '../../src/fake-discord';
import type { World } from './harness';
import {
  control,
  embedText,
  ephemeralAnswer,
  eventually,
  gameChannelIds,
  playToTheEnd,
  publicMessages,
  startWorld,
} from './harness';

/** Short enough to watch a lobby expire; long enough for the other tests to start theirs in time. */
const EXPIRY_MS = 6000;

let world: World;
beforeAll(async () => {
  world = await startWorld({
    diceSeed: 'lobby',
    botStepMs: 30,
    reconcileMs: 1000,
    env: { OLATHE_LOBBY_EXPIRY_MS: String(EXPIRY_MS) },
  });
});
afterAll(async () => {
  await world?.close();
});

/** A lobby on the smallest card (14 one-throw turns) in a channel of its own, or (null) the default one. */
async function openLobby(name: string | null, host: FakeUser, others: FakeUser[] = []) {
  const { fake } = world;
  const channelId = name === null ? fake.channelId : fake.addChannel(name).id;
  const lobby = await fake
    .slash(host, 'olathe', { free: 2, down: 0, up: 0, throws: 1 }, { subcommand: 'start', channelId })
    .reply();
  for (const p of others) await fake.click(p, lobby.id, control(lobby, 'join').customId).acked();
  return { channelId, lobby, now: () => fake.message(lobby.id)! };
}

const quit = (user: FakeUser, channelId: string) =>
  ephemeralAnswer(world.fake.slash(user, 'olathe', {}, { subcommand: 'quit', channelId }));

const isResults = (m: FakeMessage) => (m.embeds[0]?.title ?? '').includes('game over');

describe('leaving a lobby', () => {
  it('/olathe quit and Leave redraw it; the host hands it on, saying so; the last one out closes it', async () => {
    const { fake, users } = world;
    const { alice, bob, carol } = users;
    const { channelId, lobby, now } = await openLobby('leaving', alice, [bob, carol]);
    expect(embedText(now())).toContain(`Players 3/8: <@${alice.id}> <@${bob.id}> <@${carol.id}>`);

    expect(await quit(bob, channelId)).toBe('You left the lobby.');
    await fake.waitFor(() => embedText(now()).includes(`Players 2/8: <@${alice.id}> <@${carol.id}>\n`));

    expect(await quit(alice, channelId)).toBe(`You left the lobby; <@${carol.id}> is the host now.`);
    await fake.waitFor(() => embedText(now()).includes(`👑 Alice left — <@${carol.id}> is the host now.`));
    expect(embedText(now())).toContain(`Host: <@${carol.id}>`);
    expect(embedText(now())).toContain(`Players 1/8: <@${carol.id}>\n`);
    expect(control(now(), 'start').disabled).toBeFalsy();

    // The Leave button answers with the lobby itself.
    await fake.click(carol, lobby.id, control(now(), 'leave').customId).acked();
    expect(now().embeds[0]!.description).toMatch(/^✖ Everyone left, so this lobby closed\./);
    expect(now().components).toEqual([]);
    expect(embedText(now())).toContain('Players: nobody');

    // A host alone who quits closes it too, through the channel.
    const second = await openLobby('leaving-alone', bob);
    expect(await quit(bob, second.channelId)).toBe('You left the lobby. Nobody else was in it, so it closed.');
    await fake.waitFor(() => second.now().components.length === 0);
    expect(second.now().embeds[0]!.description).toMatch(/^✖ Everyone left/);
    expect(fake.breaches).toEqual([]);
  }, 30_000);
});

describe('a lobby nobody starts', () => {
  it('expires on the clock, saying so and losing its buttons — also when the bot was down meanwhile', async () => {
    const { fake, users } = world;
    const { alice, bob } = users;
    const first = await openLobby('expiring', alice);
    const expiresAt = Number(/<t:(\d+):R>/.exec(embedText(first.now()))![1]) * 1000;
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(EXPIRY_MS + 1000);
    await fake.waitFor(() => first.now().components.length === 0, EXPIRY_MS + 5000);
    expect(first.now().embeds[0]!.title).toBe('🎲 Olathe — closed');
    expect(first.now().embeds[0]!.description).toMatch(/^⌛ Nobody started this lobby in time, so it closed\./);
    await eventually(() => world.bot.log().includes('"lobby expired"'));
    // The channel is free again.
    const again = await fake.slash(bob, 'olathe', {}, { subcommand: 'start', channelId: first.channelId }).reply();
    expect(embedText(again)).toContain('new game');
    const ended = await fake.slash(bob, 'olathe', {}, { subcommand: 'end', channelId: first.channelId }).reply();
    expect(ended.content).toBe(`<@${bob.id}> cancelled the lobby.`);
    await fake.waitFor(() => fake.message(again.id)!.components.length === 0);
    expect(fake.message(again.id)!.embeds[0]!.description).toMatch(/^✖ This lobby was cancelled\./);

    // The deadline is in the database: a bot killed before it comes closes the lobby when it is back.
    const second = await openLobby('expiring-offline', alice);
    // The bot notes the lobby's message id once Discord has answered /olathe start: not killed before that.
    await eventually(async () => {
      const rows = (await world.sql("SELECT messages FROM games WHERE channel_id = $1 AND status = 'lobby'", [
        second.channelId,
      ])) as { messages: string }[];
      return rows.length === 1 && 'lobby' in (JSON.parse(rows[0]!.messages) as Record<string, string>);
    }, 10_000);
    await world.bot.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, EXPIRY_MS));
    expect(second.now().components).not.toEqual([]);
    await world.restart();
    await fake.waitFor(() => second.now().components.length === 0, 10_000);
    expect(second.now().embeds[0]!.description).toMatch(/^⌛ Nobody started this lobby in time/);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 60_000);
});

describe('after a game ends, the lobby says how and links the results', () => {
  async function startedGame(name: string | null, host: FakeUser, others: FakeUser[] = []) {
    const { fake } = world;
    const game = await openLobby(name, host, others);
    await fake.click(host, game.lobby.id, control(game.now(), 'start').customId).acked();
    const results = () =>
      publicMessages(fake, gameChannelIds(fake, game.channelId)).filter((m) => !m.deleted && isResults(m));
    return { ...game, results };
  }

  /** Waits for the lobby to link the one results message and returns its description. */
  async function linked(game: Awaited<ReturnType<typeof startedGame>>): Promise<string> {
    const { fake } = world;
    const results = await fake.waitFor(() => game.results()[0], 10_000);
    await fake.waitFor(() => game.now().embeds[0]!.description!.includes(`/${results.id})`), 10_000);
    return game.now().embeds[0]!.description!;
  }

  it('finished: over, who came out on top (a solo game has no winner), the link', async () => {
    const { fake, users } = world;
    // In the default channel, where playToTheEnd looks for turns.
    const game = await startedGame(null, users.alice);
    await fake.waitFor(() => game.now().embeds[0]!.description!.startsWith('▶ The game is being played in <#'));
    await playToTheEnd(fake, [users.alice]);
    const summary = await linked(game);
    expect(game.now().embeds[0]!.title).toBe('🎲 Olathe — finished');
    expect(summary).toMatch(new RegExp(`^🏁 The game is over in <#\\d+>\\.\\n🏁 <@${users.alice.id}> finished with`));
    expect(summary).not.toMatch(/wins/);
    expect(embedText(game.results()[0]!)).not.toMatch(/wins/);
    expect(embedText(game.results()[0]!)).toMatch(/Raw \d+ → modifier [+−]?\d+ \(band /);
    // Her card, looked up after the game, is final.
    const card = await fake.slash(users.alice, 'olathe', {}, { subcommand: 'card' }).reply();
    expect(embedText(card)).toMatch(/\*\* points?, final$/m);
    expect(embedText(card)).not.toMatch(/so far/);
  }, 60_000);

  it('ended early by /olathe end, and by everyone quitting: says which, links the results', async () => {
    const { fake, users } = world;
    const { alice, bob } = users;
    const stopped = await startedGame('stopped', alice, [bob]);
    await fake.waitFor(() => stopped.now().embeds[0]!.description!.includes('being played'));
    await fake.slash(alice, 'olathe', {}, { subcommand: 'end', channelId: stopped.channelId }).reply();
    expect(await linked(stopped)).toMatch(
      /^⏹ The game ended early in <#\d+>: it was stopped before the cards were full\.\n\[See the results\]/,
    );
    expect(stopped.now().embeds[0]!.title).toBe('🎲 Olathe — ended early');
    expect(embedText(stopped.results()[0]!)).toMatch(/⏹ Game ended early/);
    expect(embedText(stopped.results()[0]!)).not.toMatch(/wins/);

    const deserted = await startedGame('deserted', alice, [bob]);
    await fake.waitFor(() => deserted.now().embeds[0]!.description!.includes('being played'));
    expect(await quit(bob, deserted.channelId)).toBe('You left the game; your card still scores.');
    expect(await quit(alice, deserted.channelId)).toBe('You left the game; your card still scores.');
    expect(await linked(deserted)).toMatch(/^⏹ The game ended early in <#\d+>: everyone left\.\n\[See the results\]/);
    expect(embedText(deserted.now())).toContain(`Players: <@${alice.id}> (left) <@${bob.id}> (left)`);
  }, 60_000);

  it('its thread lost: the lobby says so and keeps the standings', async () => {
    const { fake, users } = world;
    const game = await startedGame('lost', users.carol);
    const thread = await fake.waitFor(() => /<#(\d+)>/.exec(game.now().embeds[0]!.description!)?.[1]);
    fake.deleteChannel(thread);
    await fake.waitFor(() => game.now().embeds[0]!.description!.includes('its channel was deleted'), 10_000);
    expect(game.now().embeds[0]!.description).toBe(
      `⏹ The game ended early: its channel was deleted or closed to me.\n<@${users.carol.id}> −2`,
    );
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 30_000);
});
