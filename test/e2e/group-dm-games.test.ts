// Olathe in a group DM (context 2), end to end: the bot is no member there, so every message of a
// game is an interaction's reply, a follow-up, or an edit through a token — never a channel route (the fake
// answers those 403 and counts a breach). A two-player Olathe game with a lobby joined by a click, a stranger's
// click refused, each turn pinging its player; a turn timer that fires when every token has expired (saved, shown
// at the next click); a three-player Balut game with private cards, a kill -9 and relaunch mid-game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeChannel, FakeMessage, FakeUser } from '../../src/fake-discord';
import type { World } from './harness';
import { expireTurn } from './turn-timers';
import { finishDaily } from './daily-play';
import { fiveOfAKindSeed } from './seeds';
import {
  control,
  controlsOf,
  embedText,
  ephemeralAnswer,
  eventually,
  findControl,
  playSimpleTurn,
  publicMessages,
  quiet,
  startWorld,
} from './harness';

let world: World;
let alice: FakeUser;
let bob: FakeUser;
let carol: FakeUser;
/** In the group DM, not in the game. */
let erin: FakeUser;
let group: FakeChannel;

beforeAll(async () => {
  world = await startWorld({ diceSeed: 'group-dm-games', env: { DISCORD_GUILD_ID: '' } });
  const { fake } = world;
  alice = world.users.alice;
  bob = world.users.bob;
  carol = world.users.carol;
  erin = fake.addUser({ username: 'erin', globalName: 'Erin', guildIds: [] });
  fake.installApp(alice);
  group = fake.addGroupDm([alice, bob, carol, erin], 'dice night');
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const inGroup = () => publicMessages(world.fake, [group.id]);
const isResults = (m: FakeMessage) => (m.embeds[0]?.title ?? '').includes('game over');
/** The game a message's controls belong to. */
const gameOf = (m: FakeMessage) => controlsOf(m).find((c) => c.id)!.id!.gameId;
/** The group's message that offers `user` a move now. */
const turnOf = (user: FakeUser) =>
  inGroup().find(
    (m) =>
      m.content.includes(`<@${user.id}>`) &&
      (findControl(m, 'throw') ?? findControl(m, 'write') ?? findControl(m, 'declare')),
  );

/** Opens a game in the group DM, the others join with a click, Alice starts it. */
async function openAndStart(
  options: Record<string, string | number>,
  others: FakeUser[] = [bob],
): Promise<FakeMessage> {
  const { fake } = world;
  const lobby = await fake.slash(alice, 'olathe', options, { subcommand: 'start', channelId: group.id }).reply();
  expect(lobby.channelId).toBe(group.id);
  expect(lobby.ephemeralFor).toBeUndefined();
  for (const user of others) {
    await fake.click(user, lobby.id, control(lobby, 'join').customId).acked();
    expect(embedText(fake.message(lobby.id)!)).toContain(`<@${user.id}>`);
  }
  await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
  return lobby;
}

describe('a group DM, where the bot is no member', () => {
  it('plays a two-player Olathe game in one message every click updates; each ended turn pings the next player', async () => {
    const { fake } = world;
    const lobby = await openAndStart({ free: 2, down: 0, up: 0, throws: 2 });
    const first = await fake.waitFor(() => turnOf(alice));
    expect(first.interactionId).toBeDefined(); // a follow-up, not a channel post
    const advice = await fake.click(alice, first.id, control(first, 'hint').customId).reply();
    expect(advice.ephemeralFor).toBe(alice.id);
    expect(advice.embeds[0]!.title).toBe('💡 Hint');
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
      // As a person would, the next player plays once the last turn's line (which pings them) is there: lines
      // still unshown when the next turn ends go out together, and only the newest pings.
      await fake.waitFor(() => inGroup().filter((m) => / wrote /.test(m.content)).length === turns);
      const player = next.content.includes(`<@${alice.id}>`) ? alice : bob;
      await playSimpleTurn(fake, player, next);
      turns++;
      // The game is one message: the click that ended the turn already shows the next one there.
      expect(next.id).toBe(first.id);
      if (turns === 7) {
        // Mid-game, kill -9 and relaunch: the new process holds no token until a click brings one, and the next
        // click on the game's message plays on. Killed once the turn's line is shown and recorded: follow-ups
        // take no nonce, so a kill between Discord's answer and the record would show that line twice.
        await fake.waitFor(() => inGroup().filter((m) => / wrote /.test(m.content)).length === 7);
        const gameId = gameOf(first);
        await eventually(
          async () => (await world.sql('SELECT id FROM outbox WHERE game_id = $1', [gameId])).length === 0,
        );
        expect(await world.bot.kill('SIGKILL')).toBeNull();
        await world.restart();
      }
    }
    expect(turns).toBe(28);
    // Each ended turn is a line of its own, the newest pinging the next player: Bob, after each of Alice's 14
    // turns; the game's message shows that the game is over.
    const lines = inGroup().filter((m) => /^\*\*(Alice|Bob)\*\* wrote /.test(m.content));
    expect(lines).toHaveLength(28);
    expect(lines.filter((m) => m.pinged.includes(bob.id))).toHaveLength(14);
    expect(lines.filter((m) => m.pinged.includes(alice.id))).toHaveLength(13);
    expect(fake.message(first.id)!.content).toBe('🏁 The game is over.');
    const results = inGroup().find(isResults)!;
    expect(results.attachments).toHaveLength(1);
    // The analysis, for Bob alone; a rematch lobby, posted as a follow-up of the Rematch click, then closed.
    const analysis = await fake.click(bob, results.id, control(results, 'analysis').customId).reply();
    expect(analysis.ephemeralFor).toBe(bob.id);
    await fake.click(bob, results.id, control(results, 'rematch').customId).acked();
    const rematch = await fake.waitFor(() => inGroup().find((m) => m.id !== lobby.id && findControl(m, 'join')));
    expect(rematch.interactionId).toBeDefined();
    await fake.click(bob, rematch.id, control(rematch, 'cancel').customId).acked();
    // Alice's record outside servers counts the game, and says where it looks: DMs and group DMs together.
    const stats = await fake.slash(alice, 'olathe', {}, { subcommand: 'stats', channelId: group.id }).reply();
    expect(stats.ephemeralFor).toBeUndefined();
    expect(stats.embeds[0]!.title).toBe('📊 Alice — statistics of your games in DMs and group DMs');
    expect(stats.embeds[0]!.fields?.[0]!.value).toMatch(/ in 1 game \(/);
    expect(fake.threads()).toEqual([]);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 180_000);
});

describe('a turn timer where every token has expired', () => {
  it('ends the turn in the database; the next click shows it, and the game goes on', async () => {
    const { fake } = world;
    await openAndStart({ free: 2, down: 0, up: 0, throws: 2 });
    await playSimpleTurn(fake, alice, await fake.waitFor(() => turnOf(alice)));
    const bobs = await fake.waitFor(() => turnOf(bob));
    const gameId = gameOf(bobs);
    // Sixteen minutes pass for Discord: every token the bot holds is dead. Then Bob's turn timer runs out.
    fake.advanceTime(16 * 60_000);
    await expireTurn(world, gameId, 1);
    // Saved, but nothing could show it: the game's message still offers Bob his turn.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(turnOf(bob)?.id).toBe(bobs.id);
    expect(inGroup().some((m) => m.content.includes('ran out of time'))).toBe(false);
    // Bob clicks it: refused privately, as that turn is over, and his click's token shows what was saved.
    const declare = control(bobs, 'declare');
    await ephemeralAnswer(fake.select(bob, bobs.id, declare.customId, [declare.options![0]!.value]));
    const line = await fake.waitFor(() =>
      inGroup().find((m) => /^\*\*Bob\*\* ran out of time — the bot wrote \d+ in /.test(m.content)),
    );
    expect(line.pinged).toEqual([alice.id]);
    const next = await fake.waitFor(() => turnOf(alice));
    expect(next.id).toBe(bobs.id);
    await playSimpleTurn(fake, alice, next);
    await fake.waitFor(() => turnOf(bob));
    // The breaches are the bot's tries with its dead tokens, each answered 401 and dropped.
    expect(fake.breaches.every((b) => b.includes('tokens live 15 min'))).toBe(true);
    fake.clearRecords();
    await endGame(gameId);
  }, 120_000);
});

/** Ends a game with /olathe end in the group DM (its host). */
async function endGame(gameId: number): Promise<void> {
  await world.fake.slash(alice, 'olathe', {}, { subcommand: 'end', channelId: group.id }).acked();
  await eventually(async () => {
    const rows = (await world.sql('SELECT status FROM games WHERE id = $1', [gameId])) as { status: string }[];
    return rows[0]?.status === 'ended';
  });
}

describe('Balut in a group DM', () => {
  /** The user's private card, opened from the table's button. */
  async function openCard(user: FakeUser): Promise<FakeMessage> {
    const table = await world.fake.waitFor(() => inGroup().find((m) => findControl(m, 'mycard')));
    const card = await world.fake.click(user, table.id, control(table, 'mycard').customId).reply();
    expect(card.ephemeralFor).toBe(user.id);
    return card;
  }
  /** Plays turns on a private card until it has no move left, or `turns` of them. */
  async function playCard(user: FakeUser, cardId: string, turns = Infinity): Promise<number> {
    let played = 0;
    while (played < turns) {
      const card = world.fake.message(cardId)!;
      if (!findControl(card, 'throw') && !findControl(card, 'write')) break;
      await playSimpleTurn(world.fake, user, card);
      played++;
    }
    return played;
  }

  it('shows one public table and each card privately; survives a kill -9 mid-game', async () => {
    const { fake } = world;
    await openAndStart({ variant: 'balut' }, [bob, carol]);
    const table = await fake.waitFor(() => inGroup().find((m) => findControl(m, 'mycard')));
    // The table pings the three players as the game starts; no card is public.
    for (const user of [alice, bob, carol]) expect(fake.pingsOf(user, group.id).map((m) => m.id)).toContain(table.id);
    expect(inGroup().filter((m) => findControl(m, 'throw'))).toEqual([]);
    // Erin is no player: refused privately.
    expect(await ephemeralAnswer(fake.click(erin, table.id, control(table, 'mycard').customId))).toMatch(
      /not playing in this game/,
    );
    const aliceCard = await openCard(alice);
    expect(await playCard(alice, aliceCard.id, 3)).toBe(3);
    await fake.waitFor(() => /\*\*Alice\*\* 3\/28/.test(embedText(fake.message(table.id)!)));
    // What those clicks meant for the group is delivered first: an edit still on its way when Discord's clock
    // jumps would use its token "16 minutes" after the click, which no real edit ever does.
    await quiet(world);
    // Sixteen minutes pass: the tokens of the game's clicks so far are dead; the next clicks bring new ones.
    fake.advanceTime(16 * 60_000);
    expect(await playCard(alice, aliceCard.id, 2)).toBe(2);
    await fake.waitFor(() => /\*\*Alice\*\* 5\/28/.test(embedText(fake.message(table.id)!)));
    expect(await world.bot.kill('SIGKILL')).toBeNull();
    await world.restart();
    // Her old private card plays on; the others open theirs after the restart.
    expect(await playCard(alice, aliceCard.id)).toBe(23);
    for (const user of [bob, carol]) expect(await playCard(user, (await openCard(user)).id)).toBe(28);
    const results = await fake.waitFor(
      () => inGroup().find((m) => m.embeds[0]?.title === '🏁 Balut — game over'),
      20_000,
    );
    expect(results.attachments).toHaveLength(1);
    expect(embedText(fake.message(table.id)!)).toMatch(/\*\*Carol\*\* 28\/28/);
    expect(controlsOf(fake.message(table.id)!).some((c) => c.id?.action === 'mycard')).toBe(false);
    expect(fake.threads()).toEqual([]);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 240_000);
});

describe('the daily challenge in a group DM', () => {
  it('is played there through replies, once a day, on the world board', async () => {
    const { fake } = world;
    fake.installApp(carol); // a group DM offers the commands of the apps its member installed
    const pair = fake.addGroupDm([carol, erin]);
    const answer = await fake.slash(carol, 'olathe', {}, { subcommand: 'daily', channelId: pair.id }).reply();
    expect(answer.content).toContain('takes on the daily challenge of');
    const final = await finishDaily(fake, { user: carol, channelId: pair.id, writes: 'first', thread: pair.id });
    expect(final.embeds[0]!.description ?? '').toMatch(/Rank when you finished: \*\*#\d+\*\* of \d+ in the world/);
    const again = fake.slash(carol, 'olathe', {}, { subcommand: 'daily', channelId: pair.id });
    expect(await ephemeralAnswer(again)).toMatch(/played today's daily challenge already/);
    expect(fake.threads()).toEqual([]);
    expect(fake.breaches).toEqual([]);
  }, 120_000);
});

describe('a five of a kind in a group DM', () => {
  let shoutWorld: World;
  beforeAll(async () => {
    shoutWorld = await startWorld({ diceSeed: fiveOfAKindSeed(), env: { DISCORD_GUILD_ID: '' } });
  }, 60_000);
  afterAll(async () => {
    await shoutWorld?.close();
  });

  it('is shouted once, as a follow-up everyone there sees', async () => {
    const { fake, users } = shoutWorld;
    fake.installApp(users.alice);
    const place = fake.addGroupDm([users.alice, users.bob]);
    const lobby = await fake
      .slash(users.alice, 'olathe', { variant: 'balut' }, { subcommand: 'start', channelId: place.id })
      .reply();
    await fake.click(users.alice, lobby.id, control(lobby, 'start').customId).acked();
    const table = await fake.waitFor(() => publicMessages(fake, [place.id]).find((m) => findControl(m, 'mycard')));
    const card = await fake.click(users.alice, table.id, control(table, 'mycard').customId).reply();
    await fake.click(users.alice, card.id, control(card, 'throw').customId).acked();
    const isShout = (m: FakeMessage) => m.content.includes('Ba-lut!');
    const shout = await fake.waitFor(() => publicMessages(fake, [place.id]).find(isShout));
    expect(shout.ephemeralFor).toBeUndefined();
    expect(shout.interactionId).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(publicMessages(fake, [place.id]).filter(isShout)).toHaveLength(1);
    expect(fake.breaches).toEqual([]);
  }, 60_000);
});
