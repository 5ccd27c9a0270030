// Ratings on the leaderboard and the season podium, against the built bot on the run's engine, its clock moved by
// OLATHE_CLOCK_OFFSET_MS: rated games in February 2031; `/olathe leaderboard` then ranks by the saved ratings
// (by:wins keeps the wins board); `settings announcements:` needs Manage Server and a channel the bot can post
// in. Across the month's end the podium is posted once, with its PNG, in the server that set a channel and in no
// other: the post is made but its answer lost, the bot is killed (kill -9) and started again, and again; Discord
// is asked with the same nonce and shows one message. After it, `season:2031-02` shows February's standings, and
// a bad, future or too early season is refused privately. Nothing pings anyone; refusals write nothing public.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, Permission } from '../../src/fake-discord';
import type { FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import { tr } from '../../src/discord/i18n';
import type { World } from './harness';
import {
  control,
  deployCommands,
  embedText,
  ephemeralAnswer,
  eventually,
  gameChannelIds,
  playSimpleTurn,
  playToTheEnd,
  publicMessages,
  quiet,
  resultsMessage,
  startWorld,
} from './harness';

const en = tr('en');
const SHORT = { free: 2, down: 0, up: 0, throws: 1 };
const FEBRUARY = Date.UTC(2031, 1, 20, 12);
const MARCH = Date.UTC(2031, 2, 1);
/** The offset that makes the bot's clock read `at` now. */
const offsetTo = (at: number) => String(at - Date.now());

let world: World;
let admin: FakeUser;
let announce: string;
let other: { guildId: string; channelId: string };
beforeAll(async () => {
  world = await startWorld({ diceSeed: 'season-podium', env: { OLATHE_CLOCK_OFFSET_MS: offsetTo(FEBRUARY) } });
  admin = world.fake.addUser({ username: 'admin', globalName: 'Admin', permissions: PERMISSIONS.admin });
  announce = world.fake.addChannel('announcements').id;
  other = world.fake.addGuild({ name: 'Other Server' });
  await deployCommands({ ...world.env, DISCORD_GUILD_ID: other.guildId });
}, 90_000);
afterAll(async () => {
  await world?.close();
});

const publicCount = (fake: FakeDiscord, channelId = fake.channelId) =>
  fake.messages(channelId).filter((m) => m.ephemeralFor === undefined).length;

/** One human against an easy computer player, on the smallest card, in `channelId`, to its results. */
async function againstComputer(fake: FakeDiscord, user: FakeUser, channelId: string): Promise<void> {
  const shown = () => publicMessages(fake, gameChannelIds(fake, channelId));
  const results = () => shown().filter((m) => / — game over/.test(m.embeds[0]?.title ?? '')).length;
  const before = results();
  const lobby = await fake
    .slash(user, 'olathe', { ...SHORT, bots: 1, difficulty: 'easy' }, { subcommand: 'start', channelId })
    .reply();
  await fake.click(user, lobby.id, control(lobby, 'start').customId).acked();
  const cue = en('turn.yourTurn', { userId: user.id });
  for (;;) {
    const turn = await fake.waitFor(() => {
      if (results() > before) return 'done' as const;
      return shown().find((m) => m.content.includes(cue) && m.components.length > 0);
    }, 20_000);
    if (turn === 'done') return;
    await playSimpleTurn(fake, user, turn);
  }
}

/** Lines of a board's field (both variants) or description (one). */
const fieldLines = (m: FakeMessage, name: string) =>
  m.embeds[0]!.fields!.find((f) => f.name === name)!.value.split('\n');

describe('ratings on the leaderboard, and the season podium', () => {
  it('ranks the server by the saved ratings once it has rated games; by:wins keeps the wins board', async () => {
    const { fake, users } = world;
    const { alice, bob, carol } = users;
    const lobby = await fake.slash(alice, 'olathe', SHORT, { subcommand: 'start' }).reply();
    await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
    await playToTheEnd(fake, [alice, bob]);
    expect(resultsMessage(fake)).toBeDefined();
    await againstComputer(fake, carol, fake.channelId);
    const dave = fake.addUser({ username: 'dave', globalName: 'Dave', guildIds: [other.guildId] });
    await againstComputer(fake, dave, other.channelId);

    const saved = (await world.sql(
      `SELECT g.name, g.rating, r.games FROM guild_ratings g JOIN ratings r ON r.user_id = g.user_id AND r.variant = g.variant
       WHERE g.guild_id = $1 AND g.variant = 'olathe' ORDER BY g.rating DESC, g.user_id`,
      [fake.guildId],
    )) as Array<{ name: string; rating: number; games: number }>;
    expect(saved.map((r) => r.name).sort()).toEqual(['Alice', 'Bob', 'Carol']);
    const board = await fake.slash(carol, 'olathe', {}, { subcommand: 'leaderboard' }).reply();
    expect(board.ephemeralFor).toBeUndefined();
    expect(board.pinged).toEqual([]);
    expect(board.embeds[0]!.title).toBe(en('leaderboard.ratingTitle'));
    // Only Olathe was played: one field, the people in the order of their saved ratings ("?": one game each).
    expect(board.embeds[0]!.fields!.map((f) => f.name)).toEqual(['Olathe']);
    const lines = fieldLines(board, 'Olathe');
    expect(lines.map((l) => /\*\*\d+\. (\w+)\*\*/.exec(l)![1])).toEqual(saved.map((r) => r.name));
    saved.forEach((r, i) => expect(lines[i]).toContain(`${Number(r.rating).toLocaleString('en')}? · 1 game`));

    const wins = await fake.slash(bob, 'olathe', { by: 'wins' }, { subcommand: 'leaderboard' }).reply();
    expect(wins.embeds[0]!.title).toBe(en('leaderboard.title', { period: en('leaderboard.period.all') }));
    expect(embedText(wins)).toMatch(/\*\*1\. \w+\*\* — 1 win in 1 game/);
    expect(embedText(wins)).toContain(en('leaderboard.computers'));
    // A period means wins; with by:rating it makes no sense, and is refused, privately.
    const before = publicCount(fake);
    expect(
      await ephemeralAnswer(
        fake.slash(alice, 'olathe', { by: 'rating', period: 'week' }, { subcommand: 'leaderboard' }),
      ),
    ).toBe(en('leaderboard.periodWithRating'));
    expect(publicCount(fake)).toBe(before);
  }, 180_000);

  it('takes an announcements channel from a manager only, and one the bot can post in', async () => {
    const { fake, users } = world;
    const closed = fake.addChannel('closed').id;
    fake.setBotChannelPermissions(closed, { deny: Permission.SendMessages });
    const set = (user: FakeUser, channelId: string) =>
      ephemeralAnswer(fake.slash(user, 'olathe', { announcements: channelId }, { subcommand: 'settings' }));
    expect(await set(users.carol, announce)).toBe(en('reply.notManager'));
    expect(await set(users.mod, announce)).toBe(en('reply.notManager'));
    expect(await set(admin, closed)).toBe(
      en('reply.announcementsCannotPost', { channelId: closed, permissions: 'Send Messages' }),
    );
    expect(
      await world.sql('SELECT announce_channel_id FROM guild_settings WHERE announce_channel_id IS NOT NULL'),
    ).toEqual([]);
    const saved = await set(admin, announce);
    expect(saved).toContain(en('reply.announcementsOn', { channelId: announce }));
    expect(saved.startsWith(en('reply.saved'))).toBe(true);
  });

  it('posts the podium once across the month’s end, through a lost answer and two kill -9s', async () => {
    const { fake } = world;
    expect(await world.bot.kill('SIGKILL')).toBeNull();
    // Discord makes the post, but its answer never comes back.
    const lost = fake.injectFault({
      route: `POST /channels/${announce}/messages`,
      kind: 'stall',
      times: Infinity,
      apply: 'after',
    });
    world.env.OLATHE_CLOCK_OFFSET_MS = offsetTo(MARCH - 6000);
    await world.restart();
    await fake.waitFor(() => (fake.messages(announce).length > 0 ? true : undefined), 30_000);
    expect(await world.bot.kill('SIGKILL')).toBeNull();
    lost.remove();
    await world.restart();
    await eventually(async () => {
      const rows = (await world.sql('SELECT message_id FROM season_posts WHERE message_id IS NOT NULL')) as unknown[];
      return rows.length === 1;
    }, 20_000);
    const [posted] = fake.messages(announce);
    expect(fake.deduplicatedCreates.some((d) => d.messageId === posted!.id)).toBe(true);
    // Once more, after it was recorded: nothing new.
    expect(await world.bot.kill('SIGKILL')).toBeNull();
    await world.restart();
    await eventually(() => /season podiums looked at/.test(world.bot.log()), 20_000);
    await quiet(world);
    expect(fake.messages(announce)).toHaveLength(1);

    const podium = posted!;
    expect(podium.pinged).toEqual([]);
    expect(podium.embeds[0]!.title).toBe('🏆 Season February 2031 — the podium');
    expect(podium.attachments.map((a) => a.filename)).toEqual(['podium-2031-02.png']);
    expect(podium.embeds[0]!.image?.url).toBe(podium.attachments[0]!.url);
    const png = Buffer.from(await (await fetch(podium.attachments[0]!.url)).arrayBuffer());
    expect(png.readUInt32BE(16)).toBe(640);
    const podiumLines = fieldLines(podium, 'Olathe');
    expect(podiumLines[0]).toMatch(/^🥇 \*\*\w+\*\* — [\d,]+ · 1 game$/);
    const posts = fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/channels/${announce}/messages`));
    expect(posts.length).toBeGreaterThanOrEqual(2);
    for (const r of posts) expect((r.body as { allowed_mentions?: unknown }).allowed_mentions).toEqual({ parse: [] });
    // The server without an announcements channel gets none.
    expect(await world.sql('SELECT guild_id FROM season_posts')).toEqual([{ guild_id: fake.guildId }]);
    expect(fake.messages(other.channelId).some((m) => /podium/.test(m.embeds[0]?.title ?? ''))).toBe(false);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 120_000);

  it('shows last month’s final standings with season:, and refuses a bad, future or too early one privately', async () => {
    const { fake, users } = world;
    const { alice, bob, carol } = users;
    const board = await fake.slash(alice, 'olathe', { season: '2031-02' }, { subcommand: 'leaderboard' }).reply();
    expect(board.ephemeralFor).toBeUndefined();
    expect(board.pinged).toEqual([]);
    expect(board.embeds[0]!.title).toBe('🏆 Season February 2031 (2031-02) — final standings');
    const names = fieldLines(board, 'Olathe').map((l) => /\*\*\d+\. (\w+)\*\*/.exec(l)![1]);
    expect(names.sort()).toEqual(['Alice', 'Bob', 'Carol']);
    // March has only begun: no rated game in it yet.
    const now = await fake.slash(bob, 'olathe', { season: '2031-03' }, { subcommand: 'leaderboard' }).reply();
    expect(embedText(now)).toContain(en('leaderboard.seasonEmpty', { month: 'March 2031' }));

    const before = publicCount(fake);
    const refusal = (season: string) =>
      ephemeralAnswer(fake.slash(carol, 'olathe', { season }, { subcommand: 'leaderboard' }));
    expect(await refusal('March')).toBe(en('leaderboard.badSeason', { example: '2031-03' }));
    expect(await refusal('2031-13')).toBe(en('leaderboard.badSeason', { example: '2031-03' }));
    expect(await refusal('2031-04')).toBe(en('leaderboard.futureSeason', { season: '2031-04', current: '2031-03' }));
    expect(await refusal('2031-01')).toBe(en('leaderboard.seasonTooEarly', { first: '2031-02' }));
    expect(
      await ephemeralAnswer(
        fake.slash(carol, 'olathe', { by: 'wins', season: '2031-02' }, { subcommand: 'leaderboard' }),
      ),
    ).toBe(en('leaderboard.seasonWithWins'));
    expect(publicCount(fake)).toBe(before);
    expect(fake.breaches).toEqual([]);
  }, 60_000);
});
