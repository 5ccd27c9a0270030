// Every five of a kind is shouted. In one world (one database, the bot killed -9 once and started
// again), a two-player Olathe game where four turns in a row end in five of a kind — two straight after each
// other, two each after the outbox has emptied — and one more after the restart; then a solo Balut game in
// another channel, while the first is still open, with two more. Each gets exactly one shout in its thread
// and one in the parent channel, naming the player and the dice, and one 🎉 on the message it was thrown on.
// The shouts' nonces used to come from outbox ids that SQLite handed out again once the outbox had emptied,
// and the loopback Discord, like Discord, answered the second shout with the first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import { LANGUAGES, tr } from '../../src/discord/i18n';
import type { World } from './harness';
import { control, controlsOf, eventually, publicMessages, quiet, startWorld, threadOf } from './harness';
import { FIVE_DICE, dieOfButton, facesOf } from './dice-text';
import type { TurnPlan } from './dice-plan';
import { FaceStream, planShouts, planTurn } from './dice-plan';

const OLATHE_THROWS = 5;
const BALUT_THROWS = 3;

/**
 * The first seed (of `every-shout-N`) on which the story can be played: the Olathe game's first four turns
 * each end in five of a kind; after the restart the stream starts over, so the fifth turn (Alice's again)
 * repeats the first; the Balut game then reaches two five-of-a-kinds from where that leaves the stream.
 */
function story(): { seed: string; olathe: TurnPlan[]; balut: TurnPlan[] } {
  for (let i = 0; i < 10_000; i++) {
    const stream = new FaceStream(`every-shout-${i}`);
    const olathe: TurnPlan[] = [];
    while (olathe.length < 4) {
      const plan = planTurn(stream, olathe.at(-1)?.end ?? 0, OLATHE_THROWS);
      if (!plan.five) break;
      olathe.push(plan);
    }
    if (olathe.length < 4) continue;
    const balut = planShouts(stream, olathe[0]!.end, BALUT_THROWS, 2);
    if (balut) return { seed: stream.seed, olathe: [...olathe, olathe[0]!], balut };
  }
  throw new Error('no seed among 10,000 plays the story');
}

const plans = story();
let world: World;
beforeAll(async () => {
  world = await startWorld({ diceSeed: plans.seed });
});
afterAll(async () => {
  await world?.close();
});

/** "game 12 · <@alice> · five 3s · 3 3 3 3 3": what a shout says, from its text and its embed's dice. */
function shoutSays(message: FakeMessage): string {
  const who = /(<@\d+>) threw five ([1-6])s!$/.exec(message.content);
  const dice = new RegExp(`^# (${FIVE_DICE})\n`, 'u').exec(message.embeds[0]?.description ?? '');
  return `${message.embeds[0]?.footer?.text} · ${who?.[1]} · five ${who?.[2]}s · ${dice ? facesOf(dice[1]!).join(' ') : ''}`;
}

function shoutExpected(gameId: number, user: FakeUser, plan: TurnPlan): string {
  const face = plan.throws.at(-1)!.dice[0]!;
  const dice = Array<number>(5).fill(face).join(' ');
  return `${tr('en')('word.game', { id: gameId })} · <@${user.id}> · five ${face}s · ${dice}`;
}

const shoutsIn = (fake: FakeDiscord, channelId: string) =>
  publicMessages(fake, [channelId])
    .filter((m) => /threw five [1-6]s!$/.test(m.content))
    .map(shoutSays);

/** The user's turn message (Olathe) or card (Balut) with its controls, in that channel. */
function openTurn(fake: FakeDiscord, channelId: string, user: FakeUser): FakeMessage | undefined {
  const cues = LANGUAGES.map((language) => tr(language)('turn.yourTurn', { userId: user.id }));
  return publicMessages(fake, [channelId]).find(
    (m) => m.components.length > 0 && cues.some((cue) => m.content.includes(cue)),
  );
}

/** The dice a turn message shows, and which are held: one hold button per die, its face on its emoji or label. */
function diceOn(message: FakeMessage): { dice: number[]; held: number[] } {
  const holds = controlsOf(message).flatMap((c) =>
    c.id?.action === 'hold' ? [{ die: c.id.die, ...dieOfButton(c) }] : [],
  );
  return {
    dice: holds.map((h) => h.face),
    held: holds.flatMap((h) => (h.held ? [h.die] : [])),
  };
}

/**
 * Plays one planned turn: declares the first column (Olathe), holds and throws as planned — checking that the
 * dice fall as the plan says, so the bot drew from the stream the plan read — and writes the first cell
 * offered. After a five of a kind it waits for the 🎉 before writing, since a turn's message is no longer
 * the game's once written. Returns the message the turn was played on.
 */
async function playTurn(fake: FakeDiscord, channelId: string, user: FakeUser, plan: TurnPlan): Promise<FakeMessage> {
  const turn = await fake.waitFor(() => openTurn(fake, channelId, user), 8000);
  const now = () => fake.message(turn.id)!;
  const declare = controlsOf(turn).find((c) => c.id?.action === 'declare');
  if (declare) await fake.select(user, turn.id, declare.customId, [declare.options![0]!.value]).acked();
  for (const [n, planned] of plan.throws.entries()) {
    for (let die = 0; die < 5 && n > 0; die++) {
      if (diceOn(now()).held.includes(die) !== planned.hold.includes(die))
        await fake.click(user, turn.id, control(now(), 'hold', die).customId).acked();
    }
    await fake.click(user, turn.id, control(now(), 'throw').customId).acked();
    expect(diceOn(now()).dice, `throw ${n + 1} of ${user.username}'s turn`).toEqual(planned.dice);
  }
  if (plan.five) await fake.waitFor(() => now().reactions);
  const write = control(now(), 'write');
  await fake.select(user, turn.id, write.customId, [write.options![0]!.value]).acked();
  return turn;
}

/** Until the outbox is empty: everything the moves so far meant for the channel is delivered. */
async function outboxEmptied(): Promise<void> {
  await eventually(async () => {
    const [row] = (await world.sql('SELECT COUNT(*) AS n FROM outbox')) as { n: number }[];
    return row!.n === 0;
  }, 8000);
}

/** The game's shouts so far, once they are all in (or 5 s have passed): the same list in thread and channel. */
async function expectShouts(fake: FakeDiscord, thread: string, parent: string, expected: string[]): Promise<void> {
  await fake
    .waitFor(() => shoutsIn(fake, thread).length >= expected.length && shoutsIn(fake, parent).length >= expected.length)
    .catch(() => undefined); // the comparison below says what is missing
  expect(shoutsIn(fake, thread)).toEqual(expected);
  expect(shoutsIn(fake, parent)).toEqual(expected);
}

async function openGame(
  fake: FakeDiscord,
  players: FakeUser[],
  options: Record<string, string | number>,
  channelId: string,
): Promise<{ gameId: number; thread: string }> {
  const [host, ...others] = players;
  const lobby = await fake.slash(host!, 'olathe', options, { subcommand: 'start', channelId }).reply();
  for (const p of others) await fake.click(p, lobby.id, control(lobby, 'join').customId).acked();
  await fake.click(host!, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
  const first = await fake.waitFor(() => openTurn(fake, threadOf(fake, lobby.id) ?? channelId, host!), 8000);
  expect(first.channelId).toBe(threadOf(fake, lobby.id));
  return { gameId: control(first, 'throw').id!.gameId, thread: first.channelId };
}

describe('every five of a kind in one bot lifetime', () => {
  it('is shouted once in the thread and once in the channel, and marked once, across emptied outboxes, a kill -9 and two games', async () => {
    const { fake, users } = world;
    const { alice, bob, carol } = users;
    const parent = fake.channelId;
    const one = await openGame(fake, [alice, bob], { free: 2, down: 0, up: 0, throws: OLATHE_THROWS }, parent);
    const seats = [alice, bob, alice, bob, alice];
    const expected = plans.olathe.map((plan, i) => shoutExpected(one.gameId, seats[i]!, plan));
    const played: FakeMessage[] = [];

    // Two in a row, as fast as the players click.
    played.push(await playTurn(fake, one.thread, alice, plans.olathe[0]!));
    played.push(await playTurn(fake, one.thread, bob, plans.olathe[1]!));
    await expectShouts(fake, one.thread, parent, expected.slice(0, 2));
    // Two more, each once everything before it was delivered and its outbox row deleted.
    for (const i of [2, 3]) {
      await outboxEmptied();
      played.push(await playTurn(fake, one.thread, seats[i]!, plans.olathe[i]!));
      await expectShouts(fake, one.thread, parent, expected.slice(0, i + 1));
    }
    // One after a kill -9 and a new process on the same database (whose dice start the stream again).
    await outboxEmptied();
    await quiet(world);
    expect(await world.bot.kill('SIGKILL')).toBeNull();
    await world.restart();
    played.push(await playTurn(fake, one.thread, alice, plans.olathe[4]!));
    await expectShouts(fake, one.thread, parent, expected);

    // A second game, in a channel of its own, while the first is still open.
    const channel = fake.addChannel('second-table').id;
    const two = await openGame(fake, [carol], { variant: 'balut' }, channel);
    const expectedTwo: string[] = [];
    for (const plan of plans.balut) {
      if (plan.five) await outboxEmptied();
      const card = await playTurn(fake, two.thread, carol, plan);
      if (plan.five) expectedTwo.push(shoutExpected(two.gameId, carol, plan));
      await expectShouts(fake, two.thread, channel, expectedTwo);
      // Balut's card is one message for the whole game: every shout marks it, and it keeps one 🎉.
      expect(fake.message(card.id)!.reactions ?? []).toEqual(
        expectedTwo.length > 0 ? [{ emoji: '🎉', userIds: [fake.botUser.id] }] : [],
      );
    }
    expect(expectedTwo).toHaveLength(2);

    await new Promise((resolve) => setTimeout(resolve, 300)); // nothing more comes
    await expectShouts(fake, one.thread, parent, expected);
    await expectShouts(fake, two.thread, channel, expectedTwo);
    for (const message of played)
      expect(fake.message(message.id)!.reactions).toEqual([{ emoji: '🎉', userIds: [fake.botUser.id] }]);
    // A create answered with an earlier message is the nonce doing its job, but never for a shout here.
    const deduplicated = fake.deduplicatedCreates.map((d) => fake.message(d.messageId)?.content ?? '');
    expect(deduplicated.filter((content) => /threw five/.test(content))).toEqual([]);
    expect(fake.breaches).toEqual([]);
  }, 120_000);
});
