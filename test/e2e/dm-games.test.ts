// Olathe in the bot's DM (context 1), end to end: /olathe registered globally for both installs and
// every context; a solo game of each variant played in the DM itself (no thread: Discord has none there) to its
// results with the picture (a hint, the analysis); the daily challenge there for a user who only installed the app; the subcommands
// about a server refused there, saying why; and a kill -9
// mid-game after which the old buttons play on. (A DM holds no stranger to refuse.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel, FakeMessage, FakeUser } from '../../src/fake-discord';
import { utcDay } from '../../src/service/daily';
import type { World } from './harness';
import { control, ephemeralAnswer, findControl, playSimpleTurn, publicMessages, startWorld } from './harness';
import type { DailyPlayer } from './daily-play';
import { finishDaily } from './daily-play';

let world: World;
let alice: FakeUser;
/** A user who shares no server with the bot and installed the app to her account. */
let dana: FakeUser;
let aliceDm: FakeChannel;
let danaDm: FakeChannel;

beforeAll(async () => {
  // No DISCORD_GUILD_ID: registered globally, as only global commands are offered in DMs.
  world = await startWorld({ diceSeed: 'dm-games', env: { DISCORD_GUILD_ID: '' } });
  const { fake } = world;
  alice = world.users.alice;
  dana = fake.addUser({ username: 'dana', globalName: 'Dana', guildIds: [] });
  fake.installApp(dana);
  aliceDm = fake.addDm(alice);
  danaDm = fake.addDm(dana);
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const inDm = (dm: FakeChannel) => publicMessages(world.fake, [dm.id]);
const isResults = (m: FakeMessage) => (m.embeds[0]?.title ?? '').includes('game over');
const results = (dm: FakeChannel) => inDm(dm).filter(isResults);
/** The DM's message that still offers a move (a turn message, or a Balut card). */
const openTurn = (dm: FakeChannel) =>
  inDm(dm).find((m) => findControl(m, 'throw') ?? findControl(m, 'write') ?? findControl(m, 'declare'));

/** Opens a solo game in the DM and starts it from the lobby. */
async function startSolo(user: FakeUser, dm: FakeChannel, options: Record<string, string | number>): Promise<void> {
  const { fake } = world;
  const lobby = await fake.slash(user, 'olathe', options, { subcommand: 'start', channelId: dm.id }).reply();
  expect(lobby.channelId).toBe(dm.id);
  expect(lobby.ephemeralFor).toBeUndefined();
  await fake.click(user, lobby.id, control(lobby, 'start').customId).acked();
}

/** Plays simple turns until the DM shows one more results message; returns it and the turns played. */
async function playToResults(user: FakeUser, dm: FakeChannel): Promise<{ results: FakeMessage; turns: number }> {
  const { fake } = world;
  const before = results(dm).length;
  let turns = 0;
  for (;;) {
    const next = await fake.waitFor(() => (results(dm).length > before ? 'done' : openTurn(dm)), 20_000);
    if (next === 'done') return { results: results(dm).at(-1)!, turns };
    await playSimpleTurn(fake, user, next);
    turns++;
  }
}

describe('the bot’s DM', () => {
  it('registers /olathe globally, for a server’s install and a user’s own, in every context', () => {
    const { registeredCommands } = world.fake;
    expect(registeredCommands.guilds[world.fake.guildId] ?? []).toEqual([]);
    const [olathe] = registeredCommands.global;
    expect(olathe?.name).toBe('olathe');
    expect(olathe?.integration_types).toEqual([0, 1]);
    expect(olathe?.contexts).toEqual([0, 1, 2]);
  });

  it('plays a solo Olathe game in the DM itself, to the results with the picture', async () => {
    const { fake } = world;
    await startSolo(alice, aliceDm, { free: 2, down: 0, up: 0, throws: 2 });
    const first = await fake.waitFor(() => openTurn(aliceDm));
    // A hint, only for Alice, in the DM.
    const advice = await fake.click(alice, first.id, control(first, 'hint').customId).reply();
    expect(advice.ephemeralFor).toBe(alice.id);
    expect(advice.embeds[0]!.title).toBe('💡 Hint');
    const { results: final, turns } = await playToResults(alice, aliceDm);
    expect(turns).toBe(14);
    expect(final.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/^results-\d+\.png$/)]);
    expect(final.embeds[0]!.image?.url).toBe(final.attachments[0]!.url);
    // The analysis of her game, for her alone.
    const analysis = await fake.click(alice, final.id, control(final, 'analysis').customId).reply();
    expect(analysis.ephemeralFor).toBe(alice.id);
    expect(analysis.embeds[0]!.title).toBe('📊 Your game, decision by decision');
    // Played where it was opened: no thread, no note about one, nothing posted in the server.
    expect(fake.threads()).toEqual([]);
    expect(inDm(aliceDm).some((m) => m.content.includes('thread'))).toBe(false);
    expect(publicMessages(fake)).toEqual([]);
    // Her own record counts it.
    const stats = await fake.slash(alice, 'olathe', {}, { subcommand: 'stats', channelId: aliceDm.id }).reply();
    expect(stats.embeds[0]!.title).toBe('📊 Alice — statistics of your games in DMs and group DMs');
    expect(stats.embeds[0]!.fields?.map((f) => f.name)).toEqual(['Olathe', '📈 Rating (everywhere)']);
    expect(stats.embeds[0]!.fields?.[0]!.value).toMatch(/^1 win in 1 game \(100%\)/);
    // A solo game is not rated: the stats say there is no rating yet, and attach no chart.
    expect(stats.embeds[0]!.fields?.[1]!.value).toBe(
      'No rated games yet: finish a game against someone or a computer player',
    );
    expect(stats.attachments).toEqual([]);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 120_000);

  it('plays a solo Balut game in the DM', async () => {
    await startSolo(alice, aliceDm, { variant: 'balut' });
    const { results: final, turns } = await playToResults(alice, aliceDm);
    expect(turns).toBe(28);
    expect(final.embeds[0]!.title).toBe('🏁 Balut — game over');
    expect(final.attachments).toHaveLength(1);
    expect(world.fake.breaches).toEqual([]);
  }, 120_000);

  it('refuses, saying why, what is about a server', async () => {
    const { fake } = world;
    const here = { channelId: aliceDm.id };
    for (const [subcommand, options] of [
      ['leaderboard', {}],
      ['settings', { threads: false }],
      ['daily', { board: 'server' }],
    ] as const) {
      const answer = await ephemeralAnswer(fake.slash(alice, 'olathe', options, { subcommand, ...here }));
      expect(answer).toMatch(/This is about a server that has added me, and this is not one/);
    }
    const other = await ephemeralAnswer(
      fake.slash(alice, 'olathe', { user: world.users.bob.id }, { subcommand: 'stats', ...here }),
    );
    expect(other).toMatch(/only your own record/);
    expect(fake.breaches).toEqual([]);
  });

  it('plays the daily challenge in the DM of a user who only installed the app, once a day', async () => {
    const { fake } = world;
    const answer = await fake.slash(dana, 'olathe', {}, { subcommand: 'daily', channelId: danaDm.id }).reply();
    expect(answer.content).toContain('takes on the daily challenge of');
    expect(answer.content).toContain('right here');
    const player: DailyPlayer = { user: dana, channelId: danaDm.id, writes: 'first', thread: danaDm.id };
    const final = await finishDaily(fake, player);
    const text = final.embeds[0]!.description ?? '';
    expect(text).toContain(`Daily challenge ${utcDay(Date.now())}`);
    expect(text).toMatch(/Rank when you finished: \*\*#1\*\* of 1 in the world/);
    expect(text).not.toContain('on this server');
    // One attempt a day.
    const again = fake.slash(dana, 'olathe', {}, { subcommand: 'daily', channelId: danaDm.id });
    expect(await ephemeralAnswer(again)).toMatch(/played today's daily challenge already/);
    // The world board has her.
    const board = await fake
      .slash(dana, 'olathe', { board: 'world' }, { subcommand: 'daily', channelId: danaDm.id })
      .reply();
    expect(board.embeds[0]!.description).toMatch(/\*\*1\.\*\* Dana — /);
    expect(fake.threads()).toEqual([]);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 120_000);

  it('goes on from the old buttons after a kill -9 and a relaunch mid-game', async () => {
    const { fake } = world;
    await startSolo(dana, danaDm, { free: 2, down: 0, up: 0, throws: 2 });
    let turn = await fake.waitFor(() => openTurn(danaDm));
    await playSimpleTurn(fake, dana, turn);
    turn = await fake.waitFor(() => (openTurn(danaDm)?.id !== turn.id ? openTurn(danaDm) : undefined));
    const declare = control(turn, 'declare');
    await fake.select(dana, turn.id, declare.customId, [declare.options![0]!.value]).acked();
    await fake.click(dana, turn.id, control(fake.message(turn.id)!, 'throw').customId).acked();
    const old = fake.message(turn.id)!;
    expect(await world.bot.kill('SIGKILL')).toBeNull();
    await world.restart();
    // The write menu of the message made before the crash.
    const write = control(old, 'write');
    await fake.select(dana, old.id, write.customId, [write.options![0]!.value]).acked();
    expect(fake.message(old.id)!.components).toEqual([]); // collapsed to its log line
    const { turns } = await playToResults(dana, danaDm);
    expect(turns).toBe(12);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 120_000);
});
