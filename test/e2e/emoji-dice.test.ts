// The bot draws dice with the application's die emojis that deploy-commands uploaded (startWorld's
// deploy step does): the hold buttons carry `emoji: { id, name }` of emojis the app owns (the loopback Discord
// refuses any other), and the card, the shout and the log line write `<:die_N:id>`. Started again after the
// emojis were deleted, the bot logs one warning and draws ⚀–⚅ on the same game.
import { REST, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../../src/fake-discord';
import type { World } from './harness';
import { control, controlsOf, embedText, publicMessages, shouts, startWorld, waitForTurn } from './harness';
import { DIE, dieOfButton, facesOf } from './dice-text';
import { fiveOfAKindSeed } from './seeds';

let world: World;
beforeAll(async () => {
  // Alice's first throw is five of a kind: a shout to read too.
  world = await startWorld({ diceSeed: fiveOfAKindSeed() });
});
afterAll(async () => {
  await world?.close();
});

/** The `<:name:id>` custom emojis written in a text. */
const customEmojis = (text: string) => [...text.matchAll(/<:(\w+):(\d+)>/g)].map(([, name, id]) => ({ name, id }));
const holdButtons = (m: FakeMessage) => controlsOf(m).filter((c) => c.id?.action === 'hold');
const warnings = (log: string) => log.split('\n').filter((line) => line.includes('die emojis unavailable'));

describe('dice drawn as the application emojis', () => {
  let turnId = '';

  it('on the hold buttons and in the card, the shout and the log line, with emojis the app owns', async () => {
    const { fake, users } = world;
    const { alice } = users;
    const owned = new Map(fake.applicationEmojis.map((e) => [e.id, e.name]));
    expect(owned.size).toBe(12);
    const isOwned = (e: { id?: string; name?: string }) => e.id !== undefined && owned.get(e.id) === e.name;

    const lobby = await fake.slash(alice, 'olathe', {}, { subcommand: 'start' }).reply();
    await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();
    const turn = await waitForTurn(fake, alice);
    turnId = turn.id;
    const declare = control(turn, 'declare');
    await fake.select(alice, turn.id, declare.customId, [declare.options![0]!.value]).acked();
    await fake.click(alice, turn.id, control(fake.message(turn.id)!, 'throw').customId).acked();
    await fake.click(alice, turn.id, control(fake.message(turn.id)!, 'hold', 1).customId).acked();

    const card = fake.message(turn.id)!;
    const buttons = holdButtons(card);
    expect(buttons).toHaveLength(5);
    for (const button of buttons) {
      expect(isOwned(button.emoji!), JSON.stringify(button.emoji)).toBe(true);
      expect(button.label).toBeUndefined();
    }
    const face = dieOfButton(buttons[0]!).face;
    expect(buttons.map((b) => b.emoji!.name)).toEqual([
      `die_${face}`,
      `die_${face}_held`,
      `die_${face}`,
      `die_${face}`,
      `die_${face}`,
    ]);
    // The card writes the same dice, the held one in its held look, outside the table's code block.
    const description = card.embeds[0]!.description!;
    const dice = /Dice: (.*?) · held: (.*)$/m.exec(description)!;
    expect(customEmojis(dice[1]!).map((e) => e.name)).toEqual(buttons.map((b) => b.emoji!.name));
    expect(customEmojis(dice[2]!).map((e) => e.name)).toEqual([`die_${face}_held`]);
    expect(customEmojis(description).every((e) => owned.get(e.id!) === e.name)).toBe(true);
    expect(description.split('```')[1]).not.toContain('<:');
    expect(description).not.toMatch(/[⚀-⚅]/u);

    const shout = await fake.waitFor(() => shouts(fake)[0]);
    const shouted = shout.embeds[0]!.description!;
    expect(shouted).toMatch(new RegExp(`^# (${DIE}) \\1 \\1 \\1 \\1\\n`, 'u'));
    const plainId = [...owned].find(([, name]) => name === `die_${face}`)![0];
    expect(customEmojis(shouted.split('\n')[0]!)).toEqual(Array(5).fill({ name: `die_${face}`, id: plainId }));

    const write = control(fake.message(turn.id)!, 'write');
    await fake.select(alice, turn.id, write.customId, [write.options![0]!.value]).acked();
    const line = await fake.waitFor(() =>
      publicMessages(fake).find((m) => /^\*\*Alice\*\* wrote \d+ in /.test(m.content)),
    );
    expect(facesOf(line.content)).toEqual([face, face, face, face, face]);
    expect(customEmojis(line.content)).toHaveLength(5);
    expect(customEmojis(line.content).every((e) => owned.get(e.id!) === e.name)).toBe(true);

    expect(fake.breaches).toEqual([]);
    expect(world.bot.log()).toContain('die emojis ready');
    expect(warnings(world.bot.log())).toEqual([]);
  }, 30_000);

  it('after the emojis are deleted, a restarted bot warns once and draws Unicode dice', async () => {
    const { fake, users } = world;
    const { alice } = users;
    await world.bot.kill();
    const rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
    for (const emoji of fake.applicationEmojis)
      await rest.delete(Routes.applicationEmoji(fake.applicationId, emoji.id));
    expect(fake.applicationEmojis).toEqual([]);
    const bot = await world.restart();

    // Alice's second turn, drawn by the restarted bot.
    const turn = await fake.waitFor(() =>
      publicMessages(fake).find(
        (m) => m.id !== turnId && m.content.includes(`<@${alice.id}>, your turn`) && m.components.length > 0,
      ),
    );
    const declare = control(turn, 'declare');
    await fake.select(alice, turn.id, declare.customId, [declare.options![0]!.value]).acked();
    await fake.click(alice, turn.id, control(fake.message(turn.id)!, 'throw').customId).acked();
    await fake.click(alice, turn.id, control(fake.message(turn.id)!, 'hold', 0).customId).acked();
    const card = fake.message(turn.id)!;
    const buttons = holdButtons(card);
    expect(buttons.map((b) => b.emoji)).toEqual(Array(5).fill(undefined));
    expect(buttons[0]!.label).toMatch(/^[⚀-⚅] [1-6] 🔒$/u);
    expect(buttons[1]!.label).toMatch(/^[⚀-⚅] [1-6]$/u);
    const text = embedText(card);
    expect(text).toMatch(/Dice: [⚀-⚅](?: [⚀-⚅]){4} · held: [⚀-⚅]/u);
    expect(facesOf(/Dice: (.*?) ·/.exec(text)![1]!)).toEqual(buttons.map((b) => dieOfButton(b).face));
    expect(text).not.toContain('<:');

    const log = bot.log();
    expect(warnings(log)).toHaveLength(1);
    expect(warnings(log)[0]).toContain('die_1');
    expect(log).not.toContain('die emojis ready');
    expect(fake.breaches).toEqual([]);
  }, 30_000);
});
