// Discord failing at bad moments, on the loopback Discord's fault injection: a 5xx storm and a long 429 in
// the middle of a game, a moderator deleting a turn message, and a game's thread or channel deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultRoute } from '../../src/fake-discord';
import type { FakeMessage, FakeUser } from '../../src/fake-discord';
import type { World } from './harness';
import { control, embedText, eventually, gameChannelIds, playSimpleTurn, publicMessages, startWorld } from './harness';

let world: World;
beforeAll(async () => {
  world = await startWorld({ diceSeed: 'failures', botStepMs: 40, reconcileMs: 1000 });
});
afterAll(async () => {
  await world?.close();
});

/** A started Olathe game on a 2-column card in a channel of its own. */
async function table(
  name: string,
  host: FakeUser,
  options: Record<string, string | number | boolean> = {},
  others: FakeUser[] = [],
) {
  const { fake } = world;
  const channelId = fake.addChannel(name).id;
  const lobby = await fake
    .slash(host, 'olathe', { free: 2, down: 0, up: 0, throws: 1, ...options }, { subcommand: 'start', channelId })
    .reply();
  for (const p of others) await fake.click(p, lobby.id, control(lobby, 'join').customId).acked();
  await fake.click(host, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
  const messages = () => publicMessages(fake, gameChannelIds(fake, channelId));
  const turnOf = (user: FakeUser) =>
    messages().find((m) => m.content.includes(`<@${user.id}>, your turn`) && m.components.length > 0);
  return { channelId, lobby, messages, turnOf };
}

const isResults = (m: FakeMessage) => (m.embeds[0]?.title ?? '').includes('game over');
const LOG_LINE = /^\*\*.+?\*\* wrote \d+ in \w+ \(Free [12]\) — /;

describe('when Discord fails', () => {
  it('finishes a game through five 500s in a row and a 429 that asks for 10 s, every message once', async () => {
    const { fake, users } = world;
    const { alice } = users;
    // Alice against a computer player, whose every step the bot draws by editing its turn message.
    const game = await table('storm', alice, { bots: 1, difficulty: 'easy' });
    await playSimpleTurn(fake, alice, await fake.waitFor(() => game.turnOf(alice)));
    const storm = fake.injectFault({ route: FaultRoute.messageCreate, kind: 'status', status: 500, times: 5 });
    const slow = fake.injectFault({ route: FaultRoute.messageEdit, kind: 'ratelimit', retryAfterMs: 10_000, times: 1 });
    for (let turn = 1; turn < 14; turn++)
      await playSimpleTurn(fake, alice, await fake.waitFor(() => game.turnOf(alice), 30_000));
    await fake.waitFor(() => game.messages().find(isResults), 30_000);
    expect(storm.hits).toBe(5);
    expect(slow.hits).toBe(1);
    // discord.js retried the 500s three times itself; the Publisher took over from there and backed off.
    expect(world.bot.log()).toContain('channel update failed; trying again');
    // Every line, waited for (not a fixed time: the results need not come after the last line), then counted.
    const logLines = () => game.messages().filter((m) => LOG_LINE.test(m.content));
    await fake.waitFor(() => logLines().length >= 28, 30_000).catch(() => {});
    const lines = logLines();
    expect(lines).toHaveLength(28); // 14 turns each: every turn shown once, none twice
    expect(new Set(lines.map((m) => m.content)).size).toBe(lines.length);
    expect(game.messages().filter(isResults)).toHaveLength(1);
    expect(game.messages().filter((m) => m.components.length > 0 && !isResults(m))).toEqual([]);
    expect(fake.breaches).toEqual([]);
  }, 90_000);

  it('draws a deleted turn message again, without pinging twice', async () => {
    const { fake, users } = world;
    const { alice, bob } = users;
    const game = await table('deleted-turn', alice, {}, [bob]);
    await playSimpleTurn(fake, alice, await fake.waitFor(() => game.turnOf(alice)));
    const bobs = await fake.waitFor(() => game.turnOf(bob));
    const pings = fake.pingsOf(bob).length;
    fake.deleteMessage(bobs.id);
    const again = await fake.waitFor(() => game.turnOf(bob), 5000);
    expect(again.id).not.toBe(bobs.id);
    expect(fake.pingsOf(bob)).toHaveLength(pings);
    await playSimpleTurn(fake, bob, again);
    await fake.waitFor(() => game.turnOf(alice));
    expect(fake.breaches).toEqual([]);
  }, 30_000);

  for (const where of ['thread', 'channel'] as const) {
    it(`ends the game cleanly when its ${where} is deleted, and sends nothing more there`, async () => {
      const { fake, users } = world;
      const { alice, bob } = users;
      const game = await table(`deleted-${where}`, alice, { thread: where === 'thread' }, [bob]);
      const turn = await fake.waitFor(() => game.turnOf(alice));
      const gone = turn.channelId;
      expect(gone === game.channelId).toBe(where === 'channel');
      fake.deleteChannel(gone);
      const logged = () =>
        world.bot
          .log()
          .split('\n')
          .filter((l) => l.includes('game ended: its channel is gone')).length;
      const endedBefore = logged();
      await eventually(() => logged() > endedBefore, 5000);
      if (where === 'thread') {
        // The lobby in the parent channel says what happened.
        await fake.waitFor(() => embedText(fake.message(game.lobby.id)!).includes('its channel was deleted'), 5000);
        expect(embedText(fake.message(game.lobby.id)!)).toContain('ended early');
      }
      const sent = () => fake.requests.filter((r) => r.path.includes(`/channels/${gone}/`)).length;
      const before = sent();
      await new Promise((resolve) => setTimeout(resolve, 2500)); // two more reconciles
      expect(sent()).toBe(before);
      // A new game can start in the parent channel: the old one is over.
      if (where === 'thread') {
        const lobby = await fake.slash(bob, 'olathe', {}, { subcommand: 'start', channelId: game.channelId }).reply();
        expect(embedText(lobby)).toContain('new game');
      }
    }, 30_000);
  }
});
