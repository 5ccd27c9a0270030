// A solo Balut game whose first throw is forced to five of a kind (seeded dice): exactly one shout, and a
// game played to its results, which match the calculator on the cards the channel shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiveOfAKindSeed } from './seeds';
import type { World } from './harness';
import {
  control,
  embedText,
  playToTheEnd,
  publicMessages,
  resultsMessage,
  shouts,
  startWorld,
  threadOf,
  waitForTurn,
} from './harness';
import { cardsFromLog, resultRows, scoreWithCalculator, shownLines } from './cards';
import { DIE } from './dice-text';

/** A log line of five of a kind written: `wrote 45 in Balut (Free 1) — ⚄ ⚄ ⚄ ⚄ ⚄` (or the die emojis). */
const FIVE_WRITTEN = new RegExp(`wrote \\d+ in .* — (${DIE}) \\1 \\1 \\1 \\1$`, 'u');

let world: World;
beforeAll(async () => {
  world = await startWorld({ diceSeed: fiveOfAKindSeed() });
});
afterAll(async () => {
  await world?.close();
});

describe('solo Balut with a forced five of a kind', () => {
  it('shouts exactly once, then plays to the results', async () => {
    const { fake, users } = world;
    const { alice } = users;
    const lobby = await fake.slash(alice, 'olathe', { variant: 'balut' }, { subcommand: 'start' }).reply();
    expect(embedText(lobby)).toContain('Free 1 · Free 2 · Free 3 · Free 4');
    await fake.click(alice, lobby.id, control(lobby, 'start').customId).acked();

    const turn = await waitForTurn(fake, alice);
    const thread = threadOf(fake, lobby.id)!;
    expect(turn.channelId).toBe(thread);
    await fake.click(alice, turn.id, control(turn, 'throw').customId).acked();
    const shout = await fake.waitFor(() => shouts(fake, [thread])[0]);
    // A message of its own that stands out: the cry, and the dice large in an embed; the card is marked.
    expect(shout.content).toMatch(new RegExp(`^🎶 \\*\\*Ba-lut!\\*\\* 🎶\\s+<@${alice.id}> threw five [1-6]s!$`));
    expect(shout.embeds[0]!.description).toMatch(
      new RegExp(`^# (${DIE}) \\1 \\1 \\1 \\1\\nFive of a kind — worth \\*\\*\\d+\\*\\*`, 'u'),
    );
    await fake.waitFor(() => fake.message(turn.id)!.reactions);
    expect(fake.message(turn.id)!.reactions).toEqual([{ emoji: '🎉', userIds: [fake.botUser.id] }]);
    // Scored in the Balut row it is worth 20 + pips, and the select says so, and in which column.
    const afterThrow = fake.message(turn.id)!;
    const balutOption = control(afterThrow, 'write').options!.find((o) => o.label.startsWith('Balut'))!;
    expect(balutOption.label).toMatch(/^Balut \(Free 1\) — (25|30|35|40|45|50) pts$/);
    await fake.select(alice, turn.id, control(afterThrow, 'write').customId, [balutOption.value]).acked();

    // One shout in the game's thread, and the same one in the channel for the whole server: both waited for, then
    // 300 ms more for a second one, which must not come.
    await fake.waitFor(() => shouts(fake, [fake.channelId]).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shouts(fake, [thread])).toHaveLength(1);
    expect(shouts(fake, [fake.channelId])).toHaveLength(1);

    // Balut's log is its progress message: each turn's line shows there before the next turn is played.
    const progress = () => publicMessages(fake, [thread]).find((m) => (m.embeds[0]?.title ?? '').includes('progress'));
    const turns = await playToTheEnd(fake, [alice], (n) =>
      fake.waitFor(() => progress()?.embeds[0]?.description?.includes(`Alice** ${n + 1}/28 · wrote`)),
    );
    expect(turns).toBe(27);
    // Every later turn is one throw written as it fell, so each five of a kind written is one more shout.
    const fivesWritten = new Set(shownLines(publicMessages(fake)).filter((l) => FIVE_WRITTEN.test(l))).size;
    expect(fivesWritten).toBeGreaterThanOrEqual(1);
    expect(shouts(fake, [thread])).toHaveLength(fivesWritten);

    const results = resultsMessage(fake)!;
    const cards = cardsFromLog(publicMessages(fake), 'balut', ['free', 'free', 'free', 'free']);
    const [scored] = await scoreWithCalculator([cards.get('Alice')!]);
    expect(resultRows(results.embeds[0]!.description!).get('Alice')).toEqual({
      raw: scored!.rawTotal,
      bonus: scored!.incentiveTotal,
      mod: scored!.modifier,
      final: scored!.final,
    });
    expect(scored!.incentiveTotal).toBeGreaterThanOrEqual(2); // the scored Balut is worth 2
    const board = publicMessages(fake).find((m) => (m.embeds[0]?.title ?? '').includes('progress'))!;
    expect(board.embeds[0]!.description).toMatch(/Alice\*\* 28\/28 · wrote/);
    // Redrawn about once a turn (28 turns), not on every click (each turn took a throw and a write: 56+).
    expect(board.editCount).toBeGreaterThanOrEqual(27);
    expect(board.editCount).toBeLessThan(40);
    expect(fake.breaches).toEqual([]);
    expect(fake.unknownRoutes).toEqual([]);
  }, 60_000);
});
