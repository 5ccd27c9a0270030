// Turns and refusals, against the real bot: a refusal says whose turn it is; a five of a kind gets
// a message of its own and marks its turn message; the 💡 hint replaces the previous one and its Apply plays
// through the ordinary moves (a stale one refused plainly); a computer player's card shows no countdown;
// Balut's cell menus name the column and let the player pick another free one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage, FakeUser } from '../../src/fake-discord';
import { tr } from '../../src/discord/i18n';
import { fiveOfAKindSeed } from './seeds';
import type { World } from './harness';
import {
  control,
  controlsOf,
  embedText,
  ephemeralAnswer,
  publicMessages,
  shouts,
  startWorld,
  threadOf,
  waitForTurn,
} from './harness';
import { DICE, DIE, isHeld } from './dice-text';

const english = tr('en');

let world: World;
beforeAll(async () => {
  // Dice from a seed whose first throw is five of a kind: Alice's first throw is shouted.
  world = await startWorld({ diceSeed: fiveOfAKindSeed() });
});
afterAll(async () => {
  await world?.close();
});

/** Alice's visible hint messages in a channel (ephemeral, so only she sees them). */
function hintsOf(user: FakeUser, channelId: string): FakeMessage[] {
  return world.fake.messages(channelId).filter((m) => m.ephemeralFor === user.id && embedTitle(m) === '💡 Hint');
}

const embedTitle = (m: FakeMessage) => m.embeds[0]?.title ?? '';

describe('turns and refusals', () => {
  it('names whose turn it is, shouts a five of a kind once, and plays a turn from the hint', async () => {
    const { fake, users } = world;
    const { alice, bob, carol } = users;
    const lobby = await fake.slash(alice, 'olathe', { free: 2, down: 0, up: 0 }, { subcommand: 'start' }).reply();
    for (const u of [bob, carol]) await fake.click(u, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();
    const turn = await waitForTurn(fake, alice);
    const thread = threadOf(fake, lobby.id)!;

    // Bob plays next, Carol after him: each is told whose turn it is, and nothing changes.
    const declare = control(turn, 'declare');
    const column = declare.options![0]!.value;
    expect(await ephemeralAnswer(fake.select(bob, turn.id, declare.customId, [column]))).toBe(
      "This is Alice's card — only they can use its buttons. It's Alice's turn — yours comes next.",
    );
    expect(await ephemeralAnswer(fake.select(carol, turn.id, declare.customId, [column]))).toBe(
      "This is Alice's card — only they can use its buttons. It's Alice's turn.",
    );
    expect(await ephemeralAnswer(fake.click(bob, turn.id, control(turn, 'hint').customId))).toBe(
      "It's Alice's turn — yours comes next. Hints are for your own turn.",
    );
    expect(await ephemeralAnswer(fake.slash(carol, 'olathe', {}, { subcommand: 'hint', channelId: thread }))).toBe(
      "It's Alice's turn. Hints are for your own turn.",
    );
    expect(fake.message(turn.id)!.editCount).toBe(turn.editCount);

    // A second hint replaces the first: one hint message at a time.
    const first = await fake.click(alice, turn.id, control(turn, 'hint').customId).reply();
    const second = await fake.slash(alice, 'olathe', {}, { subcommand: 'hint', channelId: thread }).reply();
    await fake.waitFor(() => fake.message(first.id)?.deleted);
    expect(hintsOf(alice, thread).map((m) => m.id)).toEqual([second.id]);

    // Apply the declaration the hint suggests: it asks first, then declares, and the hint moves on.
    let hint = second;
    const apply = control(hint, 'apply');
    if (apply.id?.action !== 'apply' || apply.id.move.kind !== 'declare') throw new Error(apply.customId);
    const declared = apply.label!.replace(/^Apply: declare (.+)…$/, '$1');
    await fake.click(alice, hint.id, apply.customId).acked();
    hint = fake.message(hint.id)!;
    expect(embedText(hint)).toContain(`Declare **${declared}** for this turn?`);
    await fake.click(alice, hint.id, control(hint, 'confirm').customId).acked();
    hint = fake.message(hint.id)!;
    expect(hint.embeds[0]!.description).toMatch(new RegExp(`^✅ Declared ${declared}\\.\\n\\nThrow all five dice`));
    await fake.waitFor(() => embedText(fake.message(turn.id)!).includes(`**Column:** ${declared}`));

    // Apply the throw: five of a kind, shouted in a message of its own, in the thread and the channel, and
    // marked on the turn message.
    await fake.click(alice, hint.id, control(hint, 'apply').customId).acked();
    hint = fake.message(hint.id)!;
    expect(hint.embeds[0]!.description).toMatch(new RegExp(`^✅ Threw (${DIE}) \\1 \\1 \\1 \\1\\.`, 'u'));
    const shout = await fake.waitFor(() => shouts(fake, [thread])[0]);
    expect(shout.content).toMatch(new RegExp(`^🎶 \\*\\*O-la-the!\\*\\* 🎶\\s+<@${alice.id}> threw five [1-6]s!$`));
    expect(shout.embeds[0]!.description).toMatch(new RegExp(`^# (${DIE}) \\1 \\1 \\1 \\1\\n`, 'u'));
    expect(shout.pinged).toEqual([]);
    await fake.waitFor(() => fake.message(turn.id)!.reactions?.length);
    expect(fake.message(turn.id)!.reactions).toEqual([{ emoji: '🎉', userIds: [fake.botUser.id] }]);
    // The reaction comes after both posts: one shout in the thread, the same one in the channel.
    expect(shouts(fake, [thread])).toHaveLength(1);
    expect(shouts(fake, [fake.channelId])).toHaveLength(1);
    await fake.waitFor(() => embedText(fake.message(turn.id)!).includes('Throw 1 of 3'));

    // The turn moves on without the hint (a throw on the card): its Apply is refused plainly, nothing changes.
    const old = control(hint, 'apply');
    await fake.click(alice, turn.id, control(fake.message(turn.id)!, 'throw').customId).acked();
    const shown = fake.message(turn.id)!;
    expect(await ephemeralAnswer(fake.click(alice, hint.id, old.customId))).toBe(english('refusal.staleHint'));
    expect(fake.message(turn.id)!.editCount).toBe(shown.editCount);

    // A fresh hint, applied until it writes: holds show on the card, the write asks first and ends the turn.
    hint = await fake.click(alice, turn.id, control(shown, 'hint').customId).reply();
    await fake.waitFor(() => hintsOf(alice, thread).length === 1);
    for (let step = 0; step < 4; step++) {
      const next = control(hint, 'apply');
      if (next.id?.action !== 'apply') throw new Error(next.customId);
      if (next.id.move.kind === 'write') break;
      await fake.click(alice, hint.id, next.customId).acked();
      hint = fake.message(hint.id)!;
      if (next.id.move.kind === 'hold') {
        const held = next.id.move.held;
        expect(hint.embeds[0]!.description).toMatch(
          new RegExp(`^✅ (Held ${DICE}|Nothing held)\\. Throw with the button below`, 'u'),
        );
        await fake.waitFor(() => held.every((h, die) => isHeld(fake.message(turn.id)!, die) === h));
      }
    }
    const write = control(hint, 'apply');
    if (write.id?.action !== 'apply' || write.id.move.kind !== 'write') throw new Error(write.customId);
    const cell = write.label!.replace(/^Apply: write in (.+)…$/, '$1');
    await fake.click(alice, hint.id, write.customId).acked();
    hint = fake.message(hint.id)!;
    expect(embedText(hint)).toMatch(
      new RegExp(`Write ${DICE} in \\*\\*${escape(cell)}\\*\\* for \\*\\*\\d+\\*\\*`, 'u'),
    );
    // Back from the question: the same hint again, in place, not a new message.
    await fake.click(alice, hint.id, control(hint, 'hint').customId).acked();
    hint = fake.message(hint.id)!;
    expect(control(hint, 'apply').customId).toBe(write.customId);
    expect(hintsOf(alice, thread).map((m) => m.id)).toEqual([hint.id]);
    await fake.click(alice, hint.id, write.customId).acked();
    await fake.click(alice, hint.id, control(fake.message(hint.id)!, 'confirm').customId).acked();
    hint = fake.message(hint.id)!;
    const wrote = /^✅ Wrote (\d+) in (.+)\.$/.exec(hint.embeds[0]!.description!)!;
    expect(wrote[2]).toBe(cell);
    expect(hint.components).toEqual([]);
    await fake.waitFor(() => fake.message(turn.id)!.content.startsWith(`**Alice** wrote ${wrote[1]} in ${cell} — `));
    expect(fake.message(turn.id)!.reactions).toHaveLength(1);
    await waitForTurn(fake, bob);
    expect(shouts(fake, [thread]).length).toBe(shouts(fake, [fake.channelId]).length);
    await fake.slash(alice, 'olathe', {}, { subcommand: 'end' }).reply();
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 60_000);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('computer players and Balut columns', () => {
  it("shows no countdown on a computer player's card, and lets the player write into another free column", async () => {
    const { fake, users } = world;
    const { carol } = users;
    const lobby = await fake
      .slash(carol, 'olathe', { variant: 'balut', bots: 1, difficulty: 'easy', thread: false }, { subcommand: 'start' })
      .reply();
    await fake.click(carol, lobby.id, control(lobby, 'start').customId).acked();
    const card = await waitForTurn(fake, carol);
    expect(embedText(card)).toMatch(/⏳ Turn ends on its own <t:\d+:R>/);

    await fake.click(carol, card.id, control(card, 'throw').customId).acked();
    const menus = controlsOf(fake.message(card.id)!).filter((c) => c.id?.action === 'write');
    expect(menus.map((m) => m.options!.length)).toEqual([7, 21]);
    expect(menus[0]!.options!.every((o) => / \(Free 1\) — /.test(o.label))).toBe(true);
    const fives = menus[1]!.options!.find((o) => o.label.startsWith('Fives (Free 3)'))!;
    await fake.select(carol, card.id, menus[1]!.customId, [fives.value]).acked();
    const progress = () => publicMessages(fake, [fake.channelId]).find((m) => embedTitle(m).includes('progress'));
    await fake.waitFor(() => progress()?.embeds[0]?.description?.includes('Carol** 1/28 · wrote'));
    expect(progress()!.embeds[0]!.description).toMatch(/Carol\*\* 1\/28 · wrote \d+ in Fives \(Free 3\)/);

    // The computer player has played meanwhile: no version of its card ever showed a countdown.
    await fake.waitFor(() => progress()?.embeds[0]?.description?.match(/🤖 .+\*\* [2-9]\/28/));
    const botCards = publicMessages(fake, [fake.channelId]).filter((m) =>
      [m.content, ...m.history.map((h) => h.content)].some((c) => /🤖 .* is playing/.test(c)),
    );
    expect(botCards).toHaveLength(1);
    const versions = [botCards[0]!, ...botCards[0]!.history];
    expect(versions.length).toBeGreaterThan(2);
    for (const v of versions) expect(JSON.stringify(v.embeds)).not.toMatch(/Turn ends on its own|⏳/);
    expect(fake.breaches).toEqual([]);
  }, 60_000);
});
