// The daily challenge on the loopback Discord, against the real bot: two people on two servers play
// `/olathe daily` with the same holds and get the same dice (the day's, from the secret), each in a thread of
// their own; a second attempt the same day is refused; the results show the rank that day and the expert
// solver's score on the same dice; the board ranks them; and the secret never reaches the bot's log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '../../src/fake-discord';
import type { FakeMessage, FakeUser } from '../../src/fake-discord';
import { dailyThrow } from '../../src/game';
import { dailyHash, solverDaily, utcDay } from '../../src/service/daily';
import { points } from '../../src/discord/render/text';
import type { World } from './harness';
import {
  control,
  deployCommands,
  ephemeralAnswer,
  findControl,
  gameChannelIds,
  publicMessages,
  startWorld,
} from './harness';
import { FIVE_DICE, facesOf } from './dice-text';

const SECRET = 'e2e-daily-secret-0123456789abcdef';
const HASH = dailyHash(SECRET);

let world: World;
let second: { guildId: string; channelId: string };
beforeAll(async () => {
  world = await startWorld({ env: { OLATHE_DAILY_SECRET: SECRET } });
  const { fake, users } = world;
  second = fake.addGuild({ name: 'Second Server', channelName: 'dice-two' });
  fake.addMember(users.bob, second.guildId);
  await deployCommands({ ...world.env, DISCORD_GUILD_ID: second.guildId });
}, 60_000);
afterAll(async () => {
  await world?.close();
});

const DICE = new RegExp(`Dice: (${FIVE_DICE})`, 'u');
const description = (m: FakeMessage) => m.embeds.map((e) => e.description ?? '').join('\n');

/** The dice a turn message shows, or null before the first throw. */
function diceOn(m: FakeMessage): number[] | null {
  const found = DICE.exec(description(m));
  return found ? facesOf(found[1]!) : null;
}

interface Table {
  user: FakeUser;
  channelId: string;
  thread?: string;
}

function turnMessage(t: Table): FakeMessage | undefined {
  return publicMessages(world.fake, [t.thread!]).find(
    (m) => m.content.includes(`<@${t.user.id}>, your turn`) && m.components.length > 0,
  );
}

/**
 * One turn, always played the same way: declare the first column offered, throw, hold every die showing 5 or 6,
 * throw again while some die is not held (up to three throws), write the first cell offered. Returns every
 * throw's dice.
 */
async function playTurn(t: Table): Promise<number[][]> {
  const { fake } = world;
  let m = await fake.waitFor(() => turnMessage(t), 10_000);
  const declare = findControl(m, 'declare');
  if (declare) {
    await fake.select(t.user, m.id, declare.customId, [declare.options![0]!.value]).acked();
    m = fake.message(m.id)!;
  }
  const throws: number[][] = [];
  for (let n = 0; n < 3; n++) {
    const dice = diceOn(m);
    if (dice) {
      const want = dice.map((f) => f >= 5);
      if (want.every(Boolean)) break;
      for (let die = 0; die < 5; die++) {
        const button = control(m, 'hold', die);
        const held = button.id?.action === 'hold' && button.id.held === false; // the button would release it
        if (held !== want[die]) {
          await fake.click(t.user, m.id, button.customId).acked();
          m = fake.message(m.id)!;
        }
      }
    }
    await fake.click(t.user, m.id, control(m, 'throw').customId).acked();
    m = fake.message(m.id)!;
    throws.push(diceOn(m)!);
  }
  const write = control(m, 'write');
  await fake.select(t.user, m.id, write.customId, [write.options![0]!.value]).acked();
  return throws;
}

function resultsIn(t: Table): FakeMessage | undefined {
  return publicMessages(world.fake, [t.thread!]).find((m) => (m.embeds[0]?.title ?? '').includes('game over'));
}

describe('/olathe daily', () => {
  it('gives two players on two servers the same dice for the same holds, once a day, with rank and solver', async () => {
    const { fake, users } = world;
    const day = utcDay(Date.now());
    const tables: Table[] = [
      { user: users.alice, channelId: fake.channelId },
      { user: users.bob, channelId: second.channelId },
    ];
    for (const t of tables) {
      const answer = await fake.slash(t.user, 'olathe', {}, { subcommand: 'daily', channelId: t.channelId }).reply();
      expect(answer.flags & 64).toBe(0);
      expect(answer.content).toContain('takes on the daily challenge of');
      t.thread = await fake.waitFor(() => fake.threads(t.channelId).find((c) => c.id === answer.id)?.id);
      expect(fake.channel(t.thread)!.name).toBe(`📅 Daily ${day} — ${t.user === users.alice ? 'Alice' : 'Bob'}`);
    }
    // Both play turn by turn, the same way: the same dice, throw after throw.
    const seen: number[][][] = [[], []];
    for (let turn = 0; turn < 28; turn++) {
      for (const [i, t] of tables.entries()) seen[i]!.push(...(await playTurn(t)));
      expect(seen[1]).toEqual(seen[0]);
    }
    // The day's dice: the first throw is the five positions of turn 0, throw 0.
    expect(seen[0]![0]).toEqual([...dailyThrow(HASH, { day, turn: 0, throwNo: 0 }, null, [])]);

    const solver = solverDaily(HASH, day);
    const alice = await fake.waitFor(() => resultsIn(tables[0]!), 15_000);
    const bob = await fake.waitFor(() => resultsIn(tables[1]!), 15_000);
    // A score below zero is shown with a true minus sign (−2), as every score is.
    const solverWords = `The expert solver scored **${points(solver.final)} point`;
    expect(description(alice)).toContain(`Daily challenge ${day}`);
    expect(description(alice)).toContain('**#1** of 1 on this server · **#1** of 1 in the world');
    expect(description(alice)).toContain(solverWords);
    // Bob's equal game ties Alice's: first of two in the world.
    expect(description(bob)).toContain('**#1** of 1 on this server · **#1** of 2 in the world');
    expect(description(bob)).toContain(solverWords);
    expect(findControl(alice, 'analysis')).not.toBeNull();

    // One attempt a day, in any server: refused, and nothing is posted.
    const before = publicMessages(fake, gameChannelIds(fake)).length;
    const again = await ephemeralAnswer(fake.slash(users.alice, 'olathe', {}, { subcommand: 'daily' }));
    expect(again).toMatch(/played today's daily challenge already/);
    expect(publicMessages(fake, gameChannelIds(fake)).length).toBe(before);
    const bobAgain = fake.slash(users.bob, 'olathe', {}, { subcommand: 'daily', channelId: second.channelId });
    expect(await ephemeralAnswer(bobAgain)).toMatch(/played today's daily challenge already/);

    // Today's boards: both tied first in the world; only Bob on his server; names as plain text.
    const board = await fake
      .slash(users.bob, 'olathe', { board: 'world' }, { subcommand: 'daily', channelId: second.channelId })
      .reply();
    expect(board.flags & 64).toBe(64);
    const text = description(board);
    expect(text).toMatch(/\*\*1\.\*\* Alice — .*\n\*\*1\.\*\* Bob — /);
    expect(text).toContain('You: **#1** of 2');
    expect(text).toContain(`expert solver on today's dice: ${points(solver.final)} point`);
    const server = await fake.slash(users.alice, 'olathe', { board: 'server' }, { subcommand: 'daily' }).reply();
    expect(description(server)).not.toContain('Bob');

    expect(world.bot.log()).not.toContain(SECRET);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 240_000);

  it('plays in the channel where no thread can be started, while the channel is free', async () => {
    const { fake, users } = world;
    const channelId = fake.addChannel('no-daily-threads').id;
    fake.setBotChannelPermissions(channelId, { deny: Permission.CreatePublicThreads });
    const answer = await fake.slash(users.carol, 'olathe', {}, { subcommand: 'daily', channelId }).reply();
    expect(answer.content).toContain('takes on the daily challenge of');
    expect(answer.content).toContain('right here');
    expect(fake.threads(channelId)).toEqual([]);
    const table: Table = { user: users.carol, channelId, thread: channelId };
    await fake.waitFor(() => turnMessage(table), 10_000);
    // The channel now holds Carol's game: another daily cannot be played here, and says why.
    const refused = fake.slash(users.mod, 'olathe', {}, { subcommand: 'daily', channelId });
    expect(await ephemeralAnswer(refused)).toMatch(/thread of its own, or in a channel with no game open/);
    expect(publicMessages(fake, [channelId]).filter((m) => m.content.includes('takes on'))).toHaveLength(1);
    // Quitting uses the attempt up, and the results still show the day's rank and the solver.
    await ephemeralAnswer(fake.slash(users.carol, 'olathe', {}, { subcommand: 'quit', channelId }));
    const results = await fake.waitFor(() => resultsIn(table), 15_000);
    // An empty card: last of those who finished today, on this server and in the world.
    expect(description(results)).toMatch(/\*\*#(\d+)\*\* of \1 on this server · \*\*#(\d+)\*\* of \2 in the world/);
    expect(description(results)).toContain('The expert solver scored');
    expect(fake.breaches).toEqual([]);
  }, 60_000);
});
