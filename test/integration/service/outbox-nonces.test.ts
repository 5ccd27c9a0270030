// A shout lost to a reused id: once the outbox had emptied, SQLite handed the next row the id of the one just
// delivered, and the shout's nonce came from that id, so Discord answered the second shout with the first.
// Here: the real delivery (ChannelSync) against a Discord stand-in that deduplicates nonces as Discord does, and
// the one wanted message that used to be posted "first" twice.
import { afterAll, describe, expect, it } from 'vitest';
import type { GameOptions } from '../../../src/game';
import { DiscordStandIn } from './fixtures/discord-stand-in';
import { harness, removeTempDirs, user } from './helpers';
import { sql, testEngine } from '../../support/storage';

afterAll(removeTempDirs);

const OPTIONS: GameOptions = { variant: 'olathe', columns: ['free', 'free'], throwsPerTurn: 3, predictions: false };
/** Ann's solo game, played in the channel "solo" (no thread), its first messages shown. */
async function soloInChannel() {
  const h = await harness();
  const discord = new DiscordStandIn();
  const game = await h.service.openLobby({ guildId: 'g', channelId: 'solo', host: user('ann'), options: OPTIONS });
  await h.service.start(game.id, 'ann');
  const sync = discord.sync(h.service);
  await sync.pass(game.id, false);
  return { ...h, discord, sync, game };
}

describe('shouts saved after the outbox emptied', () => {
  it('get nonces of their own and new rows: both are posted, in the thread and in the channel', async () => {
    const { service, rng } = await harness();
    const discord = new DiscordStandIn();
    const sync = discord.sync(service);
    let game = await service.openLobby({
      guildId: 'g',
      channelId: 'parent',
      host: user('ann'),
      options: OPTIONS,
      threads: true,
    });
    await service.join(game.id, user('ben'));
    const lobby = await discord.rest.post('parent', { content: 'lobby', embeds: [], components: [] }, [], 'lobby');
    await service.recordShown(game.id, 'lobby', lobby, null);
    game = await service.start(game.id, 'ann');
    await sync.pass(game.id, false);
    const thread = (await service.game(game.id))!.playChannelId!;
    expect(thread).toMatch(/^thread-/);

    await service.declare(game.id, 'ann', 0);
    rng.push([2, 2, 2, 2, 2]);
    const [first] = (await service.throwDice(game.id, 'ann')).outbox;
    await sync.pass(game.id, false);
    const [written] = (await service.write(game.id, 'ann', 0, 'olathe')).outbox;
    await sync.pass(game.id, false);
    expect(await service.pendingChannelWork(game.id)).toEqual([]);

    await service.declare(game.id, 'ben', 0);
    rng.push([3, 3, 3, 3, 3]);
    const [second] = (await service.throwDice(game.id, 'ben')).outbox;
    expect(second!.work.kind).toBe('shout');
    // Ids are never handed out again, so a late done for a delivered row cannot take a newer one with it.
    expect(second!.id).toBeGreaterThan(written!.id);
    expect(written!.id).toBeGreaterThan(first!.id);
    expect(await service.channelWorkDone(first!.id)).toBe(false);
    expect(await service.pendingChannelWork(game.id)).toEqual([second]);
    await sync.pass(game.id, false);

    for (const channel of [thread, 'parent']) {
      const shouts = discord.shouts(channel);
      expect(shouts.map((s) => s.content)).toEqual([
        expect.stringMatching(/^🎶 \*\*O-la-the!\*\* 🎶 {2}<@ann> threw five 2s!$/),
        expect.stringMatching(/^🎶 \*\*O-la-the!\*\* 🎶 {2}<@ben> threw five 3s!$/),
      ]);
      expect(new Set(shouts.map((s) => s.nonce)).size).toBe(2);
    }
    // The thread's copy and the channel's are told apart too.
    expect(new Set([...discord.shouts(thread), ...discord.shouts('parent')].map((s) => s.nonce)).size).toBe(4);
    expect(discord.deduplicated).toEqual([]);
  });

  it("are both posted even when the second row gets the first row's id (as before migration 0010)", async () => {
    const { service, rng, storage, discord, sync, game } = await soloInChannel();
    await service.declare(game.id, 'ann', 0);
    rng.push([1, 1, 1, 1, 1]);
    const [first] = (await service.throwDice(game.id, 'ann')).outbox;
    await sync.pass(game.id, false);
    await service.write(game.id, 'ann', 0, 'olathe');
    await sync.pass(game.id, false);
    // What SQLite did without AUTOINCREMENT once the outbox was empty: the next row takes the first id again
    // (on PostgreSQL: the outbox's sequence set back).
    if (testEngine() === 'postgres')
      await sql(storage, "SELECT setval(pg_get_serial_sequence('outbox', 'id'), $1, false)", [first!.id]);
    else await sql(storage, "UPDATE sqlite_sequence SET seq = $1 WHERE name = 'outbox'", [first!.id - 1]);
    await service.declare(game.id, 'ann', 1);
    rng.push([5, 5, 5, 5, 5]);
    const [second] = (await service.throwDice(game.id, 'ann')).outbox;
    expect(second!.id).toBe(first!.id);
    await sync.pass(game.id, false);
    expect(discord.shouts('solo').map((s) => s.content)).toEqual([
      expect.stringContaining('threw five 1s!'),
      expect.stringContaining('threw five 5s!'),
    ]);
    expect(discord.deduplicated).toEqual([]);
  });

  it('a delivery tried again (the answer lost) keeps its nonce, so Discord makes one message', async () => {
    const { service, rng, discord, sync, game } = await soloInChannel();
    await service.declare(game.id, 'ann', 1);
    rng.push([6, 6, 6, 6, 6]);
    await service.throwDice(game.id, 'ann');
    // The post lands but the process dies before the row is marked done: the next pass sends it again.
    const done = service.channelWorkDone.bind(service);
    service.channelWorkDone = async () => false;
    await sync.pass(game.id, false);
    service.channelWorkDone = done;
    await sync.pass(game.id, false);
    expect(discord.shouts('solo')).toHaveLength(1);
    expect(discord.deduplicated.map((p) => p.content)).toEqual([discord.shouts('solo')[0]!.content]);
  });
});

describe("a rematch's lobby deleted before its game starts", () => {
  it('is posted again under a nonce of its own, pinging as before', async () => {
    const h = await harness();
    const discord = new DiscordStandIn();
    const sync = discord.sync(h.service);
    const old = await h.service.openLobby({ guildId: 'g', channelId: 'c', host: user('ann'), options: OPTIONS });
    await h.service.join(old.id, user('ben'));
    await h.service.start(old.id, 'ann');
    await h.service.end(old.id, 'ann', { canManage: false });
    const { view } = await h.service.rematch(old.id, 'ben');
    await sync.pass(view.id, false);
    const lobbies = () => discord.posts.filter((p) => p.channel === 'c' && p.content.startsWith('🔁'));
    expect(lobbies().map((p) => p.ping)).toEqual([['ann']]);

    discord.deleted.add(lobbies()[0]!.id);
    await h.service.join(view.id, user('cid')); // the lobby changes, so the Publisher edits it and finds it gone
    await sync.pass(view.id, false);
    expect(lobbies().map((p) => p.ping)).toEqual([['ann'], ['ann', 'cid']]);
    expect(lobbies()[1]!.nonce).not.toBe(lobbies()[0]!.nonce);
    expect((await h.service.game(view.id))!.messages.lobby).toBe(lobbies()[1]!.id);
  });
});
