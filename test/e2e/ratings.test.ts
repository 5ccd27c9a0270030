// The ratings as players see them, against the real bot: Alice finishes a game against a computer player, and the
// results say her change exactly as the database saved it ("1,500? → 1,541? (+41) · first rated game") beside the
// computer player's fixed rating; a restart that draws the results again shows the same, posting nothing twice.
// `/olathe stats` shows her rating with a PNG chart of it, in the server and in her DM (ratings are hers
// everywhere), and for someone who is not a member of the server; no answer pings anyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../../src/fake-discord';
import { COMPUTER_SKILLS, displayed } from '../../src/rating';
import type { World } from './harness';
import { control, embedText, playToTheEnd, resultsMessage, resultsMessages, startWorld } from './harness';

/** The smallest card, one throw a turn: 14 turns each. */
const SHORT = { free: 2, down: 0, up: 0, throws: 1 };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let world: World;
beforeAll(async () => {
  // Registered globally, as only global commands are offered in DMs.
  world = await startWorld({ diceSeed: 'ratings-e2e', botStepMs: 30, env: { DISCORD_GUILD_ID: '' } });
});
afterAll(async () => {
  await world?.close();
});

const gameIdOf = (results: FakeMessage) => Number(/game (\d+)/.exec(results.embeds[0]!.footer!.text)![1]);
const en = (n: number) => n.toLocaleString('en');
const delta = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${en(Math.abs(n))}`;

/** The PNG the fake serves for a message's one attachment, which its embed shows: its size. */
async function chartOf(message: FakeMessage, userId: string): Promise<{ width: number; height: number }> {
  expect(message.attachments.map((a) => a.filename)).toEqual([`rating-${userId}.png`]);
  const file = message.attachments[0]!;
  expect(message.embeds[0]!.image?.url).toBe(file.url);
  const bytes = Buffer.from(await (await fetch(file.url)).arrayBuffer());
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The allowed_mentions of the callback that answered with `message` (logged once answered: waited for). */
async function mentionsOf(message: FakeMessage): Promise<unknown> {
  const callback = await world.fake.waitFor(() =>
    world.fake.requests.find((r) => r.path.includes(`/interactions/${message.interactionId}/`) && r.status > 0),
  );
  return (callback.body as { data?: { allowed_mentions?: unknown } }).data?.allowed_mentions;
}

describe('ratings on the results and in /olathe stats', () => {
  it('show the change as saved, after a restart too, and the rating with its chart', async () => {
    const { fake, users } = world;
    const { alice, bob } = users;
    const lobby = await fake
      .slash(alice, 'olathe', { ...SHORT, bots: 1, difficulty: 'easy' }, { subcommand: 'start' })
      .reply();
    await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();
    await playToTheEnd(fake, [alice]);
    const results = resultsMessage(fake)!;
    const id = gameIdOf(results);

    // The change as the game's end saved it: her first rated game, so "?" on both sides.
    const [saved] = (await world.sql(
      'SELECT rating_before AS "before", rating_after AS "after" FROM rating_history WHERE game_id = $1 AND user_id = $2',
      [id, alice.id],
    )) as Array<{ before: number; after: number }>;
    expect(saved!.before).toBe(1500);
    const line = `<@${alice.id}> ${en(saved!.before)}? → ${en(saved!.after)}? (${delta(saved!.after - saved!.before)}) · first rated game`;
    const ada = `🤖 Ada (easy) ${en(displayed(COMPUTER_SKILLS.olathe.easy))} (computer player: fixed rating)`;
    expect(embedText(results)).toContain(`📈 **Ratings**\n`);
    expect(embedText(results)).toContain(line);
    expect(embedText(results)).toContain(ada);
    // The computer player's rating is fixed: nothing of it is stored, and no change is shown for it.
    expect(await world.sql('SELECT user_id FROM rating_history WHERE game_id = $1', [id])).toEqual([
      { user_id: alice.id },
    ]);
    expect(embedText(results)).not.toMatch(/Ada \(easy\) [\d,?]+ →/);
    // Posted without letting a mention through: nobody is pinged by the results.
    expect(results.pinged).toEqual([]);
    // (A request is logged once it is answered, just after the message it made appears.)
    const post = await fake.waitFor(() =>
      fake.requests.find(
        (r) =>
          r.method === 'POST' &&
          r.path.endsWith(`/channels/${results.channelId}/messages`) &&
          JSON.stringify(r.body).includes('📈'),
      ),
    );
    expect((post.body as { allowed_mentions?: unknown }).allowed_mentions).toEqual({ parse: [] });

    // A restart that must draw the results again (what they showed forgotten) shows the same lines, read back.
    await fake.waitFor(() => (embedText(fake.message(lobby.id)!).includes(`/${results.id})`) ? true : undefined));
    await world.bot.kill('SIGTERM');
    const [row] = (await world.sql('SELECT shown FROM games WHERE id = $1', [id])) as Array<{ shown: string }>;
    const shown = JSON.parse(row!.shown) as Record<string, string>;
    delete shown.results;
    delete shown.lobby;
    await world.sql('UPDATE games SET shown = $1 WHERE id = $2', [JSON.stringify(shown), id]);
    // Meanwhile Erin, who is not a member of this server, has been rated elsewhere (her rows, Alice's figures).
    const erin = fake.addUser({ username: 'erin', globalName: 'Erin', guildIds: [] });
    await world.sql(
      `INSERT INTO ratings (user_id, variant, mu, sigma, games, rating, best, season, updated_at)
       SELECT $1, variant, mu, sigma, games, rating, best, season, updated_at FROM ratings WHERE user_id = $2`,
      [erin.id, alice.id],
    );
    await world.sql(
      `INSERT INTO rating_history (game_id, user_id, variant, guild_id, season, ended_at, mu_before, sigma_before,
         mu_after, sigma_after, rating_before, rating_after)
       SELECT game_id, $1, variant, '1', season, ended_at, mu_before, sigma_before, mu_after, sigma_after,
         rating_before, rating_after FROM rating_history WHERE user_id = $2`,
      [erin.id, alice.id],
    );
    const before = resultsMessages(fake).length;
    await world.restart();
    await fake.waitFor(() => (fake.message(results.id)!.history.length > 0 ? true : undefined), 15_000);
    const redrawn = fake.message(results.id)!;
    expect(redrawn.editedAt).not.toBeNull();
    expect(embedText(redrawn)).toContain(line);
    expect(embedText(redrawn)).toContain(ada);
    expect(resultsMessages(fake)).toHaveLength(before);

    // Her stats: the rating as stored, its "?", the best and the games, with the chart attached and shown.
    const [rating] = (await world.sql('SELECT rating, best, games FROM ratings WHERE user_id = $1', [
      alice.id,
    ])) as Array<{
      rating: number;
      best: number;
      games: number;
    }>;
    expect(rating).toEqual({ rating: saved!.after, best: saved!.after, games: 1 });
    const figures = `Olathe **${en(rating!.rating)}?** · best ${en(rating!.best)} · 1 rated game`;
    const mine = await fake.slash(alice, 'olathe', {}, { subcommand: 'stats' }).reply();
    expect(mine.ephemeralFor).toBeUndefined();
    expect(mine.pinged).toEqual([]);
    expect(await mentionsOf(mine)).toEqual({ parse: [] });
    const field = mine.embeds[0]!.fields!.find((f) => f.name === '📈 Rating (everywhere)')!;
    expect(field.value.split('\n')).toEqual([figures, expect.stringMatching(/^\? = provisional/)]);
    expect(field.value).not.toContain('Balut');
    expect(await chartOf(mine, alice.id)).toEqual({ width: 600, height: 300 });

    // In her DM, where she has finished no game: her ratings all the same, and the chart.
    const dm = fake.addDm(alice);
    const there = await fake.slash(alice, 'olathe', {}, { subcommand: 'stats', channelId: dm.id }).reply();
    expect(there.embeds[0]!.description).toBe("You haven't finished a game here yet — start one with /olathe start.");
    expect(embedText(there)).toContain(figures);
    expect(await chartOf(there, alice.id)).toEqual({ width: 600, height: 300 });

    // Someone who is not a member: no game in this server, her ratings from elsewhere; nothing breaks.
    const hers = await fake.slash(bob, 'olathe', { user: erin.id }, { subcommand: 'stats' }).reply();
    expect(hers.ephemeralFor).toBeUndefined();
    expect(hers.embeds[0]!.title).toBe('📊 Erin — statistics in this server');
    expect(hers.embeds[0]!.description).toBe('Erin has not finished a game in this server yet.');
    expect(embedText(hers)).toContain(figures);
    expect(await chartOf(hers, erin.id)).toEqual({ width: 600, height: 300 });
    expect(hers.pinged).toEqual([]);
    expect(await mentionsOf(hers)).toEqual({ parse: [] });

    // Someone with no rated game: said in a line, privately, with no chart.
    const carol = await fake.slash(users.carol, 'olathe', {}, { subcommand: 'stats' }).reply();
    expect(carol.ephemeralFor).toBe(users.carol.id);
    expect(carol.attachments).toEqual([]);
    expect(world.bot.log()).not.toMatch(/could not be drawn/);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 120_000);
});
